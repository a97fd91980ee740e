import { compareProtocolVersions, isKnownProtocolVersion } from '../src/shared/protocol-version.js';
import { officialDefines, schemaVersionFor, validateOfficial } from '../src/schema/json-schema.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { jsonText } from '../src/shared/json-text.js';

const MAX_FINDINGS = 10;

const messages = {
  schema: 'Server initialize result{{where}} {{problem}} (official InitializeResult schema, protocol {{version}}).',
  unknownVersion:
    'Server negotiated protocol version "{{version}}", which is not an MCP version (the client asked for {{requested}}); it must answer with the requested version or another version it supports.',
  newerVersion:
    'Server negotiated protocol version {{version}}, newer than the {{requested}} the client asked for; a client cannot speak a version it did not offer, so the server must answer with {{requested}} or an older version it supports.',
};

export default defineRule({
  id: 'initialize-result-schema',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['server-runs'],
  summary: 'The initialize result is valid for the negotiated protocol version, and that version is one the client asked for or knows.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Initialization',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization',
    },
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Version Negotiation',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const handshake = capture.handshake;
    // A 2026-07-28 server has no initialize result: discover-result-schema judges server/discover.
    if (!handshake.ok || handshake.via === 'server/discover') return;
    const { protocolVersion: version, requestedVersion: requested } = handshake;

    let findings = 0;
    if (!isKnownProtocolVersion(version)) {
      if (version !== requested) {
        yield {
          messageId: 'unknownVersion',
          data: { version, requested },
          subject: { kind: 'server' },
          evidence: `"protocolVersion": ${jsonText(version)}`,
        };
        findings++;
      }
    } else if (isKnownProtocolVersion(requested) && compareProtocolVersions(version, requested) > 0) {
      yield {
        messageId: 'newerVersion',
        data: { version, requested },
        subject: { kind: 'server' },
        evidence: `"protocolVersion": ${jsonText(version)}`,
      };
      findings++;
    }

    // Versions without an initialize (2026-07-28 on) are judged by the newest schema that has one.
    let schemaVersion = schemaVersionFor(version);
    if (!officialDefines(schemaVersion, 'InitializeResult')) schemaVersion = schemaVersionFor(undefined);
    for (const problem of validateOfficial(schemaVersion, 'InitializeResult', handshake.raw)) {
      if (findings >= MAX_FINDINGS) return;
      findings++;
      yield {
        messageId: 'schema',
        data: { where: problem.pointer === '' ? '' : ` at ${problem.pointer}`, problem: problem.message, version: schemaVersion },
        subject: { kind: 'server' },
        key: `${problem.pointer} ${problem.message}`,
        ...(problem.pointer !== '' ? { evidence: quote(handshake.raw, problem.pointer) } : {}),
      };
    }
  },
});

/** The value at a JSON pointer, as short JSON, for evidence. */
function quote(root: unknown, pointer: string): string {
  let value: unknown = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof value !== 'object' || value === null) return pointer;
    value = (value as Record<string, unknown>)[key];
  }
  const text = jsonText(value) ?? 'undefined';
  return `${pointer}: ${clip(text, 200)}`;
}

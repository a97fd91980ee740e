import { defineRule, type Report } from '../src/engine/rule.js';
import { compareProtocolVersions, isKnownProtocolVersion } from '../src/shared/protocol-version.js';
import { lackedFeatures, versionsBetween } from './lib/protocol-features.js';

const messages = {
  older:
    'Server negotiated protocol {{negotiated}}, {{behind}} behind the {{requested}} the client asked for, so its clients go without what {{versions}} added: {{features}}. Upgrade the MCP SDK (or raise the protocol version the server offers) so it answers {{requested}}.',
};

export default defineRule({
  id: 'protocol-version-current',
  category: 'lifecycle',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'The server answers the protocol version the client asks for rather than an older one (a note when one version behind, a warning when two or more).',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/lifecycle § Version Negotiation: "If the server supports the requested protocol version, it MUST respond with the same version"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation',
    },
    {
      title: 'MCP spec — changelogs of 2025-03-26, 2025-06-18 and 2025-11-25 (what each version added)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/changelog',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const handshake = capture.handshake;
    if (!handshake.ok) return;
    const { requestedVersion: requested, protocolVersion: negotiated } = handshake;
    // A version mcplint does not know is not judged: it may be newer than every known one.
    if (!isKnownProtocolVersion(requested) || !isKnownProtocolVersion(negotiated)) return;
    if (compareProtocolVersions(negotiated, requested) >= 0) return;
    // The server chose an older version; since it must answer the requested one when it supports
    // it, it does not: an older SDK, or a version pinned in the server.
    const missed = versionsBetween(negotiated, requested);
    yield {
      messageId: 'older',
      data: {
        negotiated,
        requested,
        behind: missed.length === 1 ? 'one version' : `${missed.length} versions`,
        versions: missed.length === 1 ? missed[0] : `${missed.slice(0, -1).join(', ')} and ${missed.at(-1)}`,
        features: lackedFeatures(negotiated, requested).join(', '),
      },
      subject: { kind: 'server' },
      evidence: `"protocolVersion": "${negotiated}"`,
      // One version behind is ordinary SDK lag; two or more leave out features clients rely on.
      ...(missed.length === 1 ? { milder: true } : {}),
    };
  },
});

import { describe, expect } from 'vitest';
import type { Capture, Handshake } from '../../src/model/capture.js';
import rule from '../../rules/initialize-result-schema.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'initialize-result-schema';

function withRaw(raw: Record<string, unknown>, requestedVersion = '2025-11-25'): () => Capture {
  const handshake: Handshake = {
    ok: true,
    requestedVersion,
    protocolVersion: String(raw.protocolVersion),
    serverInfo: (raw.serverInfo as Record<string, unknown>) ?? {},
    capabilities: (raw.capabilities as Record<string, unknown>) ?? {},
    raw,
    durationMs: 5,
  };
  return () => makeCapture({ handshake });
}

const clean = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'bookstore-mcp-server', version: '1.0.0' },
};
const { serverInfo: _s, ...withoutServerInfo } = clean;
const schema = { messageId: 'schema', subject: 'server' } as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a valid initialize result', capture: () => makeCapture({ tools: [] }) },
      { name: 'accepts a valid initialize result given in full', capture: withRaw(clean) },
      {
        name: 'accepts an older version answered to a newer request, judged by its own schema',
        capture: withRaw({ ...clean, protocolVersion: '2024-11-05' }),
      },
      {
        name: 'is skipped when the handshake failed',
        capture: () =>
          makeCapture({ handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'x', durationMs: 1 } }),
        skipped: /the handshake failed/,
      },
    ],
    invalid: [
      {
        name: 'reports serverInfo without version, with pointer and evidence',
        capture: withRaw({ ...clean, serverInfo: { name: 'bookstore-mcp-server' } }),
        findings: [
          {
            ...schema,
            message:
              "Server initialize result at /serverInfo must have required property 'version' (official InitializeResult schema, protocol 2025-11-25).",
            evidence: '/serverInfo: {"name":"bookstore-mcp-server"}',
          },
        ],
      },
      {
        name: 'reports a missing serverInfo at the top level',
        capture: withRaw(withoutServerInfo),
        findings: [
          {
            ...schema,
            message:
              "Server initialize result must have required property 'serverInfo' (official InitializeResult schema, protocol 2025-11-25).",
          },
        ],
      },
      {
        name: 'reports a wrongly typed capability flag',
        capture: withRaw({ ...clean, capabilities: { tools: { listChanged: 'yes' } } }),
        findings: [
          {
            ...schema,
            message:
              'Server initialize result at /capabilities/tools/listChanged must be boolean (official InitializeResult schema, protocol 2025-11-25).',
          },
        ],
      },
      {
        name: 'gives each problem its own fingerprint and stops at 10 findings',
        capture: withRaw({
          protocolVersion: '2025-11-25',
          capabilities: { completions: 1, experimental: 2, logging: 3, prompts: 4, resources: 5, tools: 6, tasks: 7 },
          serverInfo: {},
          instructions: 5,
          _meta: 1,
        }),
        findings: Array.from({ length: 10 }, () => schema),
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(10),
      },
      {
        name: 'reports a version that is not an MCP version',
        capture: withRaw({ ...clean, protocolVersion: '1.0' }),
        findings: [{ messageId: 'unknownVersion', subject: 'server', message: /"1\.0"/, evidence: '"protocolVersion": "1.0"' }],
      },
      {
        name: 'reports a known version newer than the one requested',
        capture: withRaw({ ...clean, protocolVersion: '2025-11-25' }, '2025-06-18'),
        findings: [{ messageId: 'newerVersion', subject: 'server' }],
      },
      {
        name: 'reports a known version newer than the one requested, and validates with the newest initialize schema',
        capture: withRaw({ ...clean, protocolVersion: '2026-07-28' }),
        findings: [{ messageId: 'newerVersion', subject: 'server' }],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture, Handshake } from '../../src/model/capture.js';
import rule from '../../rules/initialize-result-schema.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'initialize-result-schema';
const run = (capture: Capture) => runRule(rule, capture);

function withRaw(raw: Record<string, unknown>, requestedVersion = '2025-11-25'): Capture {
  const handshake: Handshake = {
    ok: true,
    requestedVersion,
    protocolVersion: String(raw.protocolVersion),
    serverInfo: (raw.serverInfo as Record<string, unknown>) ?? {},
    capabilities: (raw.capabilities as Record<string, unknown>) ?? {},
    raw,
    durationMs: 5,
  };
  return makeCapture({ handshake });
}

const clean = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'bookstore-mcp-server', version: '1.0.0' },
};

describe(RULE, () => {
  it('accepts a valid initialize result', () => {
    expect(run(makeCapture({ tools: [] })).findings).toEqual([]);
    expect(run(withRaw(clean)).findings).toEqual([]);
  });

  it('accepts an older version answered to a newer request, judged by its own schema', () => {
    expect(run(withRaw({ ...clean, protocolVersion: '2024-11-05' })).findings).toEqual([]);
  });

  it('reports serverInfo without version, with pointer and evidence', () => {
    const result = run(withRaw({ ...clean, serverInfo: { name: 'bookstore-mcp-server' } }));
    expect(summary(result)).toEqual([`${RULE} schema server`]);
    expect(result.findings[0]!.message).toBe(
      "Server initialize result at /serverInfo must have required property 'version' (official InitializeResult schema, protocol 2025-11-25).",
    );
    expect(result.findings[0]!.evidence).toBe('/serverInfo: {"name":"bookstore-mcp-server"}');
  });

  it('reports a missing serverInfo at the top level', () => {
    const { serverInfo: _s, ...raw } = clean;
    const result = run(withRaw(raw));
    expect(result.findings.map((f) => f.message)).toEqual([
      "Server initialize result must have required property 'serverInfo' (official InitializeResult schema, protocol 2025-11-25).",
    ]);
  });

  it('reports a wrongly typed capability flag', () => {
    const result = run(withRaw({ ...clean, capabilities: { tools: { listChanged: 'yes' } } }));
    expect(result.findings.map((f) => f.message)).toEqual([
      'Server initialize result at /capabilities/tools/listChanged must be boolean (official InitializeResult schema, protocol 2025-11-25).',
    ]);
  });

  it('gives each problem its own fingerprint and stops at 10 findings', () => {
    const caps = { completions: 1, experimental: 2, logging: 3, prompts: 4, resources: 5, tools: 6, tasks: 7 };
    const result = run(withRaw({ protocolVersion: '2025-11-25', capabilities: caps, serverInfo: {}, instructions: 5, _meta: 1 }));
    expect(result.findings).toHaveLength(10);
    expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(10);
  });

  it('reports a version that is not an MCP version', () => {
    const result = run(withRaw({ ...clean, protocolVersion: '1.0' }));
    expect(summary(result)).toEqual([`${RULE} unknownVersion server`]);
    expect(result.findings[0]!.message).toContain('"1.0"');
    expect(result.findings[0]!.evidence).toBe('"protocolVersion": "1.0"');
  });

  it('reports a known version newer than the one requested, and validates with the newest initialize schema', () => {
    const result = run(withRaw({ ...clean, protocolVersion: '2025-11-25' }, '2025-06-18'));
    expect(summary(result)).toEqual([`${RULE} newerVersion server`]);
    const modern = run(withRaw({ ...clean, protocolVersion: '2026-07-28' }));
    expect(summary(modern)).toEqual([`${RULE} newerVersion server`]);
  });

  it('is skipped when the handshake failed', () => {
    const capture = makeCapture({
      handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'x', durationMs: 1 },
    });
    expect(run(capture).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

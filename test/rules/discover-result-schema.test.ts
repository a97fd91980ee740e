import { describe, expect, it } from 'vitest';
import type { Capture, Handshake } from '../../src/model/capture.js';
import rule from '../../rules/discover-result-schema.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'discover-result-schema';
const run = (capture: Capture) => runRule(rule, capture);
const discovered = (raw: Record<string, unknown>): Handshake => ({
  ok: true,
  requestedVersion: '2026-07-28',
  protocolVersion: '2026-07-28',
  serverInfo: {},
  capabilities: { tools: {} },
  raw,
  durationMs: 1,
  via: 'server/discover',
});
const good = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 60000, cacheScope: 'public' };

describe(RULE, () => {
  it('accepts a valid DiscoverResult', () => {
    expect(run(makeCapture({ handshake: discovered(good) })).findings).toEqual([]);
  });

  it('reports schema problems', () => {
    const result = run(makeCapture({ handshake: discovered({ ...good, cacheScope: 'shared', ttlMs: undefined }) }));
    expect(summary(result).length).toBeGreaterThanOrEqual(2);
    expect(result.findings.map((f) => f.message).join('\n')).toContain('cacheScope');
  });

  it('ignores handshakes made with initialize', () => {
    const capture: Capture = makeCapture({ protocolVersion: '2026-07-28' });
    expect(run(capture).findings).toEqual([]);
  });
});

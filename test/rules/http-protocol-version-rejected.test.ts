import { describe, expect, it } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-protocol-version-rejected.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';
import { MODERN_HANDSHAKE } from '../helpers/http-capture.js';

const RULE = 'http-protocol-version-rejected';
const run = (capture: Capture) => runRule(rule, capture);
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-protocol-version': { id: 'http-protocol-version', status: 'ran', data: { exchange: 4, bodyBytes: 0, sent: '1900-01-01', ...data } },
});
const modern = MODERN_HANDSHAKE;

describe(RULE, () => {
  it('accepts 400', () => {
    expect(run(makeCapture({ transport: 'http', probes: probe({ status: 400 }) })).findings).toEqual([]);
  });

  it('reports a server that serves the request anyway', () => {
    const result = run(makeCapture({ transport: 'http', probes: probe({ status: 200 }) }));
    expect(summary(result)).toEqual([`${RULE} accepted transport`]);
    expect(result.findings[0]!.message).toContain('1900-01-01');
  });

  it('is skipped for servers on 2025-03-26, before the header existed', () => {
    const result = run(makeCapture({ transport: 'http', protocolVersion: '2025-03-26', probes: probe({ status: 200 }) }));
    expect(result.findings).toEqual([]);
    expect(result.skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });

  it('wants -32022 from a 2026-07-28 server', () => {
    expect(summary(run(makeCapture({ transport: 'http', handshake: modern, probes: probe({ status: 400, errorCode: -32000 }) })))).toEqual([
      `${RULE} modernCode transport`,
    ]);
    expect(run(makeCapture({ transport: 'http', handshake: modern, probes: probe({ status: 400, errorCode: -32022 }) })).findings).toEqual(
      [],
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-session-not-found.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-session-not-found';
const run = (capture: Capture) => runRule(rule, capture);
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-session': { id: 'http-session', status: 'ran', data: { exchange: 9, bodyBytes: 0, ...data } },
});

describe(RULE, () => {
  it('accepts 404', () => {
    expect(
      run(makeCapture({ transport: 'http', probes: probe({ status: 404, variant: 'terminated', deleteStatus: 200 }) })).findings,
    ).toEqual([]);
  });

  it('reports a terminated session that is not 404', () => {
    const result = run(makeCapture({ transport: 'http', probes: probe({ status: 400, variant: 'terminated', deleteStatus: 200 }) }));
    expect(summary(result)).toEqual([`${RULE} terminated transport`]);
    expect(result.findings[0]!.message).toContain('DELETE answered 200');
  });

  it('reports an unknown session id that is served', () => {
    expect(summary(run(makeCapture({ transport: 'http', probes: probe({ status: 200, variant: 'unknown' }) })))).toEqual([
      `${RULE} unknown transport`,
    ]);
  });

  it('is skipped for a server without sessions', () => {
    const result = run(
      makeCapture({
        transport: 'http',
        probes: { 'http-session': { id: 'http-session', status: 'skipped', reason: 'the server issued no MCP-Session-Id' } },
      }),
    );
    expect(result.skipped[0]!.reason).toContain('no MCP-Session-Id');
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture, ProbeRecord } from '../../src/model/capture.js';
import rule from '../../rules/http-notification-accepted.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-notification-accepted';
const run = (capture: Capture) => runRule(rule, capture);
const probe = (data: Record<string, unknown>): Record<string, ProbeRecord> => ({
  'http-notification': {
    id: 'http-notification',
    status: 'ran',
    data: { exchange: 1, bodyBytes: 0, method: 'notifications/initialized', ...data },
  },
});

describe(RULE, () => {
  it('accepts 202 with no body', () => {
    expect(run(makeCapture({ transport: 'http', probes: probe({ status: 202 }) })).findings).toEqual([]);
  });

  it('reports a 200 answer', () => {
    expect(summary(run(makeCapture({ transport: 'http', probes: probe({ status: 200, bodyBytes: 11 }) })))).toEqual([
      `${RULE} wrongStatus transport`,
    ]);
  });

  it('reports a 202 with a body', () => {
    expect(summary(run(makeCapture({ transport: 'http', probes: probe({ status: 202, bodyBytes: 8 }) })))).toEqual([
      `${RULE} body transport`,
    ]);
  });

  it('allows refusing with an error status', () => {
    expect(run(makeCapture({ transport: 'http', probes: probe({ status: 400 }) })).findings).toEqual([]);
  });

  it('is skipped over stdio and when the probe did not run', () => {
    expect(run(makeCapture({ probes: probe({ status: 200 }) })).skipped.map((s) => s.reason)).toEqual(['the transport is stdio, not HTTP']);
    const skipped = run(
      makeCapture({ transport: 'http', probes: { 'http-notification': { id: 'http-notification', status: 'skipped', reason: 'modern' } } }),
    );
    expect(skipped.skipped[0]!.reason).toContain('modern');
  });
});

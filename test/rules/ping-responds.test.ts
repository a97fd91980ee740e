import { describe, expect, it } from 'vitest';
import rule from '../../rules/ping-responds.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { call, closed, error, ran, result, runRule, timeout } from '../helpers/probes.js';

const RULE = 'ping-responds';
const lint = (...answers: Parameters<typeof call>[2][]) =>
  summary(
    runRule(
      rule,
      makeCapture({
        probes: ran(
          'ping',
          answers.map((a) => call('ping', undefined, a)),
        ),
      }),
    ),
  );

describe(RULE, () => {
  it('accepts {} and a result with only _meta', () => {
    expect(lint(result({}))).toEqual([]);
    expect(lint(result({ _meta: { trace: 'x' } }))).toEqual([]);
  });

  it('reports a non-empty result, an error, and no answer', () => {
    expect(lint(result({ pong: true }))).toEqual([`${RULE} notEmpty server`]);
    expect(lint(error(-32601, 'Method not found'))).toEqual([`${RULE} errorResponse server`]);
    expect(lint(timeout())).toEqual([`${RULE} noAnswer server`]);
    expect(lint(closed())).toEqual([`${RULE} noAnswer server`]);
  });

  it('is skipped when the probe did not run', () => {
    const res = runRule(
      rule,
      makeCapture({ probes: { ping: { id: 'ping', status: 'skipped', reason: 'protocol probes are turned off' } } }),
    );
    expect(res.skipped).toEqual([{ ruleId: RULE, applicable: true, reason: 'probe ping was skipped: protocol probes are turned off' }]);
  });

  it('does not apply when the probe says so (an era without ping), as recorded by the planner', () => {
    const record = {
      id: 'ping',
      status: 'skipped' as const,
      reason: 'ping was removed in protocol 2026-07-28',
      applicable: false as const,
    };
    const res = runRule(rule, makeCapture({ probes: { ping: record } }));
    expect(res.skipped).toEqual([
      { ruleId: RULE, applicable: false, reason: 'probe ping was skipped: ping was removed in protocol 2026-07-28' },
    ]);
  });
});

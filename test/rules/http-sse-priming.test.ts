import { describe, expect, it } from 'vitest';
import type { HttpBody } from '../../src/model/capture.js';
import rule from '../../rules/http-sse-priming.js';
import { summary } from '../helpers/capture.js';
import { httpCapture, postExchange } from '../helpers/http-exchanges.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-sse-priming';
const stream = (body: Partial<HttpBody>): HttpBody => ({ kind: 'sse', bytes: 100, events: 2, ...body });
const primed = stream({ eventIds: ['s1-0', 's1-1'], firstEvent: { id: true, empty: true } });

describe(RULE, () => {
  it('accepts primed streams, JSON answers, and streams without event ids (not resumable)', () => {
    expect(
      runRule(rule, httpCapture([postExchange(0, 'initialize', { kind: 'json', bytes: 50 }), postExchange(1, 'tools/list', primed)]))
        .findings,
    ).toEqual([]);
    const plain = stream({ firstEvent: { id: false, empty: false } });
    expect(runRule(rule, httpCapture([postExchange(0, 'tools/list', plain), postExchange(1, 'ping', plain)])).findings).toEqual([]);
  });

  it('does not judge streams whose first event was not recorded (a capture saved before mcplint recorded it)', () => {
    const unrecorded = stream({ eventIds: ['s2-1'] });
    expect(runRule(rule, httpCapture([postExchange(0, 'tools/list', unrecorded), postExchange(1, 'ping', unrecorded)])).findings).toEqual(
      [],
    );
  });

  it('reports a resumable server whose stream opens with a message, or with an id-less event, once', () => {
    for (const firstEvent of [
      { id: true, empty: false },
      { id: false, empty: true },
    ]) {
      const unprimed = stream({ eventIds: ['s2-1'], firstEvent });
      const result = runRule(
        rule,
        httpCapture([postExchange(0, 'tools/list', primed), postExchange(1, 'ping', unprimed), postExchange(2, 'ping', unprimed)]),
      );
      expect(summary(result)).toEqual([`${RULE} notPrimed transport`]);
      expect(result.findings[0]!.message).toContain('ping');
    }
  });

  it('applies to 2025-11-25 only', () => {
    const unprimed = stream({ eventIds: ['1'], firstEvent: { id: true, empty: false } });
    for (const version of ['2025-06-18', '2026-07-28'])
      expect(runRule(rule, httpCapture([postExchange(0, 'ping', unprimed)], [], version)).findings, version).toEqual([]);
  });
});

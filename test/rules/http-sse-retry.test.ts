import { describe, expect, it } from 'vitest';
import type { HttpBody } from '../../src/model/capture.js';
import rule from '../../rules/http-sse-retry.js';
import { summary } from '../helpers/capture.js';
import { httpCapture, postExchange, responseFrame } from '../helpers/http-exchanges.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-sse-retry';
const stream = (body: Partial<HttpBody>): HttpBody => ({
  kind: 'sse',
  bytes: 100,
  events: 1,
  eventIds: ['s1-0'],
  firstEvent: { id: true, empty: true },
  ...body,
});

describe(RULE, () => {
  it('accepts a stream that answered, one closed early with retry, one mcplint cut, and one without ids', () => {
    const answered = postExchange(0, 'tools/list', stream({ events: 2, frames: [0] }));
    const withRetry = postExchange(1, 'ping', stream({ retry: 500 }));
    const cut = postExchange(2, 'ping', stream({ truncated: true }));
    const noIds = postExchange(3, 'ping', { kind: 'sse', bytes: 10, events: 1 });
    expect(runRule(rule, httpCapture([answered, withRetry, cut, noIds], [responseFrame(0, 1)])).findings).toEqual([]);
  });

  it('reports a stream closed after an event with an id, before the answer, without retry', () => {
    const result = runRule(rule, httpCapture([postExchange(0, 'ping', stream({}))]));
    expect(summary(result)).toEqual([`${RULE} noRetry transport`]);
    expect(result.findings[0]!.message).toContain('ping');
  });
});

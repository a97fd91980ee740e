import { describe, expect, it } from 'vitest';
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import rule from '../../rules/http-content-type.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { postExchange } from '../helpers/http-capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-content-type';
const run = (capture: Capture) => runRule(rule, capture);
const exchange = (seq: number, rpcMethod: string, contentType: string | undefined, extra: Partial<HttpExchange> = {}): HttpExchange =>
  postExchange(seq, rpcMethod, { ...(contentType ? { contentType } : {}), body: { kind: 'json', bytes: 20 }, ...extra });
const withExchanges = (exchanges: HttpExchange[], transport: Capture['transport'] = 'http'): Capture => ({
  ...makeCapture({ transport }),
  exchanges,
});

describe(RULE, () => {
  it('accepts JSON and event streams', () => {
    expect(
      run(withExchanges([exchange(0, 'initialize', 'text/event-stream'), exchange(1, 'tools/list', 'application/json')])).findings,
    ).toEqual([]);
  });

  it('reports a wrong media type once, naming the requests', () => {
    const result = run(
      withExchanges([
        exchange(0, 'initialize', 'text/plain'),
        exchange(1, 'tools/list', 'text/plain'),
        exchange(2, 'prompts/list', 'application/json'),
      ]),
    );
    expect(summary(result)).toEqual([`${RULE} wrongType transport`]);
    expect(result.findings[0]!.message).toContain('2 requests (initialize, tools/list)');
  });

  it('reports a JSON content type with a body that is not JSON', () => {
    expect(
      summary(run(withExchanges([exchange(0, 'tools/list', 'application/json', { body: { kind: 'text', bytes: 5, text: 'oops!' } })]))),
    ).toEqual([`${RULE} notJson transport`]);
  });

  it('ignores notifications, 202s and error statuses, and the legacy SSE transport', () => {
    expect(
      run(
        withExchanges([
          exchange(0, 'notifications/initialized', 'text/plain', { rpcKind: 'notification' }),
          exchange(1, 'ping', 'text/html', { status: 404 }),
          exchange(2, 'tools/list', undefined, { status: 202 }),
        ]),
      ).findings,
    ).toEqual([]);
    expect(run(withExchanges([exchange(0, 'tools/list', 'text/plain')], 'sse')).findings).toEqual([]);
  });
});

import { describe } from 'vitest';
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import rule from '../../rules/http-content-type.js';
import { makeCapture } from '../helpers/capture.js';
import { postExchange } from '../helpers/http-capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-content-type';
const exchange = (seq: number, rpcMethod: string, contentType: string | undefined, extra: Partial<HttpExchange> = {}): HttpExchange =>
  postExchange(seq, rpcMethod, { ...(contentType ? { contentType } : {}), body: { kind: 'json', bytes: 20 }, ...extra });
const withExchanges =
  (exchanges: HttpExchange[], transport: Capture['transport'] = 'http') =>
  (): Capture => ({ ...makeCapture({ transport }), exchanges });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts JSON and event streams',
        capture: withExchanges([exchange(0, 'initialize', 'text/event-stream'), exchange(1, 'tools/list', 'application/json')]),
      },
      {
        name: 'ignores notifications, 202s and error statuses',
        capture: withExchanges([
          exchange(0, 'notifications/initialized', 'text/plain', { rpcKind: 'notification' }),
          exchange(1, 'ping', 'text/html', { status: 404 }),
          exchange(2, 'tools/list', undefined, { status: 202 }),
        ]),
      },
      { name: 'ignores the legacy SSE transport', capture: withExchanges([exchange(0, 'tools/list', 'text/plain')], 'sse') },
    ],
    invalid: [
      {
        name: 'reports a wrong media type once, naming the requests',
        capture: withExchanges([
          exchange(0, 'initialize', 'text/plain'),
          exchange(1, 'tools/list', 'text/plain'),
          exchange(2, 'prompts/list', 'application/json'),
        ]),
        findings: [{ messageId: 'wrongType', subject: 'transport', message: /2 requests \(initialize, tools\/list\)/ }],
      },
      {
        name: 'reports a JSON content type with a body that is not JSON',
        capture: withExchanges([exchange(0, 'tools/list', 'application/json', { body: { kind: 'text', bytes: 5, text: 'oops!' } })]),
        findings: [{ messageId: 'notJson', subject: 'transport' }],
      },
    ],
  });
});

import { describe, expect } from 'vitest';
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import rule from '../../rules/http-cross-origin.js';
import { makeCapture } from '../helpers/capture.js';
import { postExchange } from '../helpers/http-capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'http-cross-origin';
const exchange = (seq: number, rpcMethod: string, extra: Partial<HttpExchange> = {}): HttpExchange =>
  postExchange(seq, rpcMethod, { userHeaders: ['authorization'], ...extra });
const withExchanges = (exchanges: HttpExchange[]) => (): Capture => ({ ...makeCapture({ transport: 'http' }), exchanges });
const away = { crossOrigin: { origin: 'http://evil.example:8080', via: 'redirect' as const }, status: 307 };

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts a server that stays on its origin',
        capture: withExchanges([exchange(0, 'initialize'), exchange(1, 'tools/list', { status: 307 })]),
        assert: (result) => expect(result.ran).toEqual([RULE]),
      },
      { name: 'does not apply to stdio', capture: () => makeCapture({ transport: 'stdio' }), skipped: /the transport is stdio, not HTTP/ },
    ],
    invalid: [
      {
        name: 'reports each foreign origin once, naming the requests sent there',
        capture: withExchanges([exchange(0, 'initialize'), exchange(1, 'tools/list', away), exchange(2, 'prompts/list', away)]),
        findings: [
          {
            messageId: 'redirect',
            subject: 'transport',
            message: /POST tools\/list, POST prompts\/list to another origin, http:\/\/evil\.example:8080/,
          },
        ],
      },
      {
        name: 'reports a legacy SSE endpoint on another origin',
        capture: withExchanges([
          exchange(0, 'initialize', { crossOrigin: { origin: 'https://other.example', via: 'sse-endpoint' }, error: 'not sent' }),
        ]),
        findings: [{ messageId: 'sseEndpoint', subject: 'transport' }],
      },
    ],
  });
});

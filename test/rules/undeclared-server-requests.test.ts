import { describe } from 'vitest';
import rule from '../../rules/undeclared-server-requests.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'undeclared-server-requests';
const recv = (message: unknown, seq: number): Frame =>
  ({ kind: 'message', dir: 'recv', message, seq, at: 0, phase: 'listing', bytes: 10 }) as Frame;
const undeclared = { messageId: 'undeclared', subject: 'server' } as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'in the 2026-07-28 era: leaves every server request to no-server-requests',
        capture: makeCapture({
          frames: [recv({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: {} }, 0)],
          protocolVersion: '2026-07-28',
        }),
      },
    ],
    invalid: [
      {
        name: 'reports sampling, roots and elicitation requests and unknown server requests; ping is fine',
        capture: makeCapture({
          frames: [
            recv({ jsonrpc: '2.0', id: 1, method: 'ping' }, 0),
            recv({ jsonrpc: '2.0', id: 2, method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } }, 1),
            recv({ jsonrpc: '2.0', id: 3, method: 'roots/list' }, 2),
            recv({ jsonrpc: '2.0', id: 4, method: 'elicitation/create', params: {} }, 3),
            recv({ jsonrpc: '2.0', id: 5, method: 'acme/whoami' }, 4),
            recv({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, 5),
          ],
        }),
        findings: [
          { ...undeclared, message: /"sampling" capability/ },
          undeclared,
          undeclared,
          { messageId: 'unknownMethod', subject: 'server' },
        ],
      },
      {
        name: 'reports at most three requests per method',
        capture: makeCapture({ frames: Array.from({ length: 6 }, (_, i) => recv({ jsonrpc: '2.0', id: i, method: 'roots/list' }, i)) }),
        findings: [undeclared, undeclared, undeclared],
      },
    ],
  });
});

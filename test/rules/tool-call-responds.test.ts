import { describe } from 'vitest';
import rule from '../../rules/tool-call-responds.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { closed, error, ran, text, timeout, toolCall } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-call-responds';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'is skipped when no valid call could be made',
        capture: makeCapture({
          tools: cleanTools(),
          probes: { 'valid-calls': { id: 'valid-calls', status: 'skipped', reason: 'no tool can be called with valid arguments' } },
        }),
        skipped: /^probe valid-calls was skipped: no tool can be called with valid arguments$/,
      },
    ],
    invalid: [
      {
        name: 'reports valid calls that hang or crash the server, and exits right after an answer',
        capture: makeCapture({
          tools: cleanTools(),
          probes: {
            ...ran('valid-calls', [
              toolCall('bookstore_get_book', {}, timeout(1000)),
              toolCall('bookstore_search_books', { query: 'x' }, text('ok'), { exitedAfter: true }),
              toolCall('bookstore_get_stats', {}, error(-32603, 'boom')),
            ]),
            ...ran('pagination', [toolCall('bookstore_list_books', { limit: 1 }, closed())]),
          },
        }),
        findings: [
          { messageId: 'noAnswer', subject: 'tool:bookstore_get_book', message: /got no answer within 1000 ms/ },
          { messageId: 'noAnswer', subject: 'tool:bookstore_list_books' },
          { messageId: 'exitedAfter', subject: 'tool:bookstore_search_books' },
        ],
      },
      {
        name: 'over HTTP, a server gone after an answer is unreachable, not exited',
        capture: makeCapture({
          tools: cleanTools(),
          probes: ran('valid-calls', [toolCall('bookstore_search_books', { query: 'x' }, text('ok'), { exitedAfter: true })]),
          transport: 'http',
        }),
        findings: [
          {
            messageId: 'unreachableAfter',
            subject: 'tool:bookstore_search_books',
            message: /left the server unreachable right after answering/,
          },
        ],
      },
    ],
  });
});

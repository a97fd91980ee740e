import { describe } from 'vitest';
import rule from '../../rules/invalid-arguments-rejected.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { closed, error, ran, text, timeout, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer, ProbeCall } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'invalid-arguments-rejected';
const missing = (answer: ProbeAnswer, extra = {}) =>
  toolCall('bookstore_get_book', {}, answer, { purpose: 'missing-required', detail: { property: 'book_id' }, ...extra });
const probed =
  (...calls: ProbeCall[]) =>
  () =>
    makeCapture({ tools: cleanTools(), probes: ran('invalid-arguments', calls) });
const AT = 'tool:bookstore_get_book#/inputSchema';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: "accepts an isError result and a JSON-RPC error (that one is tool-errors-are-results' business)",
        capture: probed(missing(text('Error: "book_id" is required', true)), missing(error(-32602, 'Invalid params'))),
      },
    ],
    invalid: [
      {
        name: 'reports a success',
        capture: probed(missing(text('{"id":"bk_1","title":"x"}'))),
        findings: [{ messageId: 'accepted', subject: AT }],
      },
      {
        name: 'reports a success, telling error text as success apart',
        capture: probed(missing(text('Error: book_id is required'))),
        findings: [{ messageId: 'errorAsSuccess', subject: AT, message: /the required "book_id" left out/ }],
      },
      {
        name: 'reports a wrong-type call in its own words',
        capture: probed(
          toolCall('bookstore_search_books', { limit: 'not-a-number' }, text('ok'), {
            purpose: 'wrong-type',
            detail: { property: 'limit', expected: 'integer' },
          }),
        ),
        findings: [
          {
            messageId: 'accepted',
            subject: 'tool:bookstore_search_books#/inputSchema',
            message: /"limit" of the wrong type \(an integer was expected\)/,
          },
        ],
      },
      { name: 'reports a hang', capture: probed(missing(timeout())), findings: [{ messageId: 'noAnswer', subject: AT }] },
      {
        name: 'reports a crash',
        capture: probed(missing(closed(true, 1))),
        findings: [{ messageId: 'noAnswer', subject: AT, message: /made the server exit with exit code 1 \(mcplint started it again/ }],
      },
      {
        name: 'reports an exit right after the answer',
        capture: probed(missing(text('Error: "book_id" is required', true), { exitedAfter: true })),
        findings: [{ messageId: 'noAnswer', subject: AT }],
      },
    ],
  });
});

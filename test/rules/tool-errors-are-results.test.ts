import { describe } from 'vitest';
import rule from '../../rules/tool-errors-are-results.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { error, ran, text, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-errors-are-results';
const invalidCall = (answer: ProbeAnswer) =>
  toolCall('bookstore_get_book', {}, answer, { purpose: 'missing-required', detail: { property: 'book_id' } });
/** The answer to a call with invalid arguments. */
const invalidArguments =
  (answer: ProbeAnswer, protocolVersion = '2025-11-25') =>
  () =>
    makeCapture({ protocolVersion, tools: cleanTools(), probes: ran('invalid-arguments', [invalidCall(answer)]) });
/** The answer to a valid call (and no invalid-arguments call). */
const validCall = (answer: ProbeAnswer, protocolVersion?: string) => () =>
  makeCapture({
    ...(protocolVersion ? { protocolVersion } : {}),
    tools: cleanTools(),
    probes: {
      ...ran('invalid-arguments', []),
      ...ran('valid-calls', [toolCall('bookstore_get_book', { book_id: 'bk_1' }, answer, { purpose: 'valid' })]),
    },
  });
const at = (messageId: keyof typeof rule.messages) => [{ messageId, subject: 'tool:bookstore_get_book' }];

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts an isError result that says what is wrong', capture: invalidArguments(text('Error: "book_id" is required', true)) },
      {
        name: 'accepts an isError result that says what is wrong, in the SDK validation wording',
        capture: invalidArguments(
          text('MCP error -32602: Input validation error: Invalid input: expected string, received undefined at book_id', true),
        ),
      },
      {
        name: 'accepts a JSON-RPC error for invalid arguments before protocol 2025-11-25',
        capture: invalidArguments(error(-32602, 'Invalid params'), '2025-06-18'),
      },
      {
        name: 'accepts an isError answer to a valid call that explains',
        capture: validCall(text('The catalogue is offline; try again in a minute.', true)),
      },
    ],
    invalid: [
      {
        name: 'reports a JSON-RPC error for invalid arguments from protocol 2025-11-25 on',
        capture: invalidArguments(error(-32602, 'Invalid params')),
        findings: at('invalidAsProtocolError'),
      },
      {
        name: 'reports an isError result that does not say what is wrong',
        capture: invalidArguments(text('Something went wrong.', true)),
        findings: at('notActionable'),
      },
      { name: 'reports an isError result with no text', capture: invalidArguments(text('', true)), findings: at('notActionable') },
      {
        name: 'reports a JSON-RPC error answering a valid call, in every version',
        capture: validCall(error(-32603, 'Internal error'), '2025-03-26'),
        findings: at('failureAsProtocolError'),
      },
      {
        name: 'reports an isError answer to a valid call that carries no text',
        capture: validCall(text('', true)),
        findings: at('silentFailure'),
      },
    ],
  });
});

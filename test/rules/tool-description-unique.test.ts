import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-description-unique.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-description-unique';
const tool = (name: string, description: unknown) => ({ ...cleanTools()[1], name, description });

const capture =
  (...tools: ReturnType<typeof tool>[]) =>
  () =>
    makeCapture({ tools });
const sameAsA = (name: string) =>
  `Tool "${name}" has the same description as tool "bookstore_a", so the model cannot tell them apart; describe what this tool does differently and when to use it instead.`;
const SEARCH = 'Search the bookstore catalogue. Returns matching books.';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'accepts descriptions that differ in any word',
        capture: capture(tool('bookstore_a', 'Returns the book record.'), tool('bookstore_b', 'Returns the author record.')),
      },
      {
        name: 'ignores missing and blank descriptions (tool-description-present reports them)',
        capture: capture(tool('bookstore_a', undefined), tool('bookstore_b', undefined), tool('bookstore_c', ' '), tool('bookstore_d', '')),
      },
      {
        name: 'leaves repeated tool names to tool-name-unique',
        capture: capture(tool('bookstore_a', 'Returns the book record.'), tool('bookstore_a', 'Returns the book record.')),
      },
    ],
    invalid: [
      {
        name: 'reports every tool after the first that shares a description, naming the first',
        capture: capture(
          tool('bookstore_a', SEARCH),
          tool('bookstore_b', 'Something else entirely, returns a number.'),
          tool('bookstore_c', SEARCH),
          tool('bookstore_d', SEARCH),
        ),
        findings: [
          { messageId: 'duplicate', subject: 'tool:bookstore_c#/description', message: sameAsA('bookstore_c') },
          { messageId: 'duplicate', subject: 'tool:bookstore_d#/description', message: sameAsA('bookstore_d') },
        ],
      },
      {
        name: 'compares trimmed, whitespace-collapsed and case-insensitive',
        capture: capture(tool('bookstore_a', 'Returns the  Book record.'), tool('bookstore_b', '  returns the book\nrecord. ')),
        findings: [{ messageId: 'duplicate', subject: 'tool:bookstore_b#/description' }],
      },
    ],
  });
});

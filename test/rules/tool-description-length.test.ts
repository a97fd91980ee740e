import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-description-length.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-description-length';
const withDescription = (description: unknown) => () =>
  makeCapture({ tools: cleanTools().map((t, i) => (i === 1 ? { ...t, description } : t)) });
const clean = () => makeCapture({ tools: cleanTools() });
const at = (messageId: 'tooShort' | 'tooLong', tool = 'bookstore_get_book') => ({ messageId, subject: `tool:${tool}#/description` });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: clean },
      { name: 'accepts exactly the minimum', capture: withDescription('x'.repeat(40)) },
      { name: 'accepts exactly the maximum', capture: withDescription('x'.repeat(2000)) },
      {
        name: 'honours the minLength option: 0 accepts a short description',
        capture: withDescription('Short.'),
        options: { minLength: 0 },
      },
      { name: 'leaves a missing description to tool-description-present', capture: withDescription(undefined) },
      { name: 'leaves a blank description to tool-description-present', capture: withDescription('   ') },
      { name: 'leaves a description of the wrong type to tool-description-present', capture: withDescription(7) },
    ],
    invalid: [
      {
        name: 'reports a description shorter than 40 characters, with its length',
        capture: withDescription("Returns one book's full record by id."),
        findings: [
          {
            ...at('tooShort'),
            message:
              'Tool "bookstore_get_book" has a description of only 37 characters (minimum 40); say what the tool does, when to use it and what it returns.',
            evidence: "Returns one book's full record by id.",
          },
        ],
      },
      {
        name: 'reports a description longer than 2000 characters, without quoting it',
        capture: withDescription('Returns a book. '.repeat(200)),
        findings: [{ ...at('tooLong'), message: /has a description of 3199 characters \(maximum 2000\)/, evidence: null }],
      },
      { name: 'ignores surrounding whitespace', capture: withDescription(`   ${'x'.repeat(39)}   \n`), findings: [at('tooShort')] },
      { name: 'counts code points, not UTF-16 units', capture: withDescription('📚'.repeat(39)), findings: [at('tooShort')] },
      {
        name: 'honours the minLength option',
        capture: clean,
        options: { minLength: 200 },
        findings: [at('tooShort', 'bookstore_add_review'), at('tooShort', 'bookstore_get_book')],
      },
      {
        name: 'honours the maxLength option',
        capture: clean,
        options: { maxLength: 200 },
        findings: [at('tooLong', 'bookstore_search_books')],
      },
    ],
  });
});

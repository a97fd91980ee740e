import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-name-snake-case.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester, type InvalidCase } from '../helpers/rule-tester.js';

const RULE = 'tool-name-snake-case';
type Id = 'notSnakeCase' | 'notSnakeCaseNoSuggestion' | 'serverNotSnakeCase';
const withNames =
  (...names: string[]) =>
  (protocolVersion?: string) =>
  () =>
    makeCapture({
      tools: [...cleanTools(), ...names.map((name) => ({ ...cleanTools()[1], name }))],
      ...(protocolVersion ? { protocolVersion } : {}),
    });
const at = (messageId: Id, name: string) => ({ messageId, subject: `tool:${name}` });
const KEBAB = ['aggregate-db', 'list-collections', 'find-documents', 'insert-many'];

const suggested = [
  ['BookstoreGetBook', 'bookstore_get_book'],
  ['bookstore-get-book', 'bookstore_get_book'],
  ['bookstore.get.book', 'bookstore_get_book'],
  ['BOOKSTORE_GET_BOOK', 'bookstore_get_book'],
  ['bookstore__get_book', 'bookstore_get_book'],
  ['bookstore_get_book_', 'bookstore_get_book'],
  ['_bookstore_get_book', 'bookstore_get_book'],
  ['getBookByISBN', 'get_book_by_isbn'],
].map(
  ([name, suggestion]): InvalidCase<Id> => ({
    name: `reports ${name} (suggests ${suggestion})`,
    capture: withNames(name!)(),
    findings: [{ ...at('notSnakeCase', name!), message: new RegExp(`"${suggestion}"`) }],
  }),
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools and snake_case with digits', capture: withNames('bookstore_get_v2', 'x', 'a1_b2')() },
      { name: 'leaves spec-invalid names to tool-name-format', capture: withNames('Bad Name', 'a/b', '', 'a'.repeat(129))() },
    ],
    invalid: [
      {
        name: 'reports camelCase and suggests the snake_case spelling',
        capture: withNames('bookstoreAddReview')(),
        findings: [
          {
            ...at('notSnakeCase', 'bookstoreAddReview'),
            message: 'Tool "bookstoreAddReview" is not snake_case; rename it to "bookstore_add_review".',
          },
        ],
      },
      ...suggested,
      {
        name: 'reports a name starting with a digit without a suggestion',
        capture: withNames('2fa_verify')(),
        findings: [at('notSnakeCaseNoSuggestion', '2fa_verify')],
      },
      {
        name: 'reports spec-invalid names itself before 2025-11-25, when tool-name-format does not run',
        capture: withNames('Bad Name')('2025-06-18'),
        findings: [at('notSnakeCase', 'Bad Name')],
      },
      { name: 'reports a duplicated name once', capture: withNames('getBook', 'getBook')(), findings: [at('notSnakeCase', 'getBook')] },
      {
        name: 'reports once for the server when most tools share another style (kebab-case throughout)',
        capture: () => makeCapture({ tools: KEBAB.map((name) => ({ ...cleanTools()[1], name })) }),
        findings: [
          {
            messageId: 'serverNotSnakeCase',
            subject: 'server',
            message:
              '4 of 4 tools are not snake_case (the server names its tools in kebab-case); rename them in snake_case, e.g. "aggregate-db" → "aggregate_db".',
            evidence: KEBAB.join('\n'),
          },
        ],
      },
      {
        name: "reports per tool the minority that deviates from the server's snake_case",
        capture: withNames('bookstoreAddReview', 'bookstore_list_books')(),
        findings: [at('notSnakeCase', 'bookstoreAddReview')],
      },
    ],
  });
});

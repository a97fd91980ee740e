import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-name-portable.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-name-portable';
const withNames =
  (...names: string[]) =>
  (protocolVersion?: string) =>
  () =>
    makeCapture({
      tools: [...cleanTools(), ...names.map((name) => ({ ...cleanTools()[1], name }))],
      ...(protocolVersion ? { protocolVersion } : {}),
    });
const at = (messageId: 'invalidChars' | 'tooLong', name: string) => ({ messageId, subject: `tool:${name}` });
const LONG_NAME = 'bookstore_add_customer_review_with_star_rating_and_review_text_to_book';
const LONG_DOTTED = 'a.'.repeat(40);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools, hyphens and 64 characters', capture: withNames('get-user', 'GetUser', 'a'.repeat(64))() },
      { name: 'leaves spec-invalid names to tool-name-format', capture: withNames('a b', 'a/b', '', 'c'.repeat(129), 'd.'.repeat(65))() },
    ],
    invalid: [
      {
        name: 'reports a spec-valid name longer than 64 characters',
        capture: withNames(LONG_NAME)(),
        findings: [{ ...at('tooLong', LONG_NAME), message: /has a name of 70 characters/ }],
      },
      {
        name: 'reports a dot, with a suggestion',
        capture: withNames('admin.tools.list')(),
        findings: [
          {
            ...at('invalidChars', 'admin.tools.list'),
            message:
              'Tool "admin.tools.list" contains "." (dot), which some clients and model APIs reject in tool names (they accept only A-Z, a-z, 0-9, "_" and "-"); use e.g. "admin_tools_list".',
          },
        ],
      },
      {
        name: 'reports spec-invalid names itself before 2025-11-25, when tool-name-format does not run',
        capture: withNames('a b')('2025-06-18'),
        findings: [{ ...at('invalidChars', 'a b'), message: /contains space/ }],
      },
      {
        name: 'reports a long dotted name once per problem, and a duplicated name once',
        capture: withNames(LONG_DOTTED, LONG_DOTTED)(),
        findings: [at('invalidChars', LONG_DOTTED), at('tooLong', LONG_DOTTED)],
      },
    ],
  });
});

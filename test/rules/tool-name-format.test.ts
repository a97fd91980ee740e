import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-name-format.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-name-format';
const withNames =
  (...names: string[]) =>
  (protocolVersion?: string) =>
  () =>
    makeCapture({
      tools: [...cleanTools(), ...names.map((name) => ({ ...cleanTools()[1], name }))],
      ...(protocolVersion ? { protocolVersion } : {}),
    });
const at = (messageId: 'invalidChars' | 'tooLong' | 'empty', name: string) => ({ messageId, subject: `tool:${name}` });
const LONG_SPACED = 'x '.repeat(70);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'accepts the spec examples and the full character set',
        capture: withNames('getUser', 'DATA_EXPORT_v2', 'admin.tools.list', 'a-b_c.d9', 'x')(),
      },
      {
        name: 'is skipped before protocol 2025-11-25, which had no Tool Names guidance',
        capture: withNames('a b')('2025-06-18'),
        skipped: /introduced in protocol 2025-11-25; the server negotiated 2025-06-18/,
      },
    ],
    invalid: [
      {
        name: 'reports a slash and a space, naming the characters',
        capture: withNames('bookstore/add review')(),
        findings: [
          {
            ...at('invalidChars', 'bookstore/add review'),
            message:
              'Tool "bookstore/add review" contains "/" (slash) and space, which tool names should not; use only A-Z, a-z, 0-9, "_", "-" and "." (e.g. "bookstore_add_review").',
          },
        ],
      },
      {
        name: 'names commas, non-ASCII letters and invisible characters',
        capture: withNames('a,b', 'bøok', 'zero\u200bwidth')(),
        findings: [
          { ...at('invalidChars', 'a,b'), message: /contains "," \(comma\), which/ },
          { ...at('invalidChars', 'bøok'), message: /contains "ø", which/ },
          { ...at('invalidChars', 'zero\u200bwidth'), message: /contains U\+200B, which/ },
        ],
      },
      {
        name: 'accepts 128 characters and reports 129',
        capture: withNames('a'.repeat(128), 'b'.repeat(129))(),
        findings: [{ ...at('tooLong', 'b'.repeat(129)), message: /129 characters/ }],
      },
      { name: 'reports an empty name', capture: withNames('')(), findings: [at('empty', '')] },
      {
        name: 'reports a name that is both too long and has bad characters twice, once per problem',
        capture: withNames(LONG_SPACED)(),
        findings: [at('invalidChars', LONG_SPACED), at('tooLong', LONG_SPACED)],
      },
      { name: 'reports a duplicated bad name once', capture: withNames('a b', 'a b')(), findings: [at('invalidChars', 'a b')] },
    ],
  });
});

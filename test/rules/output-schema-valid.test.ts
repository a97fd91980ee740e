import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/output-schema-valid.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'output-schema-valid';
const withOutput = (outputSchema: unknown) => cleanTools().map((t, i) => (i === 1 ? { ...t, outputSchema } : t));
const capture = (outputSchema: unknown, protocolVersion?: string) => () =>
  makeCapture({ tools: withOutput(outputSchema), ...(protocolVersion ? { protocolVersion } : {}) });
const BOOK = {
  type: 'object',
  properties: { id: { type: 'string' }, title: { type: 'string' }, year: { type: 'integer' } },
  required: ['id', 'title'],
};
const TAGS_AS_TUPLE = { ...BOOK, properties: { ...BOOK.properties, tags: { type: 'array', items: [{ type: 'string' }] } } };
const rootNotObject = { messageId: 'rootNotObject', subject: 'tool:bookstore_get_book#/outputSchema' } as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts tools without an outputSchema', capture: () => makeCapture({ tools: cleanTools() }) },
      { name: 'accepts a valid object outputSchema', capture: capture(BOOK) },
      {
        name: 'accepts a valid object outputSchema that names draft-07',
        capture: capture({ $schema: 'http://json-schema.org/draft-07/schema#', ...BOOK }),
      },
      { name: 'allows any root type from 2026-07-28', capture: capture({ type: 'array', items: BOOK }, '2026-07-28') },
      { name: 'uses draft-07 as the default dialect before 2025-11-25', capture: capture(TAGS_AS_TUPLE, '2025-06-18') },
      {
        name: 'is skipped before 2025-06-18, which had no outputSchema',
        capture: capture(null, '2025-03-26'),
        skipped: /introduced in protocol 2025-06-18; the server negotiated 2025-03-26/,
      },
    ],
    invalid: [
      ...[null, [], 'object', false].map((schema) => ({
        name: `reports an outputSchema that is not an object: ${JSON.stringify(schema)}`,
        capture: capture(schema),
        findings: [{ messageId: 'notObject', subject: 'tool:bookstore_get_book#/outputSchema' }] as const,
      })),
      {
        name: 'reports a root that is not type "object" up to 2025-11-25',
        capture: capture({ type: 'array', items: BOOK }),
        findings: [rootNotObject],
      },
      {
        name: 'reports a root that is not type "object" on 2025-06-18',
        capture: capture({ type: 'array', items: BOOK }, '2025-06-18'),
        findings: [rootNotObject],
      },
      {
        name: 'reports a root whose type is not declared',
        capture: capture({ properties: {} }),
        findings: [{ ...rootNotObject, message: /root type is not declared/ }],
      },
      {
        name: 'reports an invalid outputSchema with its pointer',
        capture: capture({ ...BOOK, properties: { ...BOOK.properties, year: { type: 'int' } } }),
        findings: [
          {
            messageId: 'invalid',
            subject: 'tool:bookstore_get_book#/outputSchema/properties/year/type',
            message: /outputSchema that is not valid JSON Schema 2020-12/,
            evidence: '"type": "int"',
          },
        ],
      },
      {
        name: 'uses JSON Schema 2020-12 as the default dialect from 2025-11-25',
        capture: capture(TAGS_AS_TUPLE),
        findings: [{ messageId: 'invalid', subject: 'tool:bookstore_get_book#/outputSchema/properties/tags/items' }],
      },
      {
        name: 'reports a dialect it cannot check',
        capture: capture({ $schema: 'https://example.com/my-dialect', ...BOOK }),
        findings: [{ messageId: 'unsupportedDialect', subject: 'tool:bookstore_get_book#/outputSchema/$schema' }],
      },
    ],
  });
});

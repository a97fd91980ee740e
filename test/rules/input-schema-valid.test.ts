import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-valid.js';
import { makeCapture, type CaptureSpec } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-schema-valid';
const tool = (inputSchema: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'bookstore_get_book',
  description: 'Get a book.',
  inputSchema,
  ...extra,
});
const withSchema =
  (inputSchema: unknown, spec: CaptureSpec = {}) =>
  () =>
    makeCapture({ tools: [tool(inputSchema)], ...spec });
const AT = 'tool:bookstore_get_book#/inputSchema';
const strin = { type: 'object', properties: { q: { type: 'strin' } } };
/** Array-form `items` is draft-07; under 2020-12 `items` must be a single schema. */
const draft07Items = { type: 'object', properties: { tags: { type: 'array', items: [{ type: 'string' }] } } };

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'accepts a valid schema that declares draft-07',
        capture: withSchema({ ...draft07Items, $schema: 'http://json-schema.org/draft-07/schema#' }),
      },
      {
        name: 'judges a schema without $schema in the dialect of the negotiated version: draft-07 on 2025-06-18',
        capture: withSchema(draft07Items, { protocolVersion: '2025-06-18' }),
      },
      { name: 'accepts the recommended no-parameter schema', capture: withSchema({ type: 'object', additionalProperties: false }) },
      {
        name: 'accepts vendor keywords',
        capture: withSchema({ type: 'object', 'x-internal': true, properties: { q: { type: 'string', 'x-mcp-header': 'Q' } } }),
      },
    ],
    invalid: [
      {
        name: 'reports a tool without inputSchema',
        capture: () => makeCapture({ tools: [{ name: 'bookstore_get_book', description: 'Get a book.' }] }),
        findings: [{ messageId: 'missing', subject: 'tool:bookstore_get_book' }],
      },
      {
        name: 'reports an inputSchema that is not an object: null, and says what it is instead',
        capture: withSchema(null),
        findings: [{ messageId: 'notObject', subject: AT, message: /is null, not a JSON Schema object/ }],
      },
      ...[[], 'object', true, 42].map((schema) => ({
        name: `reports an inputSchema that is not an object: ${JSON.stringify(schema)}`,
        capture: withSchema(schema),
        findings: [{ messageId: 'notObject' as const, subject: AT }],
      })),
      ...[{ type: 'array' }, { properties: {} }, { type: ['object', 'null'] }].map((schema) => ({
        name: `reports a root that is not type "object": ${JSON.stringify(schema)}`,
        capture: withSchema(schema),
        findings: [{ messageId: 'rootNotObject' as const, subject: AT }],
      })),
      {
        name: 'reports a misspelt root type once, as rootNotObject, not again as invalid',
        capture: withSchema({ type: 'objetc' }),
        findings: [{ messageId: 'rootNotObject', subject: AT }],
      },
      {
        name: 'reports a schema that is not valid in the default dialect, with the first problem and its pointer',
        capture: withSchema(strin),
        findings: [
          {
            messageId: 'invalid',
            subject: `${AT}/properties/q/type`,
            message:
              /JSON Schema 2020-12.*\/properties\/q\/type: "strin" is not a JSON Schema type \(use one of array, boolean, integer, null, number, object, string\)/,
            evidence: '"type": "strin"',
          },
        ],
        assert: (result) => expect(result.findings[0]!.message).not.toContain('{{'),
      },
      {
        name: 'does not mistake a property named "type" for the type keyword',
        capture: withSchema({ type: 'object', properties: { type: 'strin' } }),
        findings: [{ messageId: 'invalid', subject: `${AT}/properties/type` }],
        assert: (result) => expect(result.findings[0]!.message).not.toContain('is not a JSON Schema type'),
      },
      {
        name: 'counts the other places with problems',
        capture: withSchema({ type: 'object', properties: { a: { type: 'strin' }, b: { minLength: -1 } } }),
        findings: [{ messageId: 'invalid', subject: `${AT}/properties/a/type`, message: /1 more place with problems/ }],
      },
      {
        name: 'reports an unresolvable $ref where it stands, without compiling the schema',
        capture: withSchema({ type: 'object', properties: { q: { $ref: '#/$defs/missing' } } }),
        findings: [{ messageId: 'invalid', subject: `${AT}/properties/q/$ref`, message: /can't resolve reference #\/\$defs\/missing/ }],
      },
      {
        name: 'reports a rootNotObject and an invalid property as two findings',
        capture: withSchema({ type: 'array', items: { type: 'strin' } }),
        findings: [
          { messageId: 'rootNotObject', subject: AT },
          { messageId: 'invalid', subject: `${AT}/items/type` },
        ],
      },
      {
        name: 'reports a dialect it cannot check',
        capture: withSchema({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }),
        findings: [{ messageId: 'unsupportedDialect', subject: `${AT}/$schema` }],
      },
      {
        name: 'judges a schema without $schema in the dialect of the negotiated version: 2020-12 on 2025-11-25',
        capture: withSchema(draft07Items, { protocolVersion: '2025-11-25' }),
        findings: [{ messageId: 'invalid', subject: `${AT}/properties/tags/items` }],
      },
      {
        name: 'judges a schema without $schema in the dialect of the negotiated version: draft-07 on 2025-03-26',
        capture: withSchema(strin, { protocolVersion: '2025-03-26' }),
        findings: [{ messageId: 'invalid', subject: `${AT}/properties/q/type`, message: /JSON Schema draft-07/ }],
      },
      {
        name: 'reports each broken tool separately',
        capture: () =>
          makeCapture({ tools: [...cleanTools(), { ...tool({ type: 'string' }), name: 'bookstore_other' }, { name: 'bookstore_third' }] }),
        findings: [
          { messageId: 'rootNotObject', subject: 'tool:bookstore_other#/inputSchema' },
          { messageId: 'missing', subject: 'tool:bookstore_third' },
        ],
      },
    ],
  });
});

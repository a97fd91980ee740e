import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-required-exist.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-schema-required-exist';
const withSchema = (inputSchema: unknown) => () =>
  makeCapture({ tools: [{ name: 'bookstore_add_review', description: 'Add a review.', inputSchema }] });
const PROPS = { book_id: { type: 'string' }, rating: { type: 'integer' } };
const AT = 'tool:bookstore_add_review#/inputSchema';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'accepts names matched by patternProperties',
        capture: withSchema({ type: 'object', patternProperties: { '^x_': { type: 'string' } }, required: ['x_trace'] }),
      },
      {
        name: 'does not judge objects that define properties through composition',
        capture: withSchema({ type: 'object', allOf: [{ properties: { book_id: { type: 'string' } } }], required: ['book_id'] }),
      },
      ...['book_id', [1], ['book_id', 'book_id']].map((required) => ({
        name: `leaves a malformed required (${JSON.stringify(required)}) to input-schema-valid`,
        capture: withSchema({ type: 'object', properties: {}, required }),
      })),
      {
        name: 'ignores required on a schema typed as something other than an object',
        capture: withSchema({ type: 'object', properties: { q: { type: 'string', required: ['x'] } } }),
      },
      {
        name: 'leaves schemas that are not object schemas to input-schema-valid',
        capture: withSchema({ properties: {}, required: ['a'] }),
      },
    ],
    invalid: [
      {
        name: 'reports a required name that is not a property (closed schema: unsatisfiable)',
        capture: withSchema({ type: 'object', properties: PROPS, required: ['book_id', 'bookId'], additionalProperties: false }),
        findings: [
          {
            messageId: 'unsatisfiable',
            subject: `${AT}/required/1`,
            message: /requires "bookId".*no call can ever be valid/,
            evidence: '"required": ["book_id","bookId"]',
          },
        ],
      },
      {
        name: 'reports a required name that is not a property (open schema: notDefined)',
        capture: withSchema({ type: 'object', properties: PROPS, required: ['text'] }),
        findings: [{ messageId: 'notDefined', subject: `${AT}/required/0` }],
      },
      {
        name: 'reports every missing name, each at its own pointer',
        capture: withSchema({ type: 'object', required: ['a', 'b'] }),
        findings: [
          { messageId: 'notDefined', subject: `${AT}/required/0` },
          { messageId: 'notDefined', subject: `${AT}/required/1` },
        ],
      },
      {
        name: 'checks nested objects and array items',
        capture: withSchema({
          type: 'object',
          properties: {
            filter: { type: 'object', properties: { author: { type: 'string' } }, required: ['authr'], additionalProperties: false },
            lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } }, required: ['qty', 'book_id'] } },
          },
          additionalProperties: false,
        }),
        findings: [
          { messageId: 'unsatisfiable', subject: `${AT}/properties/filter/required/0`, message: /requires "authr" in "filter"/ },
          { messageId: 'notDefined', subject: `${AT}/properties/lines/items/required/1`, message: /in "lines\[\]"/ },
        ],
      },
    ],
  });
});

import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/response-format-offered.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../helpers/rule-tester.js';

const RULE = 'response-format-offered';
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const tool = (name: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'A tool.',
  inputSchema: { type: 'object', properties, additionalProperties: false },
  annotations: READ_ONLY,
  ...extra,
});
const ID = { book_id: { type: 'string' } };
const capture =
  (...tools: unknown[]) =>
  () =>
    makeCapture({ tools });

const verbs = ['get', 'list', 'search', 'find', 'query', 'read', 'fetch', 'describe', 'show'].map(
  (verb): InvalidCase<'missing'> => ({
    name: `covers the verb ${verb}`,
    capture: capture(tool(`bookstore_${verb}_things`, {})),
    findings: [{ messageId: 'missing', subject: `tool:bookstore_${verb}_things#/inputSchema` }],
  }),
);
const formatParams = ['response_format', 'responseFormat', 'format', 'output_format'].map(
  (param): ValidCase => ({
    name: `accepts a ${param} parameter`,
    capture: capture(tool('bookstore_get_book', { ...ID, [param]: { type: 'string', enum: ['markdown', 'json'] } })),
  }),
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      ...formatParams,
      { name: 'ignores tools without annotations', capture: capture(tool('bookstore_get_book', ID, { annotations: undefined })) },
      {
        name: 'ignores tools annotated readOnlyHint: false',
        capture: capture(tool('bookstore_get_book', ID, { annotations: { ...READ_ONLY, readOnlyHint: false } })),
      },
      {
        name: 'ignores tools whose verb does not return data',
        capture: capture(tool('bookstore_validate_isbn', ID), tool('bookstore_ping', {}), tool('bookstore_add_review', ID)),
      },
      {
        name: 'ignores tools that declare an outputSchema (structured output is the machine-readable form)',
        capture: capture(tool('bookstore_get_book', ID, { outputSchema: { type: 'object' } })),
      },
      {
        name: 'leaves schemas that are not object schemas to input-schema-valid',
        capture: capture(tool('bookstore_get_book', ID, { inputSchema: { type: 'array' } })),
      },
    ],
    invalid: [
      {
        name: 'reports a read-only data tool without response_format',
        capture: capture(tool('bookstore_get_book', ID)),
        findings: [
          {
            messageId: 'missing',
            subject: 'tool:bookstore_get_book#/inputSchema',
            level: 'note',
            message: /response_format: "markdown" \| "json"/,
          },
        ],
      },
      ...verbs,
    ],
  });
});

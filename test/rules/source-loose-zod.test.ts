import { describe } from 'vitest';
import rule from '../../rules/source-loose-zod.js';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'source-loose-zod';
const loose = (tool: string | undefined, form: 'object' | 'rawShape' | 'parse' = 'object', line = 19) => ({
  file: 'server.mjs',
  line,
  column: 18,
  ...(tool !== undefined ? { tool } : {}),
  form,
  text: 'inputSchema: z.object({',
});
const capture = () => makeCapture({ tools: cleanTools() });
const strips = (tool: string) => ({ messageId: 'strips', subject: `tool:${tool}#/inputSchema` }) as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'leaves open advertised schemas to input-schema-strict (the same defect)',
        capture: () =>
          makeCapture({
            tools: withTool(cleanTools(), 'bookstore_get_book', (t: { inputSchema: Record<string, unknown> }) => {
              delete t.inputSchema.additionalProperties;
              return t;
            }),
          }),
        source: makeSource({ looseZodObjects: [loose('bookstore_get_book')] }),
      },
      {
        name: 'ignores loose objects not tied to a listed tool',
        capture,
        source: makeSource({ looseZodObjects: [loose(undefined), loose('not_listed')] }),
      },
      { name: 'is skipped without a source index', capture, skipped: /^no source index/ },
    ],
    invalid: [
      {
        name: 'reports a loose zod object behind a schema that advertises additionalProperties: false',
        capture,
        source: makeSource({ looseZodObjects: [loose('bookstore_get_book')] }),
        findings: [
          {
            ...strips('bookstore_get_book'),
            message: /z\.object\(…\) at server\.mjs:19 is not \.strict\(\)/,
            evidence: 'inputSchema: z.object({',
          },
        ],
      },
      {
        name: 'names raw shapes and argument parsers in its message, and reports each tool once',
        capture,
        source: makeSource({
          looseZodObjects: [
            loose('bookstore_get_book', 'rawShape'),
            loose('bookstore_get_book', 'object', 40),
            loose('bookstore_add_review', 'parse'),
          ],
        }),
        findings: [
          { ...strips('bookstore_add_review'), message: /z\.object\(…\) that parses the arguments/ },
          { ...strips('bookstore_get_book'), message: /shape \(which the SDK wraps in a plain z\.object\)/ },
        ],
      },
    ],
  });
});

import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/input-schema-strict.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'input-schema-strict';
const withTools = (tools: unknown[]) => () => makeCapture({ tools });
const withSchema = (inputSchema: unknown) => withTools([{ name: 'bookstore_get_book', description: 'Get a book.', inputSchema }]);
const PARAMS = { book_id: { type: 'string' } };
const AT = 'tool:bookstore_get_book#/inputSchema';
const open = (name: string) => ({ name, description: 'A tool.', inputSchema: { type: 'object', properties: PARAMS } });
const names = Array.from({ length: 25 }, (_, i) => `bookstore_tool_${i}`);
const map = { name: 'bookstore_map', inputSchema: { type: 'object', additionalProperties: { type: 'string' } } };

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: withTools(cleanTools()) },
      { name: 'accepts the recommended no-parameter schema', capture: withSchema({ type: 'object', additionalProperties: false }) },
      {
        name: 'accepts unevaluatedProperties: false',
        capture: withSchema({ type: 'object', properties: PARAMS, unevaluatedProperties: false }),
      },
      {
        name: 'accepts a deliberate map of typed extra properties',
        capture: withSchema({ type: 'object', additionalProperties: { type: 'string' } }),
      },
      {
        name: 'does not second-guess a root built by composition',
        capture: withSchema({
          type: 'object',
          oneOf: [
            { properties: PARAMS, additionalProperties: false },
            { properties: { isbn: { type: 'string' } }, additionalProperties: false },
          ],
        }),
      },
      ...[undefined, null, { properties: PARAMS }, { type: 'array' }].map((schema) => ({
        name: `leaves a schema that is not an object schema to input-schema-valid: ${JSON.stringify(schema)}`,
        capture: withSchema(schema),
      })),
      {
        name: 'only looks at the root',
        capture: withSchema({
          type: 'object',
          properties: { filter: { type: 'object', properties: PARAMS } },
          additionalProperties: false,
        }),
      },
    ],
    invalid: [
      {
        name: 'reports a schema without additionalProperties: false',
        capture: withSchema({ type: 'object', properties: PARAMS }),
        findings: [{ messageId: 'open', subject: AT, message: /"additionalProperties": false/ }],
        assert: (result) => expect(result.findings[0]!.evidence).toBeUndefined(),
      },
      ...(
        [
          ['node', ['dist/index.js'], /\(zod \.strict\(\)\) so/],
          ['uv', ['run', 'server.py'], /\(Pydantic extra="forbid"\) so/],
          ['./run-server', [], /\(zod \.strict\(\), Pydantic extra="forbid"\) so/],
        ] as const
      ).map(([command, args, advice]) => ({
        // A Python server is not told to use zod, nor a Node one Pydantic; a command that says neither gets both.
        name: `names the way to close a schema that ${command} ${args.join(' ')} can use`,
        capture: () => ({
          ...withSchema({ type: 'object', properties: PARAMS })(),
          target: { kind: 'stdio' as const, command, args, envNames: [] },
        }),
        findings: [{ messageId: 'open' as const, subject: AT, message: advice }],
      })),
      ...[true, {}].map((extra) => ({
        name: `reports additionalProperties ${JSON.stringify(extra)}, which allows anything`,
        capture: withSchema({ type: 'object', properties: PARAMS, additionalProperties: extra }),
        findings: [{ messageId: 'open' as const, subject: AT, evidence: `"additionalProperties": ${JSON.stringify(extra)}` }],
      })),
      {
        name: 'has its own message for a tool without parameters',
        capture: withSchema({ type: 'object' }),
        findings: [{ messageId: 'openNoParameters', subject: AT }],
      },
      {
        name: 'has its own message for a tool with empty properties',
        capture: withSchema({ type: 'object', properties: {} }),
        findings: [{ messageId: 'openNoParameters', subject: AT }],
      },
      {
        name: 'reports once for the server when most of its tools leave the schema open',
        capture: withTools([...cleanTools().slice(0, 1), open('bookstore_a'), open('bookstore_b')]),
        findings: [
          {
            messageId: 'serverOpen',
            subject: 'server',
            message: /^2 of 3 tools accept arguments their inputSchema does not declare/,
            evidence: 'bookstore_a\nbookstore_b',
          },
        ],
      },
      {
        name: 'caps the tools listed in the server-wide evidence',
        capture: withTools(names.map(open)),
        findings: [{ messageId: 'serverOpen', subject: 'server', evidence: [...names.slice(0, 20), '… and 5 more'].join('\n') }],
      },
      {
        name: 'reports per tool the minority that deviates from the closed schemas of the rest',
        capture: withTools([...cleanTools(), open('bookstore_a')]),
        findings: [{ messageId: 'open', subject: 'tool:bookstore_a#/inputSchema' }],
      },
      {
        name: 'does not count the tools it leaves alone (maps, composition) when judging the server',
        capture: withTools([...cleanTools().slice(0, 1), open('bookstore_a'), open('bookstore_b'), map, map]),
        findings: [{ messageId: 'serverOpen', subject: 'server' }],
      },
    ],
  });
});

import { describe } from 'vitest';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/schema-depth-limit.js';
import { SCHEMA_DEPTH_LIMIT } from '../../src/shared/json-depth.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

/** A property schema of `objects` nested objects: 2 JSON levels each, plus the innermost one. */
function nested(objects: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < objects; i++) schema = { type: 'object', properties: { next: schema } };
  return schema;
}

/** The search tool with a filter of that many objects (its inputSchema adds 2 levels). */
const withFilter = (objects: number, where: 'inputSchema' | 'outputSchema' = 'inputSchema') =>
  withTool(cleanTools(), 'bookstore_search_books', (tool) => ({
    ...tool,
    [where]: { type: 'object', properties: { filter: nested(objects) } },
  }));

// inputSchema {…properties {filter: N objects}}: 2N + 3 levels; the most objects within the limit.
const mostObjects = Math.floor((SCHEMA_DEPTH_LIMIT - 3) / 2);

describe('schema-depth-limit', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      { name: `accepts a schema ${2 * mostObjects + 3} levels deep`, capture: () => makeCapture({ tools: withFilter(mostObjects) }) },
    ],
    invalid: [
      {
        name: `reports an inputSchema ${2 * mostObjects + 5} levels deep`,
        capture: () => makeCapture({ tools: withFilter(mostObjects + 1) }),
        findings: [{ messageId: 'tooDeep', subject: 'tool:bookstore_search_books' }],
      },
      {
        name: 'reports an outputSchema nested 100,000 levels, without overflowing',
        capture: () => makeCapture({ tools: withFilter(50_000, 'outputSchema') }),
        findings: [{ messageId: 'tooDeep', subject: 'tool:bookstore_search_books' }],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import type { SourceIndex } from '../../src/model/source-index.js';
import rule from '../../rules/source-loose-zod.js';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'source-loose-zod';
const run = (capture: Capture, source?: SourceIndex) => runRule(rule, capture, source ? { source } : {});
const loose = (tool: string | undefined, form: 'object' | 'rawShape' | 'parse' = 'object', line = 19) => ({
  file: 'server.mjs',
  line,
  column: 18,
  ...(tool !== undefined ? { tool } : {}),
  form,
  text: 'inputSchema: z.object({',
});

describe(RULE, () => {
  it('reports a loose zod object behind a schema that advertises additionalProperties: false', () => {
    const result = run(makeCapture({ tools: cleanTools() }), makeSource({ looseZodObjects: [loose('bookstore_get_book')] }));
    expect(summary(result)).toEqual([`${RULE} strips tool:bookstore_get_book#/inputSchema`]);
    expect(result.findings[0]!.message).toContain('z.object(…) at server.mjs:19 is not .strict()');
    expect(result.findings[0]!.evidence).toBe('inputSchema: z.object({');
  });

  it('names raw shapes and argument parsers in its message, and reports each tool once', () => {
    const source = makeSource({
      looseZodObjects: [
        loose('bookstore_get_book', 'rawShape'),
        loose('bookstore_get_book', 'object', 40),
        loose('bookstore_add_review', 'parse'),
      ],
    });
    const result = run(makeCapture({ tools: cleanTools() }), source);
    expect(summary(result)).toEqual([
      `${RULE} strips tool:bookstore_add_review#/inputSchema`,
      `${RULE} strips tool:bookstore_get_book#/inputSchema`,
    ]);
    expect(result.findings[0]!.message).toContain('z.object(…) that parses the arguments');
    expect(result.findings[1]!.message).toContain('shape (which the SDK wraps in a plain z.object)');
  });

  it('leaves open advertised schemas to input-schema-strict (the same defect)', () => {
    const tools = withTool(cleanTools(), 'bookstore_get_book', (t: { inputSchema: Record<string, unknown> }) => {
      delete t.inputSchema.additionalProperties;
      return t;
    });
    expect(run(makeCapture({ tools }), makeSource({ looseZodObjects: [loose('bookstore_get_book')] })).findings).toEqual([]);
  });

  it('ignores loose objects not tied to a listed tool', () => {
    expect(
      run(makeCapture({ tools: cleanTools() }), makeSource({ looseZodObjects: [loose(undefined), loose('not_listed')] })).findings,
    ).toEqual([]);
  });

  it('is skipped without a source index', () => {
    expect(run(makeCapture({ tools: cleanTools() })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

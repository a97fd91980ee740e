import { describe, expect, it } from 'vitest';
import type { Capture } from '../../src/model/capture.js';
import type { HandlerStyle, SourceIndex } from '../../src/model/source-index.js';
import rule from '../../rules/source-handler-throws.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, summary } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'source-handler-throws';
const run = (capture: Capture, source?: SourceIndex) => runRule(rule, capture, source ? { source } : {});
const thrown = (tool: string, line: number, style: HandlerStyle = 'registerTool') => ({
  file: 'src/tools.ts',
  line,
  column: 5,
  tool,
  style,
  text: "throw new Error('not found');",
});

describe(RULE, () => {
  it('reports a McpServer tool handler that throws, once per tool, at its first throw', () => {
    const source = makeSource({ throwingHandlers: [thrown('bookstore_get_book', 30), thrown('bookstore_get_book', 34)] });
    const result = run(makeCapture({ tools: cleanTools() }), source);
    expect(summary(result)).toEqual([`${RULE} sdk tool:bookstore_get_book`]);
    expect(result.findings[0]!.message).toContain('throws at src/tools.ts:30 (and in 1 more place)');
    expect(result.findings[0]!.evidence).toBe("throw new Error('not found');");
  });

  it('says that a low-level handler turns the throw into a protocol error', () => {
    const source = makeSource({ throwingHandlers: [thrown('bookstore_add_review', 12, 'CallToolRequestSchema')] });
    const result = run(makeCapture({ tools: cleanTools() }), source);
    expect(summary(result)).toEqual([`${RULE} protocol tool:bookstore_add_review`]);
    expect(result.findings[0]!.message).toContain('JSON-RPC error that the model never sees');
  });

  it('ignores throws that cannot be tied to one tool', () => {
    expect(
      run(makeCapture({ tools: cleanTools() }), makeSource({ throwingHandlers: [thrown('', 40, 'CallToolRequestSchema')] })).findings,
    ).toEqual([]);
  });

  it('is skipped without a source index', () => {
    expect(run(makeCapture({ tools: cleanTools() })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

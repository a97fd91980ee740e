import { describe } from 'vitest';
import type { HandlerStyle } from '../../src/model/source-index.js';
import rule from '../../rules/source-handler-throws.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from '../helpers/capture.js';
import { makeSource } from '../helpers/source.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'source-handler-throws';
const thrown = (tool: string, line: number, style: HandlerStyle = 'registerTool') => ({
  file: 'src/tools.ts',
  line,
  column: 5,
  tool,
  style,
  text: "throw new Error('not found');",
});
const capture = () => makeCapture({ tools: cleanTools() });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'ignores throws that cannot be tied to one tool',
        capture,
        source: makeSource({ throwingHandlers: [thrown('', 40, 'CallToolRequestSchema')] }),
      },
      { name: 'is skipped without a source index', capture, skipped: /^no source index/ },
    ],
    invalid: [
      {
        name: 'reports a McpServer tool handler that throws, once per tool, at its first throw',
        capture,
        source: makeSource({ throwingHandlers: [thrown('bookstore_get_book', 30), thrown('bookstore_get_book', 34)] }),
        findings: [
          {
            messageId: 'sdk',
            subject: 'tool:bookstore_get_book',
            message: /throws at src\/tools\.ts:30 \(and in 1 more place\)/,
            evidence: "throw new Error('not found');",
          },
        ],
      },
      {
        name: 'says that a low-level handler turns the throw into a protocol error',
        capture,
        source: makeSource({ throwingHandlers: [thrown('bookstore_add_review', 12, 'CallToolRequestSchema')] }),
        findings: [{ messageId: 'protocol', subject: 'tool:bookstore_add_review', message: /JSON-RPC error that the model never sees/ }],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/unknown-tool-error.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { closed, error, ran, runRule, text, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'unknown-tool-error';
const lint = (answer: ProbeAnswer) =>
  summary(
    runRule(
      rule,
      makeCapture({
        tools: [],
        probes: ran('unknown-tool', [
          toolCall('mcplint_no_such_tool', {}, answer, { tool: undefined, detail: { name: 'mcplint_no_such_tool' } }),
        ]),
      }),
    ),
  );

describe(RULE, () => {
  it('accepts a JSON-RPC error of any code, and an isError result (non-standard but common)', () => {
    expect(lint(error(-32602, 'Unknown tool'))).toEqual([]);
    expect(lint(error(-32601, 'Method not found'))).toEqual([]);
    expect(lint(text('Tool mcplint_no_such_tool not found', true))).toEqual([]);
  });

  it('reports a successful result and a crash', () => {
    expect(lint(text('Done.'))).toEqual([`${RULE} success server`]);
    expect(lint(closed())).toEqual([`${RULE} noAnswer server`]);
  });
});

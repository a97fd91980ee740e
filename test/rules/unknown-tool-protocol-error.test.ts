import { describe, expect, it } from 'vitest';
import rule from '../../rules/unknown-tool-protocol-error.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { error, ran, runRule, text, timeout, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { runRules } from '../../src/engine/run.js';

const RULE = 'unknown-tool-protocol-error';
const capture = (answer: ProbeAnswer) =>
  makeCapture({
    tools: [],
    probes: ran('unknown-tool', [
      toolCall('mcplint_no_such_tool', {}, answer, { tool: undefined, detail: { name: 'mcplint_no_such_tool' } }),
    ]),
  });
const lint = (answer: ProbeAnswer) => summary(runRule(rule, capture(answer)));

describe(RULE, () => {
  it('is off by default', () => {
    expect(rule.severity).toBe('off');
    expect(runRules(capture(text('Tool x not found', true)), { rules: [rule], settings: new Map() }).findings).toEqual([]);
  });

  it('when enabled: reports an isError result and a code other than -32602', () => {
    expect(lint(text('Tool mcplint_no_such_tool not found', true))).toEqual([`${RULE} isErrorResult server`]);
    expect(lint(error(-32601, 'Method not found'))).toEqual([`${RULE} wrongCode server`]);
  });

  it('accepts -32602, and leaves successes and silence to unknown-tool-error', () => {
    expect(lint(error(-32602, 'Unknown tool'))).toEqual([]);
    expect(lint(text('Done.'))).toEqual([]);
    expect(lint(timeout())).toEqual([]);
  });
});

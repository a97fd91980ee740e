import { describe, expect, it } from 'vitest';
import rule from '../../rules/unknown-tool-protocol-error.js';
import { makeCapture } from '../helpers/capture.js';
import { error, ran, text, timeout, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { runRules } from '../../src/engine/run.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'unknown-tool-protocol-error';
const capture = (answer: ProbeAnswer) =>
  makeCapture({
    tools: [],
    probes: ran('unknown-tool', [
      toolCall('mcplint_no_such_tool', {}, answer, { tool: undefined, detail: { name: 'mcplint_no_such_tool' } }),
    ]),
  });

describe(RULE, () => {
  // The tester runs a rule that is off by default at warning; this is about the default itself.
  it('is off by default', () => {
    expect(rule.severity).toBe('off');
    expect(runRules(capture(text('Tool x not found', true)), { rules: [rule], settings: new Map() }).findings).toEqual([]);
  });

  describe('when enabled', () => {
    ruleTester(rule).run({
      valid: [
        { name: 'accepts -32602', capture: () => capture(error(-32602, 'Unknown tool')) },
        { name: 'leaves successes to unknown-tool-error', capture: () => capture(text('Done.')) },
        { name: 'leaves silence to unknown-tool-error', capture: () => capture(timeout()) },
      ],
      invalid: [
        {
          name: 'reports an isError result',
          capture: () => capture(text('Tool mcplint_no_such_tool not found', true)),
          findings: [{ messageId: 'isErrorResult', subject: 'server' }],
        },
        {
          name: 'reports a code other than -32602',
          capture: () => capture(error(-32601, 'Method not found')),
          findings: [{ messageId: 'wrongCode', subject: 'server' }],
        },
      ],
    });
  });
});

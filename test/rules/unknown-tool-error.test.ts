import { describe } from 'vitest';
import rule from '../../rules/unknown-tool-error.js';
import { makeCapture } from '../helpers/capture.js';
import { closed, error, ran, text, toolCall } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'unknown-tool-error';
const capture = (answer: ProbeAnswer) => () =>
  makeCapture({
    tools: [],
    probes: ran('unknown-tool', [
      toolCall('mcplint_no_such_tool', {}, answer, { tool: undefined, detail: { name: 'mcplint_no_such_tool' } }),
    ]),
  });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a JSON-RPC error of code -32602', capture: capture(error(-32602, 'Unknown tool')) },
      { name: 'accepts a JSON-RPC error of another code', capture: capture(error(-32601, 'Method not found')) },
      { name: 'accepts an isError result (non-standard but common)', capture: capture(text('Tool mcplint_no_such_tool not found', true)) },
    ],
    invalid: [
      { name: 'reports a successful result', capture: capture(text('Done.')), findings: [{ messageId: 'success', subject: 'server' }] },
      { name: 'reports a crash', capture: capture(closed()), findings: [{ messageId: 'noAnswer', subject: 'server' }] },
    ],
  });
});

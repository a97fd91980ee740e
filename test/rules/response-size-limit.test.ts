import { describe } from 'vitest';
import rule from '../../rules/response-size-limit.js';
import { makeCapture } from '../helpers/capture.js';
import { ran, text, toolCall, toolResult } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'response-size-limit';
const big = 'x'.repeat(30_000);
const capture =
  (answer: ProbeAnswer, data: Record<string, unknown> = {}) =>
  () =>
    makeCapture({ tools: [], probes: ran('valid-calls', [toolCall('bookstore_get_catalogue', {}, answer)], data) });
const at = (messageId: keyof typeof rule.messages) => ({ messageId, subject: 'tool:bookstore_get_catalogue' });

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts small results', capture: capture(text('small')) },
      {
        name: 'accepts a big text result that says it was cut and how to get the rest',
        capture: capture(text(`${big}\n[Truncated at 25000 characters. Use offset or a filter to see more.]`)),
      },
      {
        name: 'accepts a big structured result that says it was cut and how to get the rest',
        capture: capture(
          toolResult({
            content: [],
            structuredContent: { data: big, truncated: true, truncation_message: 'Use offset to see more results.' },
          }),
        ),
      },
      {
        name: 'uses the threshold recorded by the probe (probes.maxResponseChars): under a higher one',
        capture: capture(text(big), { maxResponseChars: 100_000 }),
      },
    ],
    invalid: [
      {
        name: 'reports an untruncated big result',
        capture: capture(text(big)),
        findings: [{ ...at('untruncated'), message: /returned 30,000 characters, more than the 25,000/ }],
      },
      { name: 'reports a truncation notice without guidance', capture: capture(text(`${big}\n(truncated)`)), findings: [at('noGuidance')] },
      {
        name: 'uses the threshold recorded by the probe (probes.maxResponseChars): over a lower one',
        capture: capture(text('y'.repeat(2000)), { maxResponseChars: 1000 }),
        findings: [at('untruncated')],
      },
    ],
  });
});

import { describe, expect, it } from 'vitest';
import rule from '../../rules/response-size-limit.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { ran, runRule, text, toolCall, toolResult } from '../helpers/probes.js';
import type { ProbeAnswer } from '../../src/model/probe-types.js';

const RULE = 'response-size-limit';
const big = 'x'.repeat(30_000);
const lint = (answer: ProbeAnswer, data: Record<string, unknown> = {}) =>
  runRule(rule, makeCapture({ tools: [], probes: ran('valid-calls', [toolCall('bookstore_get_catalogue', {}, answer)], data) }));

describe(RULE, () => {
  it('accepts small results, and big ones that say they were cut and how to get the rest', () => {
    expect(summary(lint(text('small')))).toEqual([]);
    expect(summary(lint(text(`${big}\n[Truncated at 25000 characters. Use offset or a filter to see more.]`)))).toEqual([]);
    expect(
      summary(
        lint(
          toolResult({
            content: [],
            structuredContent: { data: big, truncated: true, truncation_message: 'Use offset to see more results.' },
          }),
        ),
      ),
    ).toEqual([]);
  });

  it('reports an untruncated big result, and a truncation notice without guidance', () => {
    const res = lint(text(big));
    expect(summary(res)).toEqual([`${RULE} untruncated tool:bookstore_get_catalogue`]);
    expect(res.findings[0]!.message).toContain('returned 30,000 characters, more than the 25,000');
    expect(summary(lint(text(`${big}\n(truncated)`)))).toEqual([`${RULE} noGuidance tool:bookstore_get_catalogue`]);
  });

  it('uses the threshold recorded by the probe (probes.maxResponseChars)', () => {
    expect(summary(lint(text('y'.repeat(2000)), { maxResponseChars: 1000 }))).toEqual([`${RULE} untruncated tool:bookstore_get_catalogue`]);
    expect(summary(lint(text(big), { maxResponseChars: 100_000 }))).toEqual([]);
  });
});

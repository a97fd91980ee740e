/**
 * 2026-07-28 results on raw servers (no SDK), each with one defect, and the clean modern twin:
 * resultType on every result, tools/call included; resources/read of an unknown URI is an error;
 * ttlMs and cacheScope on resources/read results; InputRequiredResult only where allowed.
 */
import { describe, expect, it } from 'vitest';
import { captureFixture, lintAll, summary } from './helpers/capture.js';

const RULES = ['result-type-present', 'unknown-resource-error', 'result-schema-valid', 'input-required-placement', 'list-cache-hints'];
const judged = async (fixture: string) =>
  summary(lintAll(await captureFixture(fixture))).filter((f) => RULES.some((id) => f.startsWith(`${id} `)));

describe.concurrent('2026-07-28 results', { timeout: 60_000 }, () => {
  it('the clean modern server has none of these findings', async () => {
    expect(await judged('modern/server.mjs')).toEqual([]);
  });

  it('a tools/call result without resultType is found (the probes call tools, with invalid arguments only)', async () => {
    const capture = await captureFixture('modern/no-result-type-on-calls.mjs');
    const findings = lintAll(capture).findings.filter((f) => f.ruleId === 'result-type-present');
    expect(findings.map((f) => f.messageId)).toEqual(['missing']);
    expect(findings[0]!.message).toContain('tools/call');
  });

  it('resources/read of an unknown URI answered with empty contents is found', async () => {
    expect(await judged('modern/empty-unknown-resource.mjs')).toEqual(['unknown-resource-error success server']);
  });

  it('resources/read results without ttlMs and cacheScope are found, against the official schema', async () => {
    const capture = await captureFixture('modern/no-read-cache-hints.mjs');
    const messages = lintAll(capture)
      .findings.filter((f) => f.ruleId === 'result-schema-valid')
      .map((f) => f.message);
    expect(messages.some((m) => m.includes('resources/read') && m.includes('/ttlMs'))).toBe(true);
    expect(messages.some((m) => m.includes('resources/read') && m.includes('/cacheScope'))).toBe(true);
    expect(await judged('modern/no-read-cache-hints.mjs')).toHaveLength(2);
  });
});

/**
 * A rule whose parts need different probes (Rule.parts) judges the parts whose probes ran and the
 * report says what it could not judge; with no part met it is skipped, as before. The case of
 * #27 item 1: a valid call answered with a JSON-RPC error, on a server whose tools take no
 * arguments (so the invalid-arguments probe cannot run).
 */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { rules } from '../rules/index.js';
import { runRules } from '../src/engine/run.js';
import { buildServerReport } from '../src/report/report.js';
import { makeCapture } from './helpers/capture.js';
import { error, ran, toolCall } from './helpers/probes.js';
import { ANCHORS, onlySettings } from './helpers/report.js';

const RULE = 'tool-errors-are-results';
const tool = { ...(cleanTools()[0] as { name: string }), inputSchema: { type: 'object', properties: {} } };
const skippedInvalid = { 'invalid-arguments': { id: 'invalid-arguments', status: 'skipped', reason: 'no tool takes arguments' } } as const;
const failingValidCall = ran('valid-calls', [toolCall(tool.name, {}, error(-32603, 'Internal error'))]);

function judge(probes: Record<string, unknown>) {
  const capture = makeCapture({ tools: [tool], probes: probes as never });
  const result = runRules(capture, { rules, settings: onlySettings([RULE]) });
  return { result, report: buildServerReport(capture, result, ANCHORS, rules) };
}

describe('rules judged in part', () => {
  it('judge the valid calls when the invalid-argument calls were not made, and say so', () => {
    const { result, report } = judge({ ...skippedInvalid, ...failingValidCall });
    expect(result.findings.map((f) => `${f.ruleId} ${f.messageId}`)).toEqual([`${RULE} failureAsProtocolError`]);
    expect(result.skipped.map((s) => s.ruleId)).not.toContain(RULE);
    expect(report.notes).toContain(
      `${RULE} judged the valid calls, not the invalid-argument calls (probe invalid-arguments was skipped: no tool takes arguments)`,
    );
  });

  it('are skipped, with every reason, when no part can be judged', () => {
    const { result, report } = judge(skippedInvalid);
    expect(result.findings).toEqual([]);
    expect(result.skipped.find((s) => s.ruleId === RULE)?.reason).toBe(
      'probe invalid-arguments was skipped: no tool takes arguments; probe valid-calls was not run',
    );
    expect(report.notes.filter((n) => n.startsWith(RULE))).toEqual([]);
  });

  it('add no note when every part was judged', () => {
    const { report } = judge({ ...ran('invalid-arguments', []), ...failingValidCall });
    expect(report.notes.filter((n) => n.startsWith(RULE))).toEqual([]);
  });
});

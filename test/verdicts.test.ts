/**
 * The verdict model (src/score/verdicts.ts) and the decisions that follow from it: a server-wide
 * finding fails the tools it names; rules about the run around a server (its client-config entry,
 * the other servers) are not in its score, so it scores the same alone and in a config run; the
 * surface scanners give every tool a security verdict; baselined findings are unresolved, so they
 * fail cells and checklist items as they count in the score.
 */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { rules } from '../rules/index.js';
import { evaluateChecklist } from '../src/report/formatters/checklist.js';
import { buildMatrix } from '../src/report/formatters/html-matrix.js';
import { serverRuleScores, serverScore, type ServerReport } from '../src/report/report.js';
import { ruleVerdicts, toolVerdicts } from '../src/score/verdicts.js';
import { makeCapture } from './helpers/capture.js';
import { reportWithFindings } from './helpers/report.js';

const capture = () => makeCapture({ tools: cleanTools() });
const [search, get, review] = cleanTools().map((t) => t.name) as [string, string, string];
const subjects = { tools: 3, parameters: 9, prompts: 0, resources: 0 };

describe('verdicts', () => {
  it('a finding about the server fails the tools it names, or every tool when it names none', () => {
    const named = {
      ruleId: 'tool-name-snake-case',
      messageId: 'x',
      level: 'warning' as const,
      subject: { kind: 'server' as const },
      tools: [search, get],
    };
    const whole = { ruleId: 'tool-surface-budget', messageId: 'x', level: 'warning' as const, subject: { kind: 'server' as const } };
    const input = { findings: [named, whole], rules, ran: [], subjects };
    const byRule = new Map(ruleVerdicts(input).map((v) => [v.rule.id, v]));
    expect(byRule.get('tool-name-snake-case')).toMatchObject({ applicable: 3, failing: 2 });
    expect(byRule.get('tool-surface-budget')).toMatchObject({ applicable: 3, failing: 3 });
    const perTool = new Map(toolVerdicts(input, [search, get, review]).map((v) => [v.name, v.findings.map((f) => f.ruleId)]));
    expect(perTool.get(search)).toEqual(['tool-name-snake-case', 'tool-surface-budget']);
    expect(perTool.get(review)).toEqual(['tool-surface-budget']);
  });

  it('a parameter rule: a named tool fails each of its parameters', () => {
    const named = {
      ruleId: 'parameter-description-present',
      messageId: 'x',
      level: 'warning' as const,
      subject: { kind: 'server' as const },
      tools: [search],
    };
    const [verdict] = ruleVerdicts({ findings: [named], rules, ran: [], subjects, toolParameters: { [search]: 4, [get]: 2, [review]: 3 } });
    expect(verdict).toMatchObject({ applicable: 9, failing: 4 });
  });

  it('the same server scores the same alone and in a config run: rules about the run around it are not in its score', () => {
    const alone = reportWithFindings(capture(), [{ ruleId: 'tool-annotations-present', subject: { kind: 'tool', name: search } }]);
    const ranAlone = alone.ran.filter((id) => !/^config-|^tool-name-collision$/.test(id));
    const single: ServerReport = { ...alone, ran: ranAlone };
    // In a config run the config rules ran (and pass) and a cross-server rule found a shadowed name.
    const inConfig = reportWithFindings(capture(), [
      { ruleId: 'tool-annotations-present', subject: { kind: 'tool', name: search } },
      { ruleId: 'tool-name-collision', subject: { kind: 'tool', name: get } },
    ]);
    expect(serverScore(inConfig, rules)).toEqual(serverScore(single, rules));
    expect(serverRuleScores(inConfig, rules).map((r) => r.ruleId)).not.toContain('tool-name-collision');
    // The finding is still a finding: counted, and shown on its tool's row.
    expect(inConfig.counts.warning).toBe(2);
    const row = buildMatrix(inConfig, rules).rows.find((r) => r.tool === get)!;
    expect(row.cells.find((c) => c.category === 'security')!.status).toBe('warning');
  });

  it('security is a verdict for every tool in a single-server run, as in a config run', () => {
    const single = reportWithFindings(capture(), []);
    const alone: ServerReport = { ...single, ran: single.ran.filter((id) => !/^config-|^tool-name-collision$/.test(id)) };
    for (const server of [alone, single]) {
      for (const row of buildMatrix(server, rules).rows.filter((r) => r.tool !== undefined))
        expect(row.cells.find((c) => c.category === 'security')!.status).toBe('pass');
    }
  });

  it('baselined findings fail their cells and checklist items, as they count in the score', () => {
    const reported = reportWithFindings(capture(), [{ ruleId: 'tool-annotations-present', subject: { kind: 'tool', name: search } }]);
    const baselined: ServerReport = {
      ...reported,
      findings: [],
      baselined: reported.findings.map((f) => ({ ...f, reason: 'known' })),
      counts: { error: 0, warning: 0, note: 0 },
    };
    expect(serverScore(baselined, rules)).toEqual(reported.score);
    const cell = (s: ServerReport) =>
      buildMatrix(s, rules)
        .rows.find((r) => r.tool === search)!
        .cells.find((c) => c.category === 'annotations')!;
    expect(cell(baselined).status).toBe(cell(reported).status);
    expect(cell(baselined).status).toBe('warning');
    const item = (s: ServerReport) => evaluateChecklist(s, { rules }).find((r) => r.item.id === 'name-and-annotations-registered')!;
    expect(item(baselined)).toEqual(item(reported));
    expect(item(baselined).status).toBe('fail');
  });
});

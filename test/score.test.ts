/**
 * The properties of the proportional score (README "Score and grade"), each on real rules over a capture:
 * what a user must be able to rely on whatever the weights are tuned to.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { captureFixture, makeCapture, ROOT } from './helpers/capture.js';
import { serverReport } from './helpers/report.js';
import { rules } from '../rules/index.js';
import {
  CATEGORY_WEIGHTS,
  fixGains,
  gradeOf,
  highestScoreOf,
  LEVEL_WEIGHTS,
  ruleScores,
  SCORE_CAPS,
  scoreServer,
  type ScoredRule,
} from '../src/score/score.js';
import { serverFixGains, serverRuleScores } from '../src/report/report.js';

/** n bookstore tools, each with its own name and description (so only what a test changes differs). */
function manyTools(n: number) {
  const base = cleanTools()[1]!;
  return Array.from({ length: n }, (_, i) => ({
    ...base,
    name: `bookstore_get_book_${i}`,
    description: `${base.description} Variant ${i} of the lookup, for shelf ${i}.`,
  }));
}

describe('score properties', () => {
  it('the exemplary fixture scores 100 (A)', async () => {
    const server = serverReport(await captureFixture('exemplary-server/server.mjs'));
    expect(server.findings).toEqual([]);
    expect(server.score).toEqual({ score: 100, grade: 'A' });
  });

  it('1 tool of 100 without a description scores within 1 point of none', () => {
    const tools = manyTools(100);
    const clean = serverReport(makeCapture({ tools }));
    const oneUndescribed = serverReport(makeCapture({ tools: tools.map((t, i) => (i === 42 ? { ...t, description: '' } : t)) }));
    expect(oneUndescribed.findings.some((f) => f.ruleId === 'tool-description-present')).toBe(true);
    expect(clean.score.score - oneUndescribed.score.score).toBeLessThanOrEqual(1);
    // …while 100 of 100 undescribed costs the rule's whole weight: the score is proportional.
    const noneDescribed = serverReport(makeCapture({ tools: tools.map((t) => ({ ...t, description: '' })) }));
    const share = (s: typeof clean) => serverRuleScores(s, rules).find((r) => r.ruleId === 'tool-description-present');
    expect(share(oneUndescribed)).toMatchObject({ applicable: 100, failing: 1 });
    expect(share(noneDescribed)).toMatchObject({ applicable: 100, failing: 100 });
    expect(noneDescribed.score.score).toBeLessThan(oneUndescribed.score.score);
  });

  it('a server with one stdout banner line cannot be A (a spec error caps the grade at C)', async () => {
    const server = serverReport(await captureFixture('rules/stdout-pollution/bad.mjs', { probeConfig: false }));
    expect(server.findings.map((f) => `${f.ruleId} ${f.level}`)).toContain('stdout-pollution error');
    expect(server.score.score).toBeLessThanOrEqual(highestScoreOf('C'));
    expect(server.score.grade).toBe('C');
    expect(server.score.cappedBy).toMatch(/specification/);
  });

  it('a server whose only defects are naming conventions (snake_case, prefix) can still be B', () => {
    const tools = cleanTools().map((t) => ({ ...t, name: t.name.replace(/^bookstore_/, '').replace(/_/g, '-') }));
    const server = serverReport(makeCapture({ tools }));
    expect(new Set(server.findings.map((f) => f.ruleId))).toEqual(new Set(['tool-name-snake-case', 'tool-name-service-prefix']));
    expect(['A', 'B']).toContain(server.score.grade);
  });

  it('a failed handshake scores 0', () => {
    const server = serverReport(
      makeCapture({ handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'no answer', durationMs: 1 } }),
    );
    expect(server.score).toMatchObject({ score: 0, grade: 'F' });
  });
});

describe('score model', () => {
  const rule = (id: string, extra: Partial<ScoredRule> = {}) =>
    ({ id, category: 'descriptions', basis: 'guideline', severity: 'warning', requires: ['tools'], ...extra }) as const;
  const finding = (ruleId: string, subject: { kind: 'tool'; name: string } | { kind: 'server' }, level: 'error' | 'warning' = 'warning') =>
    ({ ruleId, messageId: 'm', level, message: '', subject, fingerprint: '' }) as const;
  const subjects = { tools: 4, parameters: 0, prompts: 0, resources: 0 };

  it('scores a rule by the share of failing subjects; a server-level finding fails all of them', () => {
    const rules = [rule('a'), rule('b')];
    const input = { rules, ran: ['a', 'b'], subjects, handshakeOk: true };
    const one = ruleScores({ ...input, findings: [finding('a', { kind: 'tool', name: 't1' })] });
    expect(one).toEqual([
      { ruleId: 'a', weight: 6, applicable: 4, failing: 1 },
      { ruleId: 'b', weight: 6, applicable: 4, failing: 0 },
    ]);
    expect(scoreServer({ ...input, findings: [finding('a', { kind: 'tool', name: 't1' })] }).score).toBe(87);
    expect(scoreServer({ ...input, findings: [finding('a', { kind: 'server' })] }).score).toBe(50);
  });

  it('leaves out rules with no applicable subject', () => {
    const rules = [rule('a'), rule('p', { requires: ['prompts'] })];
    expect(ruleScores({ rules, ran: ['a', 'p'], subjects, handshakeOk: true, findings: [] }).map((s) => s.ruleId)).toEqual(['a']);
  });

  it('caps: a security error at D, a spec error at C, whatever the mean', () => {
    const rules = [
      rule('s', { category: 'security', basis: 'guideline' }),
      rule('x', { basis: 'spec' }),
      ...Array.from({ length: 50 }, (_, i) => rule(`r${i}`)),
    ];
    const ran = rules.map((r) => r.id);
    const base = { rules, ran, subjects, handshakeOk: true };
    expect(scoreServer({ ...base, findings: [finding('s', { kind: 'tool', name: 't' }, 'error')] })).toMatchObject({
      score: 69,
      grade: 'D',
    });
    expect(scoreServer({ ...base, findings: [finding('x', { kind: 'tool', name: 't' }, 'error')] })).toMatchObject({
      score: 79,
      grade: 'C',
    });
    expect(scoreServer({ ...base, findings: [finding('x', { kind: 'tool', name: 't' }, 'warning')] }).grade).toBe('A');
    expect(SCORE_CAPS.map((c) => c.maxScore)).toEqual([0, 69, 69, 79]);
  });

  it('a fix that lifts a cap gains what the cap took', () => {
    const rules = [rule('x', { basis: 'spec' }), ...Array.from({ length: 9 }, (_, i) => rule(`r${i}`))];
    const findings = [finding('x', { kind: 'tool', name: 't' }, 'error')];
    const input = { rules, ran: rules.map((r) => r.id), subjects, handshakeOk: true, findings };
    expect(scoreServer(input).score).toBe(79);
    const [gain] = fixGains(input);
    expect(gain).toMatchObject({ ruleId: 'x', failing: 1, applicable: 4 });
    expect(gain!.points).toBeCloseTo(21);
  });

  it('grade bands', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(gradeOf).join('')).toBe('AABBCCDDFF');
  });

  it('fix gains add up to what the server lost', () => {
    const tools = cleanTools().map((t) => ({ ...t, name: t.name.replace(/^bookstore_/, '').replace(/_/g, '-') }));
    const server = serverReport(makeCapture({ tools }));
    const gains = serverFixGains(server, rules);
    expect(gains.map((g) => g.ruleId).sort()).toEqual(['tool-name-service-prefix', 'tool-name-snake-case']);
    const lost = gains.reduce((sum, g) => sum + g.points, 0);
    expect(Math.abs(100 - lost - server.score.score)).toBeLessThan(1);
  });
});

describe('published weights', () => {
  it('the docs/scoring.md tables state the weights score.ts uses', () => {
    const readme = readFileSync(join(ROOT, 'docs', 'scoring.md'), 'utf8');
    for (const [category, weight] of Object.entries(CATEGORY_WEIGHTS)) expect(readme).toContain(`| ${category} | ${weight} |`);
    expect(readme).toContain(`| error | ${LEVEL_WEIGHTS.error} |`);
    expect(readme).toContain(`| warning | ${LEVEL_WEIGHTS.warning} |`);
    expect(readme).toContain(`| note (and rules off by default, when enabled) | ${LEVEL_WEIGHTS.note} |`);
  });
});

describe('a list that never completed', () => {
  const finding = (ruleId: string, messageId: string, level: 'error' | 'warning' = 'error') => ({
    ruleId,
    messageId,
    level,
    message: '',
    subject: { kind: 'server' as const },
    fingerprint: `${ruleId}/${messageId}`,
  });
  const score = (findings: ReturnType<typeof finding>[]) =>
    scoreServer({
      findings,
      rules,
      ran: rules.map((r) => r.id),
      subjects: { tools: 10, parameters: 10, prompts: 0, resources: 0 },
      handshakeOk: true,
    });

  it('caps the score at a D, whatever else the server gets right', () => {
    expect(score([finding('lists-complete', 'flooded')]).grade).toBe('D');
    expect(score([finding('lists-complete', 'pageCap'), finding('output-flood', 'stdoutCap', 'warning')]).score).toBeLessThanOrEqual(
      highestScoreOf('D'),
    );
  });

  it("is what a rule's incompleteList says, not a list of ids: another message of the rule caps only as a spec error", () => {
    const custom = {
      id: 'custom-list-rule',
      category: 'lifecycle',
      basis: 'guideline',
      severity: 'error',
      incompleteList: ['cut'],
    } as const;
    const withCustom = (messageId: string) =>
      scoreServer({
        findings: [finding(custom.id, messageId)],
        rules: [...rules, custom],
        ran: [...rules.map((r) => r.id), custom.id],
        subjects: { tools: 10, parameters: 10, prompts: 0, resources: 0 },
        handshakeOk: true,
      }).score;
    expect(withCustom('cut')).toBeLessThanOrEqual(highestScoreOf('D'));
    expect(withCustom('other')).toBeGreaterThan(highestScoreOf('D'));
    expect(score([finding('advertised-lists-work', 'errorResponse')]).score).toBeGreaterThan(highestScoreOf('D'));
  });

  it('counts a list that timed out as never completed, and not a lowered (warning) one', () => {
    expect(score([finding('advertised-lists-work', 'timeout')]).score).toBeLessThanOrEqual(highestScoreOf('D'));
    expect(score([finding('lists-complete', 'loop', 'warning')]).score).toBeGreaterThan(highestScoreOf('D'));
  });
});

/**
 * Ignored findings are counted in every format, never silently dropped; per-tool scores in JSON;
 * the exit gate (--fail-on, --max-warnings, --min-score) and the --quiet view.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Log } from 'sarif';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { runRules } from '../src/engine/run.js';
import { checklist } from '../src/report/formatters/checklist.js';
import { github } from '../src/report/formatters/github.js';
import { json } from '../src/report/formatters/json.js';
import { markdown } from '../src/report/formatters/markdown.js';
import { sarif } from '../src/report/formatters/sarif.js';
import { text } from '../src/report/formatters/text.js';
import { gate, quietView } from '../src/report/gate.js';
import { buildServerReport, toolScores } from '../src/report/report.js';
import { rules } from '../rules/index.js';
import { fixturePath, makeCapture } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { ANCHORS, CONTEXT, lintReport, onlySettings, reportWithFindings } from './helpers/report.js';

const RULE = 'tool-annotations-present';
const unannotated = (name: string) => ({ ...cleanTools()[0], name, annotations: undefined });

/** Two tools without annotations; the one named bookstore_ping is ignored with a reason. */
function ignoredReport() {
  const capture = makeCapture({ tools: [...cleanTools(), unannotated('bookstore_ping'), unannotated('bookstore_list_books')] });
  const result = runRules(capture, {
    rules,
    settings: onlySettings([RULE]),
    ignore: [{ rule: RULE, tool: 'bookstore_ping', reason: 'health check' }],
  });
  return lintReport(buildServerReport(capture, result, ANCHORS, rules));
}

describe('ignored findings in every format', () => {
  const report = ignoredReport();

  it('are kept in the report with their reason', () => {
    expect(report.servers[0]!.findings).toHaveLength(1);
    expect(report.servers[0]!.ignored.map((f) => [f.subject, f.reason])).toEqual([
      [{ kind: 'tool', name: 'bookstore_ping' }, 'health check'],
    ]);
  });

  it('text: "ignored: 1 finding"', () => {
    expect(text(report, CONTEXT)).toContain('ignored: 1 finding (reasons in config)');
  });

  it('json: the summary counts them and the server lists them', () => {
    const doc = JSON.parse(json(report, CONTEXT));
    expect(doc.summary).toEqual({ error: 0, warning: 1, note: 0, ignored: 1, baselined: 0 });
    expect(doc.servers[0].ignored[0]).toMatchObject({ ruleId: RULE, reason: 'health check' });
  });

  it('markdown: the ignored column, also in the multi-server overview', () => {
    expect(markdown(report, CONTEXT)).toContain('| 0 | 1 | 0 | 1 | 0 |');
    const two = lintReport(report.servers[0]!, report.servers[0]!);
    expect(markdown(two, CONTEXT)).toContain('| server | score | errors | warnings | notes | ignored | baselined |');
  });

  it('sarif: run properties and a notification', () => {
    const log = JSON.parse(sarif(report, CONTEXT)) as Log;
    const run = log.runs[0]!;
    expect(run.properties).toMatchObject({ ignored: 1, baselined: 0, counts: { error: 0, warning: 1, note: 0 } });
    expect(run.invocations![0]!.toolExecutionNotifications!.map((n) => n.descriptor?.id)).toContain('findings-ignored');
  });

  it('github: the summary line', () => {
    expect(github(report, CONTEXT)).toMatch(/· ignored: 1/);
  });

  it('checklist: counted next to the item tally', () => {
    expect(checklist(report, CONTEXT)).toContain('(ignored findings set aside: 1)');
  });
});

describe('per-tool scores', () => {
  it('applies the server formula to each tool, lists every tool, and is in the JSON', () => {
    const capture = makeCapture({ tools: [...cleanTools(), unannotated('bookstore_list_books')] });
    const server = reportWithFindings(capture, [
      { ruleId: RULE, subject: { kind: 'tool', name: 'bookstore_list_books' }, level: 'warning' },
      { ruleId: 'tool-name-verb', subject: { kind: 'tool', name: 'bookstore_list_books' }, level: 'error' },
      { ruleId: 'server-name-convention', subject: { kind: 'server' }, level: 'warning' },
    ]);
    const scores = toolScores(server, rules);
    expect(scores.map((s) => s.name)).toEqual([...cleanTools().map((t) => t.name), 'bookstore_list_books']);
    const listBooks = scores.find((s) => s.name === 'bookstore_list_books')!;
    // Two of the tool rules fail for this one tool (weights 6 and 1 of the tool rules' total); the
    // server's three tools and its other rules dilute the same two failures in the server score.
    expect(listBooks).toMatchObject({ score: 94, grade: 'A', counts: { error: 1, warning: 1, note: 0 } });
    for (const s of scores.filter((s) => s.name !== 'bookstore_list_books')) expect(s).toMatchObject({ score: 100, grade: 'A' });
    const doc = JSON.parse(json(lintReport(server), CONTEXT));
    expect(doc.servers[0].tools.find((t: { name: string }) => t.name === 'bookstore_list_books')).toMatchObject({ score: 94, grade: 'A' });
    expect(doc.servers[0].score).toBe(server.score.score);
    expect(server.score.score).toBeGreaterThan(listBooks.score);
    expect(server.score.score).toBeLessThan(100);
  });
});

describe('gate', () => {
  const server = reportWithFindings(makeCapture({ tools: cleanTools() }), [
    { ruleId: RULE, subject: { kind: 'tool', name: 'a' }, level: 'warning' },
    { ruleId: 'tool-name-verb', subject: { kind: 'tool', name: 'b' }, level: 'note' },
  ]);
  const report = lintReport(server);

  it('fails on the --fail-on level or above, on --max-warnings and on --min-score', () => {
    expect(gate(report, {}).failed).toBe(false);
    expect(gate(report, { failOn: 'warning' }).failed).toBe(true);
    expect(gate(report, { failOn: 'note' }).reasons[0]).toMatch(/1 warning, 1 note/);
    expect(gate(report, { failOn: 'none', maxWarnings: 0 }).reasons).toEqual(['1 warning exceeds --max-warnings 0']);
    // The score moves as rules are added (each rule that ran and passed dilutes the two findings).
    const score = server.score.score;
    expect(score).toBeLessThan(100);
    expect(gate(report, { minScore: score }).failed).toBe(false);
    expect(gate(report, { minScore: score + 1 }).reasons[0]).toContain(`scores ${score}/100 (A), below --min-score ${score + 1}`);
  });

  it('--quiet shows errors only', () => {
    const quiet = quietView(report);
    expect(quiet.servers[0]!.findings).toEqual([]);
    expect(quiet.servers[0]!.counts).toEqual({ error: 0, warning: 0, note: 0 });
  });

  it('CLI: --min-score, --quiet, --fail-on', async () => {
    const bad = fixturePath('rules/tool-annotations-present/bad.mjs');
    // The score follows the rule set (every new rule dilutes one warning): read it, do not hard-code it.
    const json = await runCli(['--format', 'json', '--', process.execPath, bad]);
    const score = (JSON.parse(json.stdout) as { servers: { score: number }[] }).servers[0]!.score;
    expect(score).toBeLessThan(100);
    const [low, ok, quiet, failOn, badFlag] = await Promise.all([
      runCli(['--min-score', String(score + 1), '--', process.execPath, bad]),
      runCli(['--min-score', String(score), '--', process.execPath, bad]),
      runCli(['--quiet', '--', process.execPath, bad]),
      runCli(['--fail-on', 'warning', '--', process.execPath, bad]),
      runCli(['--min-score', '101', '--', process.execPath, bad]),
    ]);
    expect(low.code).toBe(1);
    expect(low.stderr).toContain(`scores ${score}/100 (A), below --min-score ${score + 1}`);
    expect(ok.code).toBe(0);
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toContain('has no annotations');
    expect(quiet.stderr).toBe('');
    expect(failOn.code).toBe(1);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toMatch(/--min-score 101: must be a number from 0 to 100/);
  }, 120_000);

  it('CLI: --report writes extra formats next to the main output, and --output never gets progress', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-report-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const r = await runCli([
      '--format',
      'github',
      '--output',
      join(dir, 'out.txt'),
      '--report',
      `sarif=${join(dir, 'x.sarif')}`,
      '--report',
      `json=${join(dir, 'x.json')}`,
      '--',
      process.execPath,
      fixturePath('clean-server.mjs'),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toMatch(
      /^mcplint: 0 errors, 0 warnings, 0 notes · score 100\/100 \(A\)( · skipped rules: \d+)?\n$/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'x.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(JSON.parse(readFileSync(join(dir, 'x.json'), 'utf8')).formatVersion).toBe(1);
    const wrong = await runCli(['--report', 'pdf=x.pdf', '--', process.execPath, fixturePath('clean-server.mjs')]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--report pdf=x\.pdf: expected FORMAT=FILE/);
  }, 120_000);
});

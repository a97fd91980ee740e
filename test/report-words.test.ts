/**
 * What the human report says about what it leaves out and why the run fails: the summary line
 * names the condition that fails the run (also under --quiet) and never reads "no problems" while
 * the baseline holds known ones; evidence cut anywhere says how much was left out; the tools the
 * probes skipped are listed where the skipped rules point; footer lines wrap at spaces.
 */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { rules } from '../rules/index.js';
import { evidenceLines } from '../src/report/formatters/evidence.js';
import { json } from '../src/report/formatters/json.js';
import { markdown } from '../src/report/formatters/markdown.js';
import { text } from '../src/report/formatters/text.js';
import { github } from '../src/report/formatters/github.js';
import { gate } from '../src/report/gate.js';
import { serverScore, type LintReport, type ServerReport } from '../src/report/report.js';
import { fixturePath, makeCapture } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { CONTEXT, lintReport, reportWithFindings } from './helpers/report.js';

const tools = cleanTools();
const warnings = reportWithFindings(
  makeCapture({ tools }),
  tools.map((t) => ({ ruleId: 'tool-annotations-present', subject: { kind: 'tool' as const, name: t.name } })),
);
const lastLine = (out: string) => out.trimEnd().split('\n').at(-1)!;

describe('the summary line names what fails the run', () => {
  const report = lintReport(warnings);

  it('--quiet --fail-on warning: not "✔ no errors" but the failing condition', () => {
    const out = text(report, { ...CONTEXT, quiet: true, gate: gate(report, { failOn: 'warning' }) });
    expect(out).not.toContain('✔');
    expect(lastLine(out)).toBe('✖ no errors (3 warnings not shown) · the run fails: findings at --fail-on warning or above: 3 warnings');
  });

  it('--max-warnings and --min-score, in the full and the quiet view', () => {
    const limits = gate(report, { maxWarnings: 0, minScore: 100 });
    expect(limits.failed).toBe(true);
    for (const quiet of [true, false]) {
      const line = text(report, { ...CONTEXT, quiet, gate: limits })
        .split('\n')
        .find((l) => l.includes('the run fails'))!;
      expect(line).toMatch(/^✖ /);
      expect(line).toContain('3 warnings exceed --max-warnings 0');
      expect(line).toContain(`scores ${warnings.score.score}/100 (${warnings.score.grade}), below --min-score 100`);
    }
    expect(github(report, { ...CONTEXT, gate: limits })).toContain('\nmcplint: the run fails: 3 warnings exceed --max-warnings 0');
    expect(markdown(report, { ...CONTEXT, gate: limits })).toContain('> **The run fails:** 3 warnings exceed --max-warnings 0');
  });

  it('a run that passes says nothing more', () => {
    expect(text(report, { ...CONTEXT, gate: gate(report, {}) })).not.toContain('the run fails');
  });

  it('known errors in the baseline are never "no problems", and the capped score stays beside them', () => {
    const spec = reportWithFindings(makeCapture({ tools }), [
      { ruleId: 'input-schema-valid', subject: { kind: 'tool', name: tools[0]!.name }, level: 'error' },
    ]);
    const baselined: ServerReport = {
      ...spec,
      findings: [],
      baselined: spec.findings.map((f) => ({ ...f, reason: 'known' })),
      counts: { error: 0, warning: 0, note: 0 },
    };
    const known: LintReport = lintReport({ ...baselined, score: serverScore(baselined, rules) });
    expect(known.servers[0]!.score.cappedBy).toBeDefined();
    const full = text(known, { ...CONTEXT, gate: gate(known, {}) });
    expect(full).not.toContain('no problems');
    expect(full).toMatch(
      /⚠ no new problems; 1 known problem in the baseline \(1 error, 0 warnings, 0 notes\) · score \d+\/100 \(C, capped: /,
    );
    expect(text(known, { ...CONTEXT, quiet: true, gate: gate(known, {}) })).toBe('⚠ no new errors, 1 known problem in the baseline\n');
  });

  it('through the CLI: -q --fail-on warning exits 1 and its one line says why', async () => {
    const r = await runCli([
      '-q',
      '--no-probes',
      '--fail-on',
      'warning',
      '--',
      process.execPath,
      fixturePath('rules/tool-name-snake-case/bad.mjs'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('✖ no errors (1 warning not shown) · the run fails: findings at --fail-on warning or above: 1 warning\n');
  });
});

describe('nothing is cut without a word', () => {
  it("evidence: at most 25 lines, the last saying how many more; a rule's own count is taken over", () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
    expect(evidenceLines(lines.join('\n'))).toEqual([...lines.slice(0, 24), '… and 6 more']);
    const listed = [...Array.from({ length: 20 }, (_, i) => `tool_${i}_${'x'.repeat(60)}`), '… and 12 more'];
    const cut = evidenceLines(listed.join('\n'));
    // 1000 characters hold 14 of these names and a piece of the 15th, which says what it lost; the
    // names left out and the rule's own 12 are counted together.
    expect(cut).toHaveLength(16);
    expect(cut.slice(0, 14)).toEqual(listed.slice(0, 14));
    expect(cut[14]).toMatch(/^tool_14_x+… \(\d+ more characters\)$/);
    expect(cut.at(-1)).toBe(`… and ${20 - 15 + 12} more`);
    expect(evidenceLines(`short\n${'y'.repeat(2000)}`)).toEqual(['short', `${'y'.repeat(993)}… (1007 more characters)`]);
  });

  it('the text report says how many evidence lines it left out (it cut at 15 without a word)', () => {
    const evidence = Array.from({ length: 26 }, (_, i) => `name_${i}`).join('\n');
    const report = lintReport(
      reportWithFindings(makeCapture({ tools }), [{ ruleId: 'tool-name-snake-case', subject: { kind: 'server' }, evidence }]),
    );
    const out = text(report, { ...CONTEXT, fold: false });
    expect(out).toContain('│ name_23');
    expect(out).not.toContain('│ name_24');
    expect(out).toContain('│ … and 2 more');
  });

  it('the tools the probes skipped are listed where "see the skipped tools" points: text (folded, with how many more), JSON', () => {
    const skippedTools = Array.from({ length: 10 }, (_, i) => ({
      tool: `bookstore_tool_${i}`,
      reason: 'never called: it is not annotated readOnlyHint: true',
    }));
    const capture = makeCapture({
      tools,
      probes: {
        'valid-calls': {
          id: 'valid-calls',
          status: 'skipped',
          reason: 'no tool can be called with valid arguments (see the skipped tools)',
          data: { calls: [], skippedTools },
        },
      },
    });
    const report = lintReport(reportWithFindings(capture, []));
    const out = text(report, CONTEXT);
    expect(out).toContain('  skipped tools: 10 tools a probe did not call, and why');
    expect(out).toContain('    bookstore_tool_0 (valid-calls): never called: it is not annotated readOnlyHint: true');
    expect(out).toContain('    … and 2 more (--no-fold lists every one)');
    expect(text(report, { ...CONTEXT, fold: false })).toContain('    bookstore_tool_9 (valid-calls)');
    expect(JSON.parse(json(report, CONTEXT)).servers[0].skippedTools).toHaveLength(10);
    expect(markdown(report, CONTEXT)).toContain('<details><summary>10 skipped tools (not called by a probe)</summary>');
  });

  it('footer lines wrap at spaces on a terminal, continued two columns in, and stay whole in pipes', () => {
    const capture = makeCapture({ tools });
    const report = lintReport({ ...reportWithFindings(capture, []), notes: [`${'word '.repeat(30)}end`] });
    const wrapped = text(report, { ...CONTEXT, width: 50 });
    const note = wrapped.slice(wrapped.indexOf('  note: ')).trimEnd().split('\n');
    expect(note.length).toBeGreaterThan(2);
    for (const line of note) {
      expect(line.length).toBeLessThanOrEqual(50);
      expect(line.trimEnd()).toMatch(/(word|end|note:)$/);
    }
    expect(note.slice(1).every((l) => l.startsWith('    '))).toBe(true);
    expect(text(report, CONTEXT)).toContain(`  note: ${'word '.repeat(30)}end`);
  });
});

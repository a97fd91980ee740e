/**
 * Baselines: known findings do not fail the run, new ones do, stale entries are reported (and fail
 * with --strict-baseline), and --update-baseline keeps the reasons people wrote.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { parseBaseline, serializeBaseline, type Baseline } from '../src/report/baseline.js';
import { applyBaseline, updatedBaseline } from '../src/report/apply-baseline.js';
import { gate } from '../src/report/gate.js';
import { makeCapture, fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { assertGitHubIngestible, assertValidSarif } from './helpers/github-sarif.js';
import { lintReport, reportWithFindings } from './helpers/report.js';

const A = { ruleId: 'tool-annotations-present', subject: { kind: 'tool' as const, name: 'bookstore_search_books' } };
const B = { ruleId: 'tool-name-verb', subject: { kind: 'tool' as const, name: 'bookstore_customer_feedback' }, level: 'note' as const };
const report = (...findings: (typeof A | typeof B)[]) => lintReport(reportWithFindings(makeCapture({ tools: cleanTools() }), findings));

describe('baseline (pure)', () => {
  it('moves known findings to baselined, recounts, keeps the score, and lists stale entries', () => {
    const known = updatedBaseline(report(A), undefined);
    expect(known.entries).toHaveLength(1);
    expect(known.entries[0]).toMatchObject({ rule: A.ruleId, subject: 'tool:bookstore_search_books', reason: '' });

    const before = report(A, B);
    const after = applyBaseline(before, known, 'b.json');
    const server = after.servers[0]!;
    expect(server.findings.map((f) => f.ruleId)).toEqual([B.ruleId]);
    expect(server.baselined!.map((f) => f.ruleId)).toEqual([A.ruleId]);
    expect(server.counts).toEqual({ error: 0, warning: 0, note: 1 });
    expect(server.score).toEqual(before.servers[0]!.score);
    expect(after.baseline).toMatchObject({ file: 'b.json', entries: 1, matched: 1, stale: [] });

    const gone = applyBaseline(report(B), known, 'b.json');
    expect(gone.baseline!.stale.map((e) => e.rule)).toEqual([A.ruleId]);
    expect(gate(gone, { failOn: 'warning' }).failed).toBe(false);
    expect(gate(gone, { strictBaseline: true })).toMatchObject({ failed: true });
  });

  it('update keeps reasons of matching entries, drops stale ones, and sorts', () => {
    const previous: Baseline = {
      version: 1,
      entries: [
        { ...updatedBaseline(report(A), undefined).entries[0]!, reason: 'Annotations land in v2 (#12)' },
        { fingerprint: 'deadbeef', rule: 'gone', subject: 'tool:x', message: 'm', reason: 'old' },
      ],
    };
    const next = updatedBaseline(report(B, A), previous);
    expect(next.entries.map((e) => [e.rule, e.reason])).toEqual([
      [A.ruleId, 'Annotations land in v2 (#12)'],
      [B.ruleId, ''],
    ]);
    expect(parseBaseline(serializeBaseline(next))).toEqual(next);
  });

  it('rejects files that are not baselines, with one readable line', () => {
    expect(() => parseBaseline('nope')).toThrow('not JSON');
    expect(() => parseBaseline('{"version":2,"entries":[]}')).toThrow(/unsupported baseline version 2/);
    expect(() => parseBaseline('{"version":1,"entries":[{}]}')).toThrow(/entries\[0\]: needs a "fingerprint"/);
  });
});

describe('baseline (CLI)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-baseline-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const raw = pathToFileURL(fixturePath('lib/raw-server.mjs')).href;
  const server = (name: string, body: string): string => {
    const path = join(dir, `${name}.mjs`);
    writeFileSync(path, `import { cleanTools, serveRaw, withTool } from '${raw}';\n${body}\n`);
    return path;
  };
  const noAnnotations = `(t) => { delete t.annotations; return t; }`;
  const known = server('known', `serveRaw({ tools: withTool(cleanTools(), 'bookstore_search_books', ${noAnnotations}) });`);
  const knownPlusNew = server(
    'known-plus-new',
    `serveRaw({ tools: withTool(withTool(cleanTools(), 'bookstore_search_books', ${noAnnotations}), 'bookstore_add_review', (t) => ({ ...t, name: 'bookstore_customer_feedback' })) });`,
  );
  const clean = server('clean', 'serveRaw();');
  const baseline = join(dir, 'mcplint.baseline.json');
  const lint = (file: string, ...flags: string[]) => runCli([...flags, '--', process.execPath, file], { cwd: dir });

  it('passes on known findings, fails on a new one, reports a stale entry', async () => {
    // Without a baseline the warning fails a --fail-on warning run.
    expect((await lint(known, '--fail-on', 'warning')).code).toBe(1);

    const written = await lint(known, '--update-baseline', '--baseline', baseline, '--fail-on', 'warning');
    expect(written.code).toBe(0);
    expect(written.stderr).toContain('wrote');
    const file = JSON.parse(readFileSync(baseline, 'utf8'));
    expect(file.version).toBe(1);
    expect(file.entries).toEqual([
      expect.objectContaining({ rule: 'tool-annotations-present', subject: 'tool:bookstore_search_books', reason: '' }),
    ]);

    // Known finding: passes, shown as baselined.
    const same = await lint(known, '--baseline', baseline, '--fail-on', 'warning');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('baselined: 1 known finding');
    // Known problems are never "no problems": they still count in the score.
    expect(same.stdout).toContain('⚠ no new problems; 1 known problem in the baseline (0 errors, 1 warning, 0 notes)');

    // A new finding fails; the known one stays baselined.
    const added = await lint(knownPlusNew, '--baseline', baseline, '--fail-on', 'note', '--format', 'json');
    expect(added.code).toBe(1);
    const doc = JSON.parse(added.stdout);
    expect(doc.servers[0].findings.map((f: { ruleId: string }) => f.ruleId)).toEqual(['tool-name-verb']);
    expect(doc.servers[0].baselined.map((f: { ruleId: string; reason: string }) => f.ruleId)).toEqual(['tool-annotations-present']);
    expect(doc.summary).toMatchObject({ note: 1, baselined: 1 });
    expect(doc.baseline).toMatchObject({ entries: 1, matched: 1, stale: [] });

    // Fixed: the entry is stale — reported, and fatal only with --strict-baseline.
    const fixed = await lint(clean, '--baseline', baseline);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toMatch(/1 stale \(no longer found; remove with --update-baseline\)/);
    expect(fixed.stdout).toContain('tool-annotations-present  tool:bookstore_search_books');
    const strict = await lint(clean, '--baseline', baseline, '--strict-baseline');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('stale baseline entry');
    const sarif = JSON.parse((await lint(clean, '--baseline', baseline, '--format', 'sarif')).stdout);
    const notes = sarif.runs[0].invocations[0].toolExecutionNotifications.map((n: { descriptor: { id: string } }) => n.descriptor.id);
    expect(notes).toContain('baseline-stale');
  }, 180_000);

  it('keeps reasons on --update-baseline and marks SARIF results new or unchanged', async () => {
    const path = join(dir, 'reasons.json');
    await lint(known, '--update-baseline', '--baseline', path);
    const file = JSON.parse(readFileSync(path, 'utf8'));
    file.entries[0].reason = 'Annotations land in v2';
    writeFileSync(path, JSON.stringify(file));
    await lint(knownPlusNew, '--update-baseline', '--baseline', path);
    const updated = JSON.parse(readFileSync(path, 'utf8'));
    expect(updated.entries.map((e: { rule: string; reason: string }) => [e.rule, e.reason])).toEqual([
      ['tool-annotations-present', 'Annotations land in v2'],
      ['tool-name-verb', ''],
    ]);
    // A baseline file that does not exist is a usage error, not an empty baseline.
    const missing = await lint(known, '--baseline', join(dir, 'missing.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/file not found \(create it with --update-baseline\)/);

    await lint(known, '--update-baseline', '--baseline', path);
    const sarif = JSON.parse((await lint(knownPlusNew, '--baseline', path, '--format', 'sarif')).stdout);
    const states = Object.fromEntries(
      sarif.runs[0].results.map((r: { ruleId: string; baselineState: string }) => [r.ruleId, r.baselineState]),
    );
    expect(states).toEqual({ 'tool-annotations-present': 'unchanged', 'tool-name-verb': 'new' });
    assertValidSarif(sarif);
    assertGitHubIngestible(sarif);
  }, 180_000);
});

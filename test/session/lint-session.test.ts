/**
 * The lint-session core (src/session/lint-session.ts, lint-delta.ts): a second lint says what
 * changed since the first, findings matched by fingerprint. Real servers over real stdio: the
 * target is a file that imports a one-defect fixture, then its clean twin.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import type { LintReport, ServerReport } from '../../src/report/report.js';
import { deltaText } from '../../src/cli/watch-delta.js';
import { lintDelta } from '../../src/session/lint-delta.js';
import { createLintSession, LintCancelled } from '../../src/session/lint-session.js';
import { fixturePath } from '../helpers/capture.js';

const SLOW = 120_000;
const dir = mkdtempSync(join(tmpdir(), 'mcplint-session-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The target imports `fixture`: rewriting the file is an edit of the server. */
const serve = (file: string, fixture: string): void =>
  writeFileSync(file, `import ${JSON.stringify(pathToFileURL(fixturePath(fixture)).href)};\n`);

describe('a lint session', () => {
  it(
    'reports every finding as new on the first run, then the fixed finding and the score before → after',
    async () => {
      const server = join(dir, 'server.mjs');
      serve(server, 'rules/tool-annotations-present/bad.mjs');
      const session = createLintSession({ cwd: dir, rules, noConfig: true, noSource: true, command: [process.execPath, server] });
      expect(session.last).toBeUndefined();

      const first = await session.lint();
      expect(first.runNumber).toBe(1);
      expect(first.delta.added).toBe(1);
      expect(first.delta.fixed).toBe(0);
      expect(first.delta.servers[0]!.added.map((f) => f.ruleId)).toEqual(['tool-annotations-present']);
      expect(first.delta.servers[0]!.before).toBeUndefined();
      const scoreBefore = first.outcome.report.servers[0]!.score.score;
      expect(scoreBefore).toBeLessThan(100);

      serve(server, 'clean-server.mjs');
      const second = await session.lint();
      expect(second.runNumber).toBe(2);
      expect(session.last).toBe(second.outcome);
      expect(second.delta.added).toBe(0);
      expect(second.delta.fixed).toBe(1);
      expect(second.delta.servers[0]!.fixed[0]!.fingerprint).toBe(first.outcome.report.servers[0]!.findings[0]!.fingerprint);
      expect(second.delta.servers[0]!.before?.score).toBe(scoreBefore);
      expect(second.delta.servers[0]!.after).toEqual({ score: 100, grade: 'A' });

      // Nothing changed: nothing to say.
      const third = await session.lint();
      expect(third.delta).toMatchObject({ added: 0, fixed: 0, same: true });

      // A save that breaks the server: it failed to start, and nothing counts as fixed.
      writeFileSync(server, 'this is not javascript(\n');
      const broken = await session.lint();
      expect(broken.delta.servers[0]!.failed).toBeDefined();
      expect(broken.delta.fixed).toBe(0);
      // Mended: compared with the last run in which it started, not with the broken one.
      serve(server, 'clean-server.mjs');
      const mended = await session.lint();
      expect(mended.delta).toMatchObject({ added: 0, fixed: 0, same: true });
    },
    SLOW,
  );
});

describe('a cancelled lint', () => {
  it(
    "stops that run's server at once, leaves other runs alone, and keeps the run before as the one to compare with",
    async () => {
      // A server that never answers tools/list and writes down its pid.
      const pidFile = join(dir, 'hang.pid');
      const hang = join(dir, 'hang.mjs');
      writeFileSync(
        hang,
        `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nawait import(${JSON.stringify(pathToFileURL(fixturePath('hostile/hang-list.mjs')).href)});\n`,
      );
      const hanging = createLintSession({
        cwd: dir,
        rules,
        noConfig: true,
        noSource: true,
        timeoutMs: 60_000,
        command: [process.execPath, hang],
      });
      const other = join(dir, 'other.mjs');
      serve(other, 'clean-server.mjs');
      const clean = createLintSession({ cwd: dir, rules, noConfig: true, noSource: true, command: [process.execPath, other] });

      const controller = new AbortController();
      let progress: () => { label: string; phase: string }[] = () => [];
      const cancelled = hanging.lint({ signal: controller.signal, onStart: (read) => (progress = read) });
      const meanwhile = clean.lint();
      const pid = await until(() => Number(readIfThere(pidFile)) || undefined);
      // The run's progress is its own server's only, never the other run's.
      const own = await until(() => (progress().some((p) => p.phase === 'listing') ? progress() : undefined));
      expect(own.map((p) => p.label.includes('hang.mjs'))).toEqual([true]);
      controller.abort();
      await expect(cancelled).rejects.toBeInstanceOf(LintCancelled);
      await until(() => (alive(pid) ? undefined : true));
      expect(hanging.last).toBeUndefined();
      // The other run's server was not this run's to stop.
      expect((await meanwhile).outcome.report.servers[0]!.score.score).toBe(100);
      // Already aborted: nothing is started.
      await expect(hanging.lint({ signal: controller.signal })).rejects.toBeInstanceOf(LintCancelled);
    },
    SLOW,
  );
});

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('lintDelta', () => {
  const finding = (fingerprint: string) => ({ fingerprint, ruleId: `rule-${fingerprint}` }) as unknown as ServerReport['findings'][number];
  const server = (label: string, fingerprints: string[], score: number, position?: number) =>
    ({
      label,
      ...(position !== undefined ? { position } : {}),
      handshake: { ok: true },
      findings: fingerprints.map(finding),
      score: { score, grade: score >= 90 ? 'A' : 'B' },
    }) as unknown as ServerReport;
  const report = (...servers: ServerReport[]) => ({ tool: { name: 'mcplint', version: '0' }, servers }) as LintReport;

  it('matches findings by fingerprint, not by message or place', () => {
    const delta = lintDelta(report(server('a', ['x', 'y'], 80)), report(server('a 2.0', ['y', 'z'], 85)));
    expect(delta.servers).toHaveLength(1);
    expect(delta.servers[0]!.label).toBe('a 2.0');
    expect(delta.servers[0]!.added.map((f) => f.fingerprint)).toEqual(['z']);
    expect(delta.servers[0]!.fixed.map((f) => f.fingerprint)).toEqual(['x']);
    expect(delta.servers[0]!.unchanged).toBe(1);
    expect(delta.servers[0]!.before?.score).toBe(80);
    expect(delta.servers[0]!.after?.score).toBe(85);
    expect(delta.same).toBe(false);
  });

  it('keeps the servers of a client config apart by their place in it, and reports one that is gone', () => {
    const before = report(server('one', ['x'], 90, 0), server('two', ['x'], 90, 1));
    const after = report(server('two', [], 100, 1));
    const delta = lintDelta(before, after);
    expect(delta.servers.map((s) => [s.label, s.fixed.length, s.after?.score])).toEqual([
      ['two', 1, 100],
      ['one', 1, undefined],
    ]);
    expect(delta.fixed).toBe(2);
  });

  it('counts nothing as fixed on a server that did not start, and says why', () => {
    const failed = {
      ...server('a', ['handshake'], 0),
      handshake: { ok: false, message: 'The server exited before answering initialize.' },
    };
    const delta = lintDelta(report(server('a', ['x', 'y'], 80)), report(failed as ServerReport));
    expect(delta.servers[0]).toMatchObject({ failed: 'The server exited before answering initialize.', fixed: [] });
    expect(delta.servers[0]!.added.map((f) => f.fingerprint)).toEqual(['handshake']);
  });

  it('says nothing changed when the findings and scores are the same', () => {
    expect(lintDelta(report(server('a', ['x'], 90)), report(server('a', ['x'], 90))).same).toBe(true);
  });

  it('counts a finding the config now ignores, or a baseline now lists, as set aside, not fixed', () => {
    const after = {
      ...server('a', [], 90),
      ignored: [{ ...finding('x'), reason: 'ignored by the config' }],
      baselined: [{ ...finding('y'), reason: 'in the baseline' }],
    } as unknown as ServerReport;
    const delta = lintDelta(report(server('a', ['x', 'y', 'z'], 80)), report(after));
    expect(delta.servers[0]!.fixed.map((f) => f.fingerprint)).toEqual(['z']);
    expect(delta.servers[0]!.setAside.map((f) => [f.fingerprint, f.as])).toEqual([
      ['x', 'ignored'],
      ['y', 'baselined'],
    ]);
    expect(delta).toMatchObject({ fixed: 1, setAside: 2, same: false });
  });
});

describe('the --watch delta text', () => {
  const finding = (fingerprint: string, level: string) =>
    ({
      fingerprint,
      ruleId: `rule-${fingerprint}`,
      level,
      message: `message ${fingerprint}`,
      location: { anchor: 'capture' },
    }) as unknown as ServerReport['findings'][number];
  const server = (findings: ServerReport['findings'], extra: Partial<ServerReport> = {}) =>
    ({ label: 'a', handshake: { ok: true }, findings, score: { score: 80, grade: 'B' }, ...extra }) as unknown as ServerReport;
  const report = (...servers: ServerReport[]) => ({ tool: { name: 'mcplint', version: '0' }, servers }) as LintReport;
  const before = report(server([finding('w', 'warning'), finding('i', 'warning')]));
  const after = report(
    server([finding('e', 'error'), finding('n', 'note')], {
      ignored: [{ ...finding('i', 'warning'), reason: 'config' }],
    } as Partial<ServerReport>),
  );

  it('names a newly ignored finding as ignored, not fixed', () => {
    const text = deltaText(lintDelta(before, after), false);
    expect(text.split('\n')[0]).toBe('2 new, 1 fixed, 1 now ignored, score 80 → 80 (B)');
    expect(text).toMatch(/fixed {2}\s+message w/);
    expect(text).toMatch(/ignored\s+message i/);
    expect(text).toContain('message n');
  });

  it('lists errors only under --quiet, with the counts whole', () => {
    const text = deltaText(lintDelta(before, after), false, true);
    expect(text.split('\n')[0]).toBe('2 new, 1 fixed, 1 now ignored, score 80 → 80 (B)');
    expect(text).toContain('message e');
    expect(text).not.toContain('message n');
    expect(text).not.toContain('message w');
    expect(text).not.toContain('message i');
  });
});

/**
 * Rules declare what part of the capture they read (`requires`), and the declarations are true:
 * statically (a rule whose code, or a rules/lib helper it imports, reads the session's transcript
 * or its end declares it), and over real servers — the rules that do not declare 'exit' judge the
 * capture taken when shutdown began exactly as they judge the final one, the merged early and late
 * judgement equals one judgement of the final capture, and rules that declare no part of a live
 * session judge a capture stripped of it exactly as the full one.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import type { Requirement, Rule } from '../src/engine/rule.js';
import { liveOnly, mergeRunResults, runRules, type RuleSetting, type RunResult } from '../src/engine/run.js';
import { judgeAfterListing, judgeBeforeExit, judgedAfterExit, judgedAfterListing } from '../src/session/judge-before-exit.js';
import { deepFreeze } from '../src/shared/freeze.js';
import { rules } from '../rules/index.js';
import { captureFixture, fixturePath, ROOT } from './helpers/capture.js';

/** The rule's own file and every rules/lib helper it imports, transitively. */
function sourceOf(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return '';
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const helpers = [...text.matchAll(/from '(\.\.?\/(?:lib\/)?[\w-]+)\.js'/g)]
    .map((m) => resolve(dirname(file), `${m[1]}.ts`))
    .filter((path) => path.includes(`${join('rules', 'lib')}`));
  return [text, ...helpers.map((path) => sourceOf(path, seen))].join('\n');
}

const has = (rule: Rule, ...needs: Requirement[]): boolean => (rule.requires ?? []).some((n) => needs.includes(n));
const needsProbe = (rule: Rule): boolean => (rule.requires ?? []).some((n) => n.startsWith('probe:'));

describe('rule declarations match what each rule reads (static)', () => {
  for (const rule of rules) {
    it(rule.id, () => {
      const code = sourceOf(join(ROOT, 'rules', `${rule.id}.ts`));
      // Reading capture fields only through `capture.<field>` keeps this check able to see them.
      expect(code).not.toMatch(/\{[^}]*\}\s*=\s*capture\s*;|check\(\{[^)]*capture:\s*\{/);
      if (/\bcapture\.(exit|stderr|timing|notes|output)\b/.test(code)) expect(rule.requires).toContain('exit');
      if (/\bcapture\.frames\b|\bindex\.(received|noise|serverRequests|serverNotifications)\b/.test(code))
        expect(has(rule, 'session', 'exit')).toBe(true);
      // Probe records are complete before shutdown: any requirement only a live session meets will do.
      if (/\bcapture\.probes\b|\bprobeCalls\(/.test(code))
        expect(has(rule, 'session', 'exit', 'stdio', 'http') || needsProbe(rule)).toBe(true);
      // Exchanges exist only over HTTP; a rule judging both transports reads them optionally and waits for the exit.
      if (/\bcapture\.exchanges\b/.test(code)) expect(has(rule, 'http', 'exit')).toBe(true);
    });
  }
});

const settings = new Map<string, RuleSetting>(
  rules.map((r) => [r.id, { level: r.severity === 'off' ? 'warning' : r.severity, options: {} }]),
);
const judge = (capture: Capture, only: readonly Rule[] = rules): RunResult => runRules(capture, { rules: only, settings });
const comparable = (r: RunResult) => ({
  findings: r.findings.map((f) => `${f.ruleId} ${f.fingerprint} ${f.level} ${f.message} ${f.evidence ?? ''} ${f.frame ?? ''}`),
  skipped: r.skipped.map((s) => `${s.ruleId}: ${s.reason}`),
  ran: r.ran,
});

/** Servers whose sessions exercise the transcript and the shutdown: output during shutdown, slow exits, left-behind processes. */
const SERVERS = [
  'clean-server.mjs',
  ...[
    'stdout-pollution',
    'slow-shutdown',
    'orphaned-processes',
    'output-flood',
    'pre-initialize-messages',
    'result-type-present',
    'secrets-in-surface',
    'no-server-requests',
    'lists-complete',
    'response-id-echo',
  ].map((id) => `rules/${id}/bad.mjs`),
];

describe.concurrent('rule declarations match what each rule reads (real sessions)', () => {
  for (const server of SERVERS) {
    it(server, async () => {
      let beforeExit: Capture | undefined;
      let listed: Capture | undefined;
      const final = deepFreeze(
        await captureFixture(server, { onListed: (view) => (listed = view), onShutdown: (view) => (beforeExit = view) }),
      );
      expect(beforeExit).toBeDefined();
      const view = deepFreeze(beforeExit!);
      expect(view.exit).toBeUndefined();

      // Judged while the probes ran (only the listed data), then while it shut down, then the rest.
      if (final.handshake.ok) {
        expect(listed).toBeDefined();
        const afterListing = await judgeAfterListing(deepFreeze(listed!), { rules, settings });
        expect([...afterListing.judged].every((id) => judgedAfterListing(rules.find((r) => r.id === id)!))).toBe(true);
        const atShutdown = await judgeBeforeExit(view, { rules, settings }, afterListing);
        const rest = judge(
          final,
          rules.filter((r) => !atShutdown.judged.has(r.id)),
        );
        expect(comparable(mergeRunResults(rules, [atShutdown.result, rest]))).toEqual(comparable(judge(final)));
      }

      // Judged while the server shut down, then the rest: the same as judging the final capture once.
      const early = await judgeBeforeExit(view, { rules, settings });
      const late = judge(
        final,
        rules.filter((r) => !early.judged.has(r.id)),
      );
      const sequential = judge(final);
      expect(comparable(mergeRunResults(rules, [early.result, late]))).toEqual(comparable(sequential));
      expect([...early.judged].some((id) => judgedAfterExit(rules.find((r) => r.id === id)!))).toBe(false);
      // The fixture's exit-dependent findings are still there.
      if (server.startsWith('rules/')) {
        const id = server.split('/')[1]!;
        expect(sequential.findings.some((f) => f.ruleId === id)).toBe(true);
      }

      // Rules that declare no part of a live session read none: without it they judge alike.
      const sessionFree = rules.filter((r) => !(r.requires ?? []).some(liveOnly));
      const stripped: Capture = deepFreeze({
        ...final,
        frames: [],
        stderr: { text: '', totalBytes: 0, truncated: false },
        exit: undefined,
        output: undefined,
        notes: [],
        probes: {},
        timing: { totalMs: 0 },
      });
      expect(comparable(judge(stripped, sessionFree))).toEqual(comparable(judge(final, sessionFree)));
    }, 60_000);
  }
});

it('fixture paths exist', () => {
  for (const server of SERVERS) expect(() => readFileSync(fixturePath(server))).not.toThrow();
});

it('judgeServers runs only the rules not judged before the exit, and merges both in the stable order', async () => {
  const { judgeServers } = await import('../src/session/judge.js');
  const { loadRunConfig } = await import('../src/session/run-config.js');
  const run = await loadRunConfig({ cwd: ROOT, noConfig: true, rules });
  const [ruleList, ruleSettings] = await Promise.all([run.rules(), run.settings()]);
  const final = deepFreeze(await captureFixture('rules/slow-shutdown/bad.mjs'));
  const early = await judgeBeforeExit(final, { rules: ruleList, settings: ruleSettings });
  const marker = {
    ruleId: 'tool-name-verb',
    messageId: 'marker',
    level: 'warning' as const,
    message: 'judged before the exit',
    subject: { kind: 'server' as const },
    fingerprint: 'marker',
  };
  const acquired = {
    input: { kind: 'capture-file' as const, path: 'x.json', given: 'x.json', capture: final },
    capture: final,
    runNotes: [],
    beforeExit: { ...early, result: { ...early.result, findings: [marker, ...early.result.findings] } },
  };
  const [report] = judgeServers([acquired], { cwd: ROOT, run, rules: ruleList, settings: ruleSettings, labelByName: false });
  // The early result is taken as it is (not judged again), and the exit-dependent rules ran after.
  expect(report!.findings.map((f) => f.message)).toContain('judged before the exit');
  expect(report!.findings.map((f) => f.ruleId)).toContain('slow-shutdown');
  expect(report!.ran).toEqual(runRules(final, { rules: ruleList, settings: ruleSettings }).ran);
}, 60_000);

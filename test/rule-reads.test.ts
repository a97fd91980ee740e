/**
 * Rules read only what they require (`requires`), and so the judge may judge each rule as soon as
 * the capture holds that: by construction, since `check` is typed by the requirements (a read of
 * anything undeclared fails to compile, below), and over real servers — the phases of one session
 * judged one after the other (after listing, when shutdown began, at the end) give exactly the
 * judgement of the final capture, and rules that require no part of a live session judge a capture
 * stripped of it exactly as the full one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import { defineRule, type Report, type RuleContext } from '../src/engine/rule.js';
import { phaseOf, startJudgement } from '../src/engine/judge.js';
import type { PeerServer } from '../src/engine/requirements.js';
import { liveOnly, runRules, type RuleSetting, type RunResult } from '../src/engine/run.js';
import { deepFreeze } from '../src/shared/freeze.js';
import type { SourceIndex } from '../src/model/source-index.js';
import { rules } from '../rules/index.js';
import { captureFixture, fixturePath, makeCapture, ROOT } from './helpers/capture.js';

const server = { kind: 'server' } as const;
const meta = {
  category: 'lifecycle',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  summary: 'A rule that exists for its types.',
  references: [],
  messages: { seen: 'seen {{what}}' },
} as const;

describe('a rule sees only what it requires (type-checked by tsconfig.test.json)', () => {
  it('reading the exit, the stderr or the shutdown fields needs "exit"', () => {
    defineRule({
      id: 'reads-exit-undeclared',
      ...meta,
      requires: ['tools', 'session'],
      *check({ capture }): Generator<Report<'seen'>> {
        // @ts-expect-error the exit is not declared
        yield { messageId: 'seen', data: { what: capture.exit?.how }, subject: server };
        // @ts-expect-error nor what only the shutdown completes
        yield { messageId: 'seen', data: { what: capture.stderr.text }, subject: server };
        // @ts-expect-error
        yield { messageId: 'seen', data: { what: capture.timing.totalMs }, subject: server };
        // @ts-expect-error
        yield { messageId: 'seen', data: { what: capture.notes.length }, subject: server };
        // @ts-expect-error
        yield { messageId: 'seen', data: { what: capture.output?.framesDropped }, subject: server };
      },
    });
    defineRule({
      id: 'reads-exit-declared',
      ...meta,
      requires: ['exit'],
      *check({ capture, index }): Generator<Report<'seen'>> {
        const { exit, stderr, frames } = capture;
        yield {
          messageId: 'seen',
          data: { what: `${exit?.how} ${stderr.text} ${frames.length} ${index.received.length}` },
          subject: server,
        };
      },
    });
  });

  it('reading the transcript (frames, the index views of it) needs "session" or "exit"', () => {
    defineRule({
      id: 'reads-frames-undeclared',
      ...meta,
      requires: ['tools', 'probe:ping'],
      *check({ capture, index }): Generator<Report<'seen'>> {
        // @ts-expect-error the transcript is not declared
        yield { messageId: 'seen', data: { what: capture.frames.length }, subject: server };
        // @ts-expect-error nor the index's views of it
        yield { messageId: 'seen', data: { what: index.received.length }, subject: server };
        // @ts-expect-error
        yield { messageId: 'seen', data: { what: index.noise.length }, subject: server };
        // A probe's record is what 'probe:<id>' gives.
        yield { messageId: 'seen', data: { what: capture.probes.ping?.status }, subject: server };
      },
    });
  });

  it('without a live requirement there are no probe records; without "http" or "exit" no exchanges; without "source" no source', () => {
    defineRule({
      id: 'reads-live-undeclared',
      ...meta,
      requires: ['handshake'],
      *check(ctx): Generator<Report<'seen'>> {
        // @ts-expect-error no probe records
        yield { messageId: 'seen', data: { what: Object.keys(ctx.capture.probes).length }, subject: server };
        // @ts-expect-error no exchanges
        yield { messageId: 'seen', data: { what: ctx.capture.exchanges?.length }, subject: server };
        // @ts-expect-error no source index
        yield { messageId: 'seen', data: { what: ctx.source.root }, subject: server };
        // @ts-expect-error no other servers
        yield { messageId: 'seen', data: { what: ctx.peers.length }, subject: server };
      },
    });
    expectTypeOf<RuleContext<unknown, 'source' | 'tools'>['source']>().toEqualTypeOf<SourceIndex>();
    expectTypeOf<RuleContext<unknown, 'http'>['capture']>().toHaveProperty('exchanges');
  });

  it('a cross-server rule sees every server, its own too, only as a peer (what a JSON report keeps of it)', () => {
    expectTypeOf<RuleContext<unknown, 'tools' | 'peers'>['peers']>().toEqualTypeOf<readonly PeerServer[]>();
    expectTypeOf<RuleContext<unknown, 'tools' | 'peers'>['capture']>().toEqualTypeOf<PeerServer['capture']>();
    expectTypeOf<RuleContext<unknown, 'tools' | 'peers'>['capture']>().not.toHaveProperty('handshake');
    expectTypeOf<RuleContext<unknown, 'tools' | 'peers'>['index']>().not.toHaveProperty('toolsByName');
  });

  it('a helper that reads more than a rule requires does not accept its view', () => {
    const needsFrames = (capture: Pick<Capture, 'frames'>): number => capture.frames.length;
    defineRule({
      id: 'helper-undeclared',
      ...meta,
      requires: ['tools'],
      *check({ capture }): Generator<Report<'seen'>> {
        // @ts-expect-error the helper reads the transcript
        yield { messageId: 'seen', data: { what: needsFrames(capture) }, subject: server };
      },
    });
  });

  it('every rule of the registry is built by defineRule, which types its context by its requirements', () => {
    for (const rule of rules) expect(readFileSync(join(ROOT, 'rules', `${rule.id}.ts`), 'utf8')).toMatch(/^export default defineRule[<(]/m);
  });
});

const settings = new Map<string, RuleSetting>(
  rules.map((r) => [r.id, { level: r.severity === 'off' ? 'warning' : r.severity, options: {} }]),
);
const judge = (capture: Capture, only: readonly Rule[] = rules): RunResult => runRules(capture, { rules: only, settings });
type Rule = (typeof rules)[number];
const comparable = (r: RunResult) => ({
  findings: r.findings.map((f) => `${f.ruleId} ${f.fingerprint} ${f.level} ${f.message} ${f.evidence ?? ''} ${f.frame ?? ''}`),
  skipped: r.skipped.map((s) => `${s.ruleId}: ${s.reason}`),
  ran: r.ran,
});
const idsIn = (phases: readonly string[]) =>
  rules
    .filter((r) => phases.includes(phaseOf(r)))
    .map((r) => r.id)
    .sort();

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

describe.concurrent('the phases of a real session judge as one judgement of its final capture', () => {
  for (const fixture of SERVERS) {
    it(fixture, async () => {
      let shutdown: Capture | undefined;
      let listed: Capture | undefined;
      const final = deepFreeze(
        await captureFixture(fixture, { onListed: (view) => (listed = view), onShutdown: (view) => (shutdown = view) }),
      );
      expect(shutdown).toBeDefined();
      const view = deepFreeze(shutdown!);
      expect(view.exit).toBeUndefined();
      const sequential = judge(final);

      // After listing (while the probes ran), when shutdown began, then the rest.
      if (final.handshake.ok) {
        expect(listed).toBeDefined();
        const judgement = startJudgement({ rules, settings });
        judgement.judge({ capture: deepFreeze(listed!) }, 'listed');
        expect([...judgement.judged].sort()).toEqual(idsIn(['listed']));
        judgement.judge({ capture: view }, 'shutdown');
        expect([...judgement.judged].sort()).toEqual(idsIn(['listed', 'shutdown']));
        judgement.judge({ capture: final }, 'final');
        expect(comparable(judgement.result())).toEqual(comparable(sequential));
      }

      // A session without the listed view (a failed handshake, no probes): when shutdown began, then the rest.
      const judgement = startJudgement({ rules, settings });
      judgement.judge({ capture: view }, 'shutdown');
      expect([...judgement.judged].sort()).toEqual(idsIn(['listed', 'shutdown']));
      judgement.judge({ capture: final }, 'final');
      expect(comparable(judgement.result())).toEqual(comparable(sequential));
      // The fixture's exit-dependent findings are there.
      if (fixture.startsWith('rules/')) {
        const id = fixture.split('/')[1]!;
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
  for (const fixture of SERVERS) expect(() => readFileSync(fixturePath(fixture))).not.toThrow();
});

it('a rule judged in an earlier phase is not judged again, and only the final phase judges cross-server rules', () => {
  let calls = 0;
  const early = defineRule({
    id: 'counts-its-calls',
    ...meta,
    requires: ['tools'],
    *check({ capture }): Generator<Report<'seen'>> {
      calls++;
      yield { messageId: 'seen', data: { what: capture.target.kind }, subject: server };
    },
  });
  const collision = rules.find((r) => r.id === 'tool-name-collision')!;
  const own = makeCapture({ tools: [{ name: 'search', inputSchema: { type: 'object' } }] });
  const peer = { name: 'other', capture: own, index: { tools: [{ name: 'search' }] } };
  const judgement = startJudgement({ rules: [early, collision], settings: new Map() });
  judgement.judge({ capture: own, peers: [peer] }, 'listed');
  judgement.judge({ capture: own, peers: [peer] }, 'shutdown');
  expect([...judgement.judged]).toEqual(['counts-its-calls']);
  judgement.judge({ capture: own, peers: [peer] }, 'final');
  expect(calls).toBe(1);
  expect(judgement.result().findings.map((f) => f.ruleId)).toEqual(['counts-its-calls', 'tool-name-collision']);
});

it('judgeServers finishes the judgement begun during the session: what was judged is not judged again', async () => {
  const { judgeServers } = await import('../src/session/judge.js');
  const { loadRunConfig } = await import('../src/session/run-config.js');
  const seen: Capture[] = [];
  const spy = defineRule({
    id: 'sees-the-capture',
    ...meta,
    requires: ['tools'],
    *check({ capture }): Generator<Report<'seen'>> {
      seen.push(capture as Capture);
      yield { messageId: 'seen', data: { what: 'the capture' }, subject: server };
    },
  });
  const all = [...rules, spy];
  const run = await loadRunConfig({ cwd: ROOT, noConfig: true, rules: all });
  const [ruleList, ruleSettings] = await Promise.all([run.rules(), run.settings()]);
  const final = deepFreeze(await captureFixture('rules/slow-shutdown/bad.mjs'));
  const shutdownView = deepFreeze({ ...final, exit: undefined });
  const judgement = startJudgement({ rules: ruleList, settings: ruleSettings });
  judgement.judge({ capture: shutdownView }, 'shutdown');
  const acquired = {
    input: { kind: 'capture-file' as const, path: 'x.json', given: 'x.json', capture: final },
    capture: final,
    runNotes: [],
    judgement,
  };
  const [report] = await judgeServers([acquired], { cwd: ROOT, run, labelByName: false });
  // The spy ran once, over the view of the shutdown; the exit-dependent rules ran after, over the final capture.
  expect(seen).toEqual([shutdownView]);
  expect(seen[0]).toBe(shutdownView);
  expect(report!.findings.map((f) => f.ruleId)).toContain('slow-shutdown');
  expect(report!.ran).toEqual(runRules(final, { rules: ruleList, settings: ruleSettings }).ran);
}, 60_000);

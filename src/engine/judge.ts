/**
 * Judging a server as its capture fills in. A live session holds more and more: the handshake and
 * the lists once listing is done, the transcript and the probes' records once shutdown begins, its
 * end once it has exited. Each rule is judged in the earliest phase whose view holds everything it
 * requires, once, and kept by rule id; later phases judge only the rules not judged yet. A rule sees
 * only what it requires (src/engine/requirements.ts), so what it finds in an early view is what it
 * would find in the final one: the judgement of all phases is the judgement of the final capture.
 */
import type { Requirement, Rule } from './rule.js';
import { liveOnly, type PeerServer } from './requirements.js';
import { indexCapture } from './capture-index.js';
import {
  checkRule,
  judgeRule,
  mergeRunResults,
  missingPeers,
  skippedAs,
  type JudgeSettings,
  type RuleView,
  type RunResult,
} from './run.js';

/**
 * What the capture holds when it is judged: `listed`, the handshake and the lists (the probes are
 * still running); `shutdown`, besides them the transcript and every probe's record (a stdio server
 * is shutting down); `final`, all of it, the end of the session too, and the other servers of the run.
 */
export type Phase = 'listed' | 'shutdown' | 'final';

/** Whether a phase's view holds what a requirement needs. */
export function phaseHolds(phase: Phase, need: Requirement): boolean {
  if (phase === 'final') return true;
  // The other servers are captured alongside: only the final phase has them all.
  if (need === 'peers' || need === 'exit') return false;
  return phase === 'shutdown' || !liveOnly(need);
}

/** The earliest phase that can judge the rule. */
export function phaseOf(rule: Pick<Rule, 'requires'>): Phase {
  const needs = rule.requires ?? [];
  return (['listed', 'shutdown', 'final'] as const).find((phase) => needs.every((need) => phaseHolds(phase, need))) ?? 'final';
}

/**
 * A server known only as cross-server rules see it (its JSON report, when shard reports are
 * merged), with the other servers: only rules that a shard left waiting for the peers are judged over it.
 */
export interface PeerView {
  readonly server: PeerServer;
  readonly peers: readonly PeerServer[];
}

export interface Judgement extends JudgeSettings {
  /** Judge, over the view, every rule not judged yet that the phase can judge. */
  judge(view: RuleView | PeerView, phase: Phase): void;
  /**
   * The same, one rule per step: a caller that must stay responsive (the server is still running)
   * yields between steps. A rule that crashes ends the steps and stays unjudged, for a later phase.
   */
  steps(view: RuleView | PeerView, phase: Phase): Generator<string, void, undefined>;
  /** The rules judged so far (run, skipped or off), by id. */
  readonly judged: ReadonlySet<string>;
  /** Everything judged so far, and the rules still waiting for the peers as skipped, in the order one runRules call gives. */
  result(): RunResult;
}

export interface JudgementOptions extends JudgeSettings {
  /**
   * Rules a shard's judgement skipped for want of the other servers alone, with the reason its
   * report gives (`mcplint merge` starts from them): every other requirement was met, so they are
   * judged as soon as a view has the peers; until then they stay skipped for that reason.
   */
  readonly waitingForPeers?: ReadonlyMap<string, string>;
}

export function startJudgement(options: JudgementOptions): Judgement {
  const results = new Map<string, RunResult>();
  const judged = new Set<string>();
  const waiting = options.waitingForPeers ?? new Map<string, string>();

  function* steps(view: RuleView | PeerView, phase: Phase): Generator<string, void, undefined> {
    for (const rule of options.rules) {
      if (judged.has(rule.id)) continue;
      const result = waiting.has(rule.id) ? judgeWaiting(rule, view, phase) : judgeNew(rule, view, phase);
      if (result === undefined) continue;
      results.set(rule.id, result);
      judged.add(rule.id);
      yield rule.id;
    }
  }

  function judgeNew(rule: Rule, view: RuleView | PeerView, phase: Phase): RunResult | undefined {
    // A peer view has no capture: only rules waiting for the peers can be judged over it.
    if (!('capture' in view) || !(rule.requires ?? []).every((need) => phaseHolds(phase, need))) return undefined;
    return judgeRule(rule, view, options);
  }

  /** Only the final phase has the peers; the rule's own server is its capture, or its peer view. */
  function judgeWaiting(rule: Rule, view: RuleView | PeerView, phase: Phase): RunResult | undefined {
    if (phase !== 'final') return undefined;
    const missing = missingPeers(rule, view.peers, 'capture' in view ? view.peersDeferred : undefined);
    if (missing) return skippedAs(rule, missing);
    const own = 'capture' in view ? { capture: view.capture, index: indexCapture(view.capture) } : view.server;
    return checkRule(rule, { capture: own.capture, index: own.index, peers: view.peers! }, options);
  }

  return {
    rules: options.rules,
    settings: options.settings,
    ...(options.ignore ? { ignore: options.ignore } : {}),
    judge(view, phase) {
      for (const _ of steps(view, phase));
    },
    steps,
    judged,
    result() {
      const parts = options.rules.flatMap((rule) => {
        const result = results.get(rule.id);
        if (result) return [result];
        const reason = waiting.get(rule.id);
        return reason !== undefined ? [skippedAs(rule, { reason, applicable: true })] : [];
      });
      return mergeRunResults(options.rules, parts);
    },
  };
}

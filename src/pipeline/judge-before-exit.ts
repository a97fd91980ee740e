/**
 * Judging a stdio server while it shuts down (issue #17): the rules that read neither its exit nor
 * other servers run over the capture as it stood when shutdown began; judgeServers runs the rest
 * over the final capture and merges both, as one judgement of the final capture would be.
 */
import type { Capture } from '../capture.js';
import type { Rule } from '../engine/rule.js';
import { mergeRunResults, runRules, type IgnoreEntry, type RuleSetting, type RunResult } from '../engine/run.js';
import type { SourceIndex } from '../source/types.js';

/**
 * What was judged of a stdio server while it shut down: every rule that reads neither its exit nor
 * other servers, over the capture as it stood when shutdown began. judgeServers runs only the rest.
 */
export interface BeforeExitJudgement {
  /** The rules and settings it was judged with (judgeServers uses it only when they are its own). */
  readonly rules: readonly Rule[];
  readonly settings: ReadonlyMap<string, RuleSetting>;
  readonly judged: ReadonlySet<string>;
  readonly result: RunResult;
}

/** Rules that wait for the final capture: those reading the server's exit, and cross-server ones (the other servers are not captured yet). */
export function judgedAfterExit(rule: Rule): boolean {
  return (rule.requires ?? []).some((need) => need === 'exit' || need === 'peers');
}

/**
 * Judge the rules that do not depend on the exit over the capture before it. One rule at a time,
 * yielding between rules: the server's exit and the shutdown's timers are handled as they come,
 * so its measured shutdown stays its own (delayed by one rule's run at most).
 */
export async function judgeBeforeExit(
  beforeExit: Capture,
  ctx: {
    readonly rules: readonly Rule[];
    readonly settings: ReadonlyMap<string, RuleSetting>;
    readonly ignore?: readonly IgnoreEntry[];
    readonly source?: SourceIndex;
  },
): Promise<BeforeExitJudgement> {
  const early = ctx.rules.filter((rule) => !judgedAfterExit(rule));
  const parts: RunResult[] = [];
  for (const rule of early) {
    await new Promise((resolve) => setImmediate(resolve));
    parts.push(
      runRules(beforeExit, {
        rules: [rule],
        settings: ctx.settings,
        ...(ctx.ignore ? { ignore: ctx.ignore } : {}),
        ...(ctx.source ? { source: ctx.source } : {}),
      }),
    );
  }
  return {
    rules: ctx.rules,
    settings: ctx.settings,
    judged: new Set(early.map((r) => r.id)),
    result: mergeRunResults(ctx.rules, parts),
  };
}

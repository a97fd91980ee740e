/**
 * Judging a server while mcplint would otherwise wait on it (issue #17). While the probes run,
 * the rules that read no part of the live session (only the handshake and the lists, which are
 * complete by then) judge the capture as it stood after listing; while a stdio server shuts
 * down, the rest of the rules that do not read its exit judge the capture as it stood when
 * shutdown began. judgeServers runs what is left over the final capture and merges all parts, as
 * one judgement of the final capture would be (test/rule-reads.test.ts holds both views to that).
 */
import type { Capture } from '../model/capture.js';
import type { Rule } from '../engine/rule.js';
import { liveOnly, mergeRunResults, runRules, type IgnoreEntry, type RuleSetting, type RunResult } from '../engine/run.js';
import type { SourceIndex } from '../model/source-index.js';

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

/** Rules that read only what listing completes (the handshake, the lists): judged while the probes run. */
export function judgedAfterListing(rule: Rule): boolean {
  return !(rule.requires ?? []).some((need) => liveOnly(need) || need === 'peers');
}

/**
 * Judge the rules that do not depend on the exit over the capture before it (and not judged
 * already, `earlier`). One rule at a time, yielding between rules: the server's exit and the
 * shutdown's timers are handled as they come, so its measured shutdown stays its own (delayed by
 * one rule's run at most).
 */
export function judgeBeforeExit(beforeExit: Capture, ctx: JudgeEarlyContext, earlier?: BeforeExitJudgement): Promise<BeforeExitJudgement> {
  return judgeEarly(beforeExit, ctx, (rule) => !judgedAfterExit(rule), earlier);
}

/** Judge the rules that read only the handshake and the lists over the capture as listing left it, while the probes run. */
export function judgeAfterListing(listed: Capture, ctx: JudgeEarlyContext): Promise<BeforeExitJudgement> {
  return judgeEarly(listed, ctx, judgedAfterListing);
}

interface JudgeEarlyContext {
  readonly rules: readonly Rule[];
  readonly settings: ReadonlyMap<string, RuleSetting>;
  readonly ignore?: readonly IgnoreEntry[];
  readonly source?: SourceIndex;
}

async function judgeEarly(
  capture: Capture,
  ctx: JudgeEarlyContext,
  which: (rule: Rule) => boolean,
  earlier?: BeforeExitJudgement,
): Promise<BeforeExitJudgement> {
  const usable = earlier && earlier.rules === ctx.rules && earlier.settings === ctx.settings ? earlier : undefined;
  const now = ctx.rules.filter((rule) => which(rule) && !usable?.judged.has(rule.id));
  const parts: RunResult[] = usable ? [usable.result] : [];
  for (const rule of now) {
    await new Promise((resolve) => setImmediate(resolve));
    parts.push(
      runRules(capture, {
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
    judged: new Set([...(usable?.judged ?? []), ...now.map((r) => r.id)]),
    result: mergeRunResults(ctx.rules, parts),
  };
}

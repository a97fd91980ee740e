/**
 * The cap on calls to a server's own tools in one run: a server that lists 10,000 tools would
 * otherwise get 20,000 calls, each with its own timeout. Whole tools are probed, allow-listed ones
 * first, then in list order, until the next tool's calls would pass the cap; the rest are skipped
 * (listed by `mcplint plan`), and the capture notes how many, naming the first few.
 */
import { shortName } from '../shared/text.js';
import type { PlanStep, SkippedTool } from '../model/probe-types.js';

/** Calls to the server's own tools (invalid-arguments, valid-calls, pagination) per run; the README (Probes) says so. */
export const MAX_TOOL_CALLS = 200;

/** Tools a note names before "and N more". */
const NAMED_IN_NOTE = 10;

export interface CappedCalls {
  readonly steps: readonly PlanStep[];
  /** The tools not called because of the cap, in the order they would have been; empty when nothing was cut. */
  readonly notCalled: readonly string[];
}

/** A step that calls one of the server's own tools (unknown-tool's call names none of them). */
const callsTool = (step: PlanStep): step is PlanStep & { readonly tool: string } => step.method === 'tools/call' && step.tool !== undefined;

/** `steps` with the calls of the tools past the cap left out, renumbered; `order` is the tools in list order. */
export function capToolCalls(
  steps: readonly PlanStep[],
  order: readonly string[],
  allowTools: readonly string[],
  limit = MAX_TOOL_CALLS,
): CappedCalls {
  const calls = new Map<string, number>();
  for (const step of steps) if (callsTool(step)) calls.set(step.tool, (calls.get(step.tool) ?? 0) + 1);
  let total = 0;
  for (const n of calls.values()) total += n;
  if (total <= limit) return { steps, notCalled: [] };
  const allowed = new Set(allowTools);
  const ranked = [...order.filter((tool) => allowed.has(tool)), ...order.filter((tool) => !allowed.has(tool))];
  const kept = new Set<string>();
  const notCalled: string[] = [];
  let used = 0;
  for (const tool of ranked) {
    const n = calls.get(tool);
    if (n === undefined) continue;
    if (notCalled.length === 0 && used + n <= limit) {
      kept.add(tool);
      used += n;
    } else notCalled.push(tool);
  }
  const left = steps.filter((step) => !callsTool(step) || kept.has(step.tool)).map((step, i) => ({ ...step, index: i + 1 }));
  return { steps: left, notCalled };
}

/** What the plan says of each tool the cap leaves out. */
export function cappedTool(tool: string, limit = MAX_TOOL_CALLS): SkippedTool {
  return { tool, reason: `not called: the probes make at most ${limit} tool calls per run, and the tools before it used them` };
}

/** The capture's note: how many tools were not called, and the first few of them. */
export function capNote(notCalled: readonly string[], limit = MAX_TOOL_CALLS): string {
  const named = notCalled.slice(0, NAMED_IN_NOTE).map((tool) => `"${shortName(tool)}"`);
  const more = notCalled.length > NAMED_IN_NOTE ? `, and ${notCalled.length - NAMED_IN_NOTE} more` : '';
  return (
    `Tool probes stopped at ${limit} tool calls per run: ${notCalled.length} tool${notCalled.length === 1 ? ' was' : 's were'} not called ` +
    `(${named.join(', ')}${more}); the rules that judge calls judged the others only.`
  );
}

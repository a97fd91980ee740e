/**
 * The contract of one probe module: a pure planner that says exactly which requests the probe
 * sends (or why it is skipped). The runner (run.ts) carries the steps out and records them.
 */
import { isObject } from '../shared/json.js';
import type { PolicyTool, ToolPermissions } from './policy.js';
import type { PlanInput, PlanStep, ResolvedProbeConfig, SkippedTool } from '../model/probe-types.js';

export interface PlanTool extends PolicyTool {
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
}

export interface PlanContext {
  readonly input: PlanInput;
  readonly config: ResolvedProbeConfig;
  readonly protocolVersion: string;
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** Distinct tools of tools/list (first entry wins), in list order. */
  readonly tools: readonly PlanTool[];
  readonly permissions: ReadonlyMap<string, ToolPermissions>;
}

export type StepSpec = Omit<PlanStep, 'index' | 'probe' | 'connection'> & { readonly connection?: PlanStep['connection'] };

export type ProbePart =
  | {
      readonly steps: readonly StepSpec[];
      readonly skippedTools?: readonly SkippedTool[];
      readonly data?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly skip: string;
      /** The probe does not apply to this server (its era, what it advertises), as opposed to could not run. */
      readonly notApplicable?: true;
      readonly skippedTools?: readonly SkippedTool[];
    };

export interface ProbeModule {
  readonly id: string;
  /** protocol: no tool of the server runs; tool: the server's own tools are called; surface: prompts and resources are only read. */
  readonly kind: 'protocol' | 'tool' | 'surface';
  /** http: the probe exists only on HTTP sessions (it is not even listed as skipped elsewhere). */
  readonly transport?: 'http';
  plan(ctx: PlanContext): ProbePart;
}

/** Distinct, well-formed tools of the captured tools/list. */
export function planTools(input: PlanInput): PlanTool[] {
  const seen = new Set<string>();
  const out: PlanTool[] = [];
  for (const raw of input.lists.tools.items) {
    if (!isObject(raw) || typeof raw.name !== 'string' || seen.has(raw.name)) continue;
    seen.add(raw.name);
    out.push({ name: raw.name, raw, inputSchema: raw.inputSchema, outputSchema: raw.outputSchema });
  }
  return out;
}

/** Why tool probes cannot run on this session, if they cannot. */
export function toolListProblem(ctx: PlanContext): string | undefined {
  const status = ctx.input.lists.tools.status;
  if (status === 'not-advertised') return 'the server does not advertise tools';
  if (status !== 'ok' && status !== 'partial') return 'tools/list failed';
  if (ctx.tools.length === 0) return 'the server lists no tools';
  return undefined;
}

/** JSON for plan lines and reasons. */
export const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

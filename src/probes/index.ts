/**
 * The probes, as the rest of mcplint sees them: resolve the `probes` config and flags, make the
 * capture hook that plans and runs them, and plan without running (mcplint plan, --dry-run).
 */
import type { Capture, ProbeRecord } from '../model/capture.js';
import type { ProbeSession } from './http-probe.js';
import { HTTP_PROBES } from './http-probes.js';
import { buildPlan } from './plan.js';
import { executePlan } from './run.js';
import type { ProbePlan, ResolvedProbeConfig } from '../model/probe-types.js';

export { buildPlan, PROBES, PROTOCOL_PROBE_IDS, TOOL_PROBE_IDS } from './plan.js';
export { resolveProbeConfig } from './config.js';
export { formatPlan } from './format.js';
export type { ProbeFlags, ProbePlan, ProbesConfig, ResolvedProbeConfig } from '../model/probe-types.js';
export type { HttpChannel, ProbeSession } from './http-probe.js';

/** The capture hook that plans and runs the probes. */
export function probeHook(config: ResolvedProbeConfig): (session: ProbeSession) => Promise<Record<string, ProbeRecord>> {
  return (session) => executePlan(session, buildPlan(session, config), config);
}

/** A capture hook that only plans (no probe request is sent) and hands the plan to `onPlan`. */
export function planHook(
  config: ResolvedProbeConfig,
  onPlan: (plan: ProbePlan) => void,
): (session: ProbeSession) => Promise<Record<string, ProbeRecord>> {
  return async (session) => {
    onPlan(buildPlan(session, config));
    return {};
  };
}

/** The capture hook that plans and runs the HTTP probes alone (an HTTP capture without other probes). */
export function httpProbeHook(config: ResolvedProbeConfig): (session: ProbeSession) => Promise<Record<string, ProbeRecord>> {
  return (session) => executePlan(session, buildPlan(session, config, HTTP_PROBES), config);
}

/** The plan for a capture that already has its handshake and lists (e.g. one made with planHook). */
export function planFor(capture: Capture, config: ResolvedProbeConfig): ProbePlan {
  return buildPlan({ handshake: capture.handshake, lists: capture.lists }, config);
}

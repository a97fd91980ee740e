/**
 * The probe plan: every request the probes will send, in order, with exact parameters and the
 * reason for each, and every tool (or probe) that is skipped, with the reason. Pure: `mcplint plan`
 * prints it, and the runner executes exactly it.
 */
import { cappedTool, capToolCalls, MAX_TOOL_CALLS } from './call-cap.js';
import { capabilitiesProbe } from './capabilities.js';
import { declaredCapabilitiesProbe } from './declared-capabilities.js';
import { HTTP_PROBES } from './http-probes.js';
import { invalidArgumentsProbe } from './invalid-arguments.js';
import { invalidCursorProbe } from './invalid-cursor.js';
import { paginationProbe } from './pagination.js';
import { pingProbe } from './ping.js';
import { promptsGetProbe } from './prompts-get.js';
import { toolListPermissions } from './policy.js';
import { planTools, type PlanContext, type ProbeModule } from './probe.js';
import { requestIdsProbe } from './request-ids.js';
import { requestStateProbe } from './request-state.js';
import { resourceLinksProbe } from './resource-links.js';
import { resourcesReadProbe } from './resources-read.js';
import { unknownMethodProbe } from './unknown-method.js';
import { unknownResourceProbe } from './unknown-resource.js';
import { unknownToolProbe } from './unknown-tool.js';
import { validCallsProbe } from './valid-calls.js';
import { versionNegotiationProbe } from './version-negotiation.js';
import type { PlanInput, PlanStep, ProbePlan, ResolvedProbeConfig, SkippedProbe, SkippedTool } from '../model/probe-types.js';

/** Every probe, in the order it runs: HTTP and protocol probes first, then read-side probes (no tool runs), then tool probes. */
export const PROBES: readonly ProbeModule[] = [
  ...HTTP_PROBES,
  pingProbe,
  requestIdsProbe,
  unknownMethodProbe,
  invalidCursorProbe,
  capabilitiesProbe,
  unknownToolProbe,
  versionNegotiationProbe,
  // Read-side probes before any tool runs, so they see the state the listing saw.
  promptsGetProbe,
  requestStateProbe,
  resourcesReadProbe,
  unknownResourceProbe,
  declaredCapabilitiesProbe,
  invalidArgumentsProbe,
  validCallsProbe,
  paginationProbe,
  // Last: it reads the resource_link targets the calls above returned.
  resourceLinksProbe,
];

export const PROTOCOL_PROBE_IDS = PROBES.filter((p) => p.kind === 'protocol').map((p) => p.id);
export const TOOL_PROBE_IDS = PROBES.filter((p) => p.kind === 'tool').map((p) => p.id);

/** Why the configuration turns this probe off, if it does. */
function offReason(probe: ProbeModule, config: ResolvedProbeConfig): string | undefined {
  if (probe.kind === 'protocol')
    return config.protocol ? undefined : 'protocol probes are turned off (--no-protocol-probes or probes.protocol: false)';
  if (!config.tools) return 'tool probes are turned off (--no-probes or probes.enabled: false)';
  if (probe.kind === 'surface' && !config.surface) return 'read-side probes are turned off (probes.surface: false)';
  return undefined;
}

/** The plan of `probes` (default: every probe; HTTP probes only when the input is an HTTP session). */
export function buildPlan(input: PlanInput, config: ResolvedProbeConfig, probes: readonly ProbeModule[] = PROBES): ProbePlan {
  const modules = probes.filter((probe) => probe.transport !== 'http' || input.http !== undefined);
  const handshake = input.handshake;
  const steps: PlanStep[] = [];
  const skippedTools: SkippedTool[] = [];
  const skippedProbes: SkippedProbe[] = [];
  const probeData: Record<string, Readonly<Record<string, unknown>>> = {};

  if (!handshake.ok) {
    for (const probe of modules) skippedProbes.push({ probe: probe.id, reason: 'the handshake failed' });
    return { steps, skippedTools, skippedProbes, probeData };
  }

  const tools = planTools(input);
  // Over every entry, not only the distinct tools: a name listed twice gets its strictest entry's decision.
  const permissions = toolListPermissions(input.lists.tools.items, {
    allowTools: config.allowTools,
    denyTools: config.denyTools,
    args: config.args,
  });
  const ctx: PlanContext = {
    input,
    config,
    protocolVersion: handshake.protocolVersion,
    capabilities: handshake.capabilities,
    tools,
    permissions,
  };

  if (config.tools) {
    for (const tool of tools) {
      const p = permissions.get(tool.name)!;
      if (!p.invalidCalls.allowed && !p.validCalls.allowed)
        skippedTools.push({ tool: tool.name, reason: `never called: ${p.invalidCalls.why}` });
    }
  }

  for (const probe of modules) {
    const off = offReason(probe, config);
    if (off) {
      skippedProbes.push({ probe: probe.id, reason: off });
      continue;
    }
    const part = probe.plan(ctx);
    if (part.skippedTools) for (const skipped of part.skippedTools) skippedTools.push(skipped);
    if ('skip' in part) {
      skippedProbes.push({ probe: probe.id, reason: part.skip, ...(part.notApplicable ? { notApplicable: true as const } : {}) });
      continue;
    }
    if (part.data) probeData[probe.id] = part.data;
    for (const spec of part.steps) {
      const { connection, ...rest } = spec;
      steps.push({ index: steps.length + 1, probe: probe.id, connection: connection ?? 'main', ...rest });
    }
  }
  const capped = capToolCalls(
    steps,
    tools.map((tool) => tool.name),
    config.allowTools,
  );
  if (capped.notCalled.length === 0) return { steps, skippedTools, skippedProbes, probeData };
  for (const tool of capped.notCalled) skippedTools.push(cappedTool(tool));
  // A probe all of whose calls the cap took is skipped, saying so (a probe without a record would read as never planned).
  const left = new Set(capped.steps.map((step) => step.probe));
  for (const probe of new Set(steps.map((step) => step.probe)))
    if (!left.has(probe))
      skippedProbes.push({ probe, reason: `the probes before it used the ${MAX_TOOL_CALLS} tool calls a run may make` });
  return { steps: capped.steps, skippedTools, skippedProbes, probeData, notCalled: capped.notCalled };
}

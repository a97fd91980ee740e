/**
 * `mcplint plan` and `--dry-run`: connect, list, and print every probe request mcplint would send —
 * tool, exact arguments, why — and every tool it would not call, with why. No probe request is
 * sent and no tool is called. With --from, the plan is made from a saved capture without
 * connecting at all.
 */
import { resolve } from 'node:path';
import type { Capture } from './capture.js';
import { DEFAULT_CAPTURE_OPTIONS } from './connect/capture-session.js';
import { captureTarget, type ResolvedTarget } from './connect/capture-target.js';
import { ConfigError, type McplintConfig } from './engine/config.js';
import { loadConfig } from './engine/load-config.js';
import { readCapture, resolveTarget, type LintOptions } from './lint.js';
import { formatPlan, planFor, planHook, resolveProbeConfig, type ProbePlan, type ResolvedProbeConfig } from './probes/index.js';
import { targetLabel } from './report.js';

export interface PlannedServer {
  readonly label: string;
  readonly plan: ProbePlan;
  readonly capture: Capture;
}

/** The probe plan of every server the options name (one, or each server of a client config). */
export async function planProbes(options: LintOptions): Promise<PlannedServer[]> {
  const loaded = options.noConfig ? { config: {} as McplintConfig } : await loadConfig(options.cwd, options.configFile, options.rules);
  const config = loaded.config;
  const timeoutMs = options.timeoutMs ?? config.timeout ?? DEFAULT_CAPTURE_OPTIONS.timeoutMs;
  const startupTimeoutMs = Math.max(timeoutMs, DEFAULT_CAPTURE_OPTIONS.startupTimeoutMs);
  const probeConfig = resolveProbeConfig(config.probes, options.probes ?? {}, { timeoutMs, startupTimeoutMs });

  if (options.from) {
    const capture = readCapture(resolve(options.cwd, options.from));
    return [{ label: labelOf(capture), plan: planFor(capture, probeConfig), capture }];
  }
  let targets: { name?: string; target: ResolvedTarget }[];
  if (options.clientConfigFile && !options.target) {
    const { loadClientConfig } = await import('./connect/client-config.js');
    const servers = loadClientConfig(options.clientConfigFile, { cwd: options.cwd }).servers.filter((s) => options.server === undefined || s.name === options.server);
    if (servers.length === 0) throw new ConfigError(`--config-file ${options.clientConfigFile}: no server${options.server !== undefined ? ` named "${options.server}"` : ''} to plan`);
    targets = servers.filter((s) => s.target).map((s) => ({ name: s.name, target: s.target! }));
  } else {
    targets = [{ target: resolveTarget(options, config, loaded.file, loaded.targetLine) }];
  }
  const out: PlannedServer[] = [];
  for (const { name, target } of targets) out.push(await planOne(target, probeConfig, options, timeoutMs, startupTimeoutMs, name));
  return out;
}

async function planOne(
  target: ResolvedTarget,
  probeConfig: ResolvedProbeConfig,
  options: LintOptions,
  timeoutMs: number,
  startupTimeoutMs: number,
  name: string | undefined,
): Promise<PlannedServer> {
  let plan: ProbePlan | undefined;
  const capture = await captureTarget(target, {
    ...DEFAULT_CAPTURE_OPTIONS,
    timeoutMs,
    startupTimeoutMs,
    ...(options.protocol ? { protocolVersion: options.protocol } : {}),
    // Only planned, HTTP probes included: plan promises that no probe request is sent.
    probes: planHook(probeConfig, (p) => (plan = p)),
  });
  const label = `${name ? `${name}: ` : ''}${labelOf(capture)}`;
  return { label, plan: plan ?? planFor(capture, probeConfig), capture };
}

function labelOf(capture: Capture): string {
  const hs = capture.handshake;
  const serverName = hs.ok && typeof hs.serverInfo.name === 'string' ? hs.serverInfo.name : undefined;
  const version = hs.ok && typeof hs.serverInfo.version === 'string' ? ` ${hs.serverInfo.version}` : '';
  return serverName ? `${serverName}${version}` : targetLabel(capture.target);
}

/** The plans as text or JSON (JSON: one object per server, in an array when there are several). */
export function renderPlans(planned: readonly PlannedServer[], format: 'text' | 'json'): string {
  const parts = planned.map(({ label, plan, capture }) => {
    const hs = capture.handshake;
    const header = {
      label,
      ...(hs.ok ? { protocolVersion: hs.protocolVersion, tools: capture.lists.tools.items.length } : { problem: `the handshake failed: ${hs.message}` }),
    };
    return formatPlan(plan, header, format);
  });
  if (format === 'json' && parts.length > 1) return `[\n${parts.map((p) => p.trimEnd()).join(',\n')}\n]\n`;
  return parts.join('\n');
}

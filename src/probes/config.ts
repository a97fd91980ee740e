/**
 * The probe settings of a run, from the config's `probes` section and the flags. Its own module:
 * the pipeline needs them before it launches the server, and the probes themselves (plan, run,
 * http) load after the launch, while the server starts.
 */
import {
  DEFAULT_MAX_RESOURCE_READS,
  DEFAULT_MAX_RESPONSE_CHARS,
  type ProbeFlags,
  type ProbesConfig,
  type ResolvedProbeConfig,
} from '../model/probe-types.js';

/** Flags win over the config file; both default to on. */
export function resolveProbeConfig(
  config: ProbesConfig | undefined,
  flags: ProbeFlags,
  timeouts: { readonly timeoutMs: number; readonly startupTimeoutMs: number },
): ResolvedProbeConfig {
  const tools = flags.probes ?? config?.enabled ?? true;
  return {
    tools,
    protocol: flags.protocolProbes ?? config?.protocol ?? true,
    allowTools: [...(config?.allowTools ?? [])],
    denyTools: [...(config?.denyTools ?? [])],
    args: { ...(config?.args ?? {}) },
    timeoutMs: config?.timeout ?? timeouts.timeoutMs,
    startupTimeoutMs: timeouts.startupTimeoutMs,
    maxResponseChars: config?.maxResponseChars ?? DEFAULT_MAX_RESPONSE_CHARS,
    surface: tools && (config?.surface ?? true),
    promptArgs: { ...(config?.promptArgs ?? {}) },
    maxResourceReads: config?.maxResourceReads ?? DEFAULT_MAX_RESOURCE_READS,
    templateVars: { ...(config?.templateVars ?? {}) },
  };
}

/**
 * `mcplint plan` and `--dry-run`: connect, list, and print every probe request mcplint would send —
 * tool, exact arguments, why — and every tool it would not call, with why. No probe request is
 * sent and no tool is called. With --from, the plan is made from a saved capture without
 * connecting at all. A plan is redacted like a report: the server may have put a value it was
 * handed (an env value, a header value) in a tool name, a prompt name, a resource URI or an SSE
 * event id, all of which the plan quotes.
 */
import type { Capture } from '../model/capture.js';
import { targetSecrets } from '../connect/capture-target.js';
import { redactJson } from '../model/redact.js';
import { acquireServer } from '../session/acquire.js';
import type { LintOptions } from '../session/options.js';
import { loadRunConfig, type RunConfig } from '../session/run-config.js';
import { serverInputs } from '../session/targets.js';
import { formatPlan, type ProbePlan } from '../probes/index.js';
import { targetLabel } from '../report/report.js';

export interface PlannedServer {
  readonly label: string;
  readonly plan: ProbePlan;
  readonly capture: Capture;
}

/** The probe plan of every server the options name (one, or each server of a client config). */
export async function planProbes(options: LintOptions): Promise<PlannedServer[]> {
  return planRun(await loadRunConfig(options));
}

/** The probe plan of every server a loaded run names, with its settings. */
export async function planRun(run: RunConfig): Promise<PlannedServer[]> {
  const { inputs, cleanup } = await serverInputs(run, false);
  const context = { run, mode: 'plan' as const, sourceIndexes: new Map(), many: false };
  const out: PlannedServer[] = [];
  try {
    for (const input of inputs) {
      const { capture, plan } = await acquireServer(input, context);
      const name = input.kind === 'target' ? input.name : undefined;
      // A saved capture holds no value it was handed (it was redacted when saved): token shapes are all that is left to find.
      const secrets = input.kind === 'target' ? targetSecrets(input.target) : [];
      const planned = redactJson({ label: `${name ? `${name}: ` : ''}${labelOf(capture)}`, plan: plan! }, secrets);
      out.push({ ...planned, capture });
    }
  } finally {
    // An unpacked .mcpb folder is removed after a plan as after a lint.
    cleanup?.();
  }
  return out;
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
      // A bare listing has no connection to open steps on.
      ...(capture.target.kind === 'listing' ? {} : { target: capture.target.kind }),
      ...(hs.ok
        ? { protocolVersion: hs.protocolVersion, tools: capture.lists.tools.items.length }
        : { problem: `the handshake failed: ${hs.message}` }),
    };
    return formatPlan(plan, header, format);
  });
  if (format === 'json' && parts.length > 1) return `[\n${parts.map((p) => p.trimEnd()).join(',\n')}\n]\n`;
  return parts.join('\n');
}

/**
 * From a tool call's target arguments (command, args, cwd, env, or url; protocol version, probes,
 * rules, timeout) to the options of one lint or plan run, the same ones the CLI's flags set.
 */
import { resolve } from 'node:path';
import type { ResolvedTarget } from '../../connect/capture-target.js';
import type { Rule } from '../../engine/rule.js';
import type { RunOptions } from '../../session/options.js';

export type TargetArgs = Readonly<Record<string, unknown>>;

export type TargetOptions =
  | { readonly ok: true; readonly options: RunOptions; readonly key: string }
  | { readonly ok: false; readonly problem: string };

const rules = (): Promise<readonly Rule[]> => import('../../../rules/index.js').then((m) => m.rules);

export function targetOptions(args: TargetArgs): TargetOptions {
  const command = args.command as string | undefined;
  const url = args.url as string | undefined;
  if ((command === undefined) === (url === undefined)) {
    return { ok: false, problem: command ? 'give either command or url, not both' : 'no server to check: give command (and args) or url' };
  }
  const cwd = resolve((args.cwd as string | undefined) ?? process.cwd());
  const target: ResolvedTarget = command
    ? { command, args: (args.args as string[] | undefined) ?? [], cwd, env: (args.env as Record<string, string> | undefined) ?? {} }
    : { kind: 'http', url: url! };
  const ruleFlags = (args.rules as string[] | undefined) ?? [];
  const options: RunOptions = {
    cwd,
    rules,
    target,
    probes: {
      ...(typeof args.probes === 'boolean' ? { probes: args.probes } : {}),
      ...(typeof args.protocol_probes === 'boolean' ? { protocolProbes: args.protocol_probes } : {}),
    },
    ...(ruleFlags.length > 0 ? { ruleFlags } : {}),
    ...(typeof args.protocol_version === 'string' ? { protocol: args.protocol_version } : {}),
    ...(typeof args.timeout_ms === 'number' ? { timeoutMs: args.timeout_ms } : {}),
  };
  // Which lints compare with each other: the same server started the same way, judged the same way.
  const key = JSON.stringify([
    command ?? null,
    args.args ?? [],
    cwd,
    args.env ?? {},
    url ?? null,
    args.protocol_version ?? null,
    options.probes,
    ruleFlags,
    args.timeout_ms ?? null,
  ]);
  return { ok: true, options, key };
}

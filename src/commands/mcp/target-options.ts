/**
 * From a tool call's target arguments (command, args, cwd, env; or url; or a client config entry; protocol version, probes,
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
  const configFile = args.config_file as string | undefined;
  const given = [command, url, configFile].filter((t) => t !== undefined).length;
  if (given !== 1) {
    return {
      ok: false,
      problem:
        given > 1
          ? 'give one of command, url and config_file, not several'
          : 'no server to check: give command (and args), url, or config_file and server',
    };
  }
  if ((configFile === undefined) !== (args.server === undefined)) {
    return { ok: false, problem: configFile ? 'config_file needs server: the name of its entry to check' : 'server goes with config_file' };
  }
  const cwd = resolve((args.cwd as string | undefined) ?? process.cwd());
  let target: Pick<RunOptions, 'target' | 'clientConfigFile' | 'server'>;
  if (command)
    target = {
      target: {
        command,
        args: (args.args as string[] | undefined) ?? [],
        cwd,
        env: (args.env as Record<string, string> | undefined) ?? {},
      },
    };
  else if (url) target = { target: { kind: 'http', url } satisfies ResolvedTarget };
  else target = { clientConfigFile: resolve(cwd, configFile!), server: args.server as string };
  const ruleFlags = (args.rules as string[] | undefined) ?? [];
  const options: RunOptions = {
    cwd,
    rules,
    ...target,
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
    configFile === undefined ? null : resolve(cwd, configFile),
    (args.server as string | undefined) ?? null,
    args.protocol_version ?? null,
    options.probes,
    ruleFlags,
    args.timeout_ms ?? null,
  ]);
  return { ok: true, options, key };
}

/**
 * `--print-config`: the settings a run would use (src/session/resolve-run.ts: config file, preset,
 * flags, defaults, the target it would lint), as JSON on stdout; nothing is launched or
 * connected. Every rule is listed with the level and options in effect. Secrets stay out, as in
 * reports: env and header values are replaced, the target's own credentials (a URL's password or
 * token) wherever they appear, and token-shaped strings anywhere are masked.
 */
import { targetSecrets } from '../connect/capture-target.js';
import { ruleSettings } from '../config/config.js';
import type { Rule } from '../engine/rule.js';
import type { RuleSetting } from '../engine/run.js';
import { REDACTED, redactText } from '../model/redact.js';
import type { ResolvedRun, RunTarget } from '../session/resolve-run.js';
import type { RunConfig } from '../session/run-config.js';
import { mapStrings } from '../shared/json-walk.js';

export async function printConfig(run: RunConfig): Promise<string> {
  return `${JSON.stringify(printedRun(run.resolved, await run.rules()), null, 2)}\n`;
}

/** The run as --print-config prints it: every field of it, every rule, secrets redacted. */
export function printedRun(run: ResolvedRun, rules: readonly Rule[]): unknown {
  const settings = ruleSettings(rules, run.extends, run.rules);
  const shown = {
    ...run,
    target: run.target && shownTarget(run.target),
    rules: Object.fromEntries(rules.map((rule) => [rule.id, ruleSetting(rule, settings.get(rule.id)!)])),
  };
  const secrets = run.target?.kind === 'server' ? targetSecrets(run.target.server) : [];
  // String by string: in the JSON text an escape (`\n` before a token) would hide it from the patterns.
  return mapStrings(shown, (text) => redactText(text, secrets), { keys: (key) => redactText(key, secrets) });
}

/** The target with the values of its env, headers and extra secrets replaced (their names stay). */
function shownTarget(target: RunTarget): RunTarget {
  if (target.kind !== 'server') return target;
  const { server } = target;
  const hidden = (values: Readonly<Record<string, string>>) => Object.fromEntries(Object.keys(values).map((name) => [name, REDACTED]));
  const shown =
    server.kind === 'http'
      ? { ...server, ...(server.headers ? { headers: hidden(server.headers) } : {}) }
      : { ...server, ...(server.env ? { env: hidden(server.env) } : {}) };
  return { ...target, server: { ...shown, ...(server.secrets ? { secrets: server.secrets.map(() => REDACTED) } : {}) } };
}

/** The level and the options in effect (the rule's defaults under the configured ones). */
function ruleSetting(rule: Rule, setting: RuleSetting) {
  const options = { ...(rule.options?.defaults ?? {}), ...setting.options };
  return { level: setting.level, ...(Object.keys(options).length > 0 ? { options } : {}) };
}

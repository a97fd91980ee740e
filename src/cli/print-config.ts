/**
 * `--print-config`: the configuration a run would use, resolved (config file, preset, --rule
 * flags, probe flags), as JSON on stdout; nothing is launched or connected. Secrets stay out:
 * env and header values are replaced, and token-shaped strings anywhere (an argument, a URL
 * with a password) are masked.
 */
import { DEFAULT_CAPTURE_OPTIONS } from '../connect/capture-session.js';
import type { McplintConfig } from '../config/config.js';
import type { Rule } from '../engine/rule.js';
import type { LintOptions } from '../session/lint.js';
import { loadRunConfig } from '../session/run-config.js';
import { mapStrings } from '../shared/json-walk.js';
import { REDACTED, redactText } from '../model/redact.js';

/** `finishing`: the flags that shape the end of the run (--fail-on-skipped), which lint() never sees. */
export async function printConfig(options: LintOptions, finishing: { readonly failOnSkipped?: boolean } = {}): Promise<string> {
  const run = await loadRunConfig(options);
  const [rules, settings] = await Promise.all([run.rules(), run.settings()]);
  const { config } = run;
  const resolved = {
    configFile: run.file ?? null,
    extends: config.extends ?? 'recommended',
    target: targetOf(options, config.target),
    timeout: options.timeoutMs ?? config.timeout ?? DEFAULT_CAPTURE_OPTIONS.timeoutMs,
    allowOrigins: [...(config.allowOrigins ?? []), ...(options.allowOrigins ?? [])],
    failOnSkipped: finishing.failOnSkipped ?? config.failOnSkipped === true,
    source: {
      ...config.source,
      ...(options.project ? { project: options.project } : {}),
      ...(options.noSource ? { enabled: false } : {}),
      ...(options.noCache ? { cache: false } : {}),
    },
    probes: {
      ...config.probes,
      ...(options.probes?.probes !== undefined ? { enabled: options.probes.probes } : {}),
      ...(options.probes?.protocolProbes !== undefined ? { protocol: options.probes.protocolProbes } : {}),
    },
    ignore: config.ignore ?? [],
    rules: Object.fromEntries(rules.map((rule) => [rule.id, ruleSetting(rule, settings.get(rule.id))])),
  };
  // Token-shaped strings are masked wherever they are (arguments, URLs, probe arguments), string by
  // string: in the JSON text an escape (`\n` before a token) would hide it from the patterns.
  return `${JSON.stringify(
    mapStrings(resolved, (text) => redactText(text), { keys: (key) => redactText(key) }),
    null,
    2,
  )}\n`;
}

/** The level and the options in effect (the rule's defaults under the configured ones). */
function ruleSetting(rule: Rule, setting: { level: string; options: Record<string, unknown> } | undefined) {
  const options = { ...(rule.options?.defaults ?? {}), ...(setting?.options ?? {}) };
  return { level: setting?.level ?? rule.severity, ...(Object.keys(options).length > 0 ? { options } : {}) };
}

/** What would be linted: the command line's target wins over the config's `target`. */
function targetOf(options: LintOptions, configured: McplintConfig['target']): Record<string, unknown> | null {
  if (options.from) return { from: options.from };
  if (options.url) {
    return {
      url: options.url,
      ...(options.transport ? { transport: options.transport } : {}),
      headers: Object.fromEntries(Object.keys(options.headers ?? {}).map((name) => [name, REDACTED])),
    };
  }
  if (options.clientConfigFile) return { configFile: options.clientConfigFile, ...(options.server ? { server: options.server } : {}) };
  if (options.command && options.command.length > 0) return { command: options.command[0], args: options.command.slice(1) };
  if (!configured) return null;
  return {
    command: configured.command,
    args: configured.args ?? [],
    ...(configured.env ? { env: Object.fromEntries(Object.keys(configured.env).map((name) => [name, REDACTED])) } : {}),
    ...(configured.cwd ? { cwd: configured.cwd } : {}),
  };
}

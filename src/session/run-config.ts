/**
 * The configuration of one run, loaded once: the config file, the --rule flags checked against
 * the rules, the run's settings resolved from both (src/session/resolve-run.ts), and the rules
 * (loaded lazily, so a launched server's start-up overlaps their import).
 */
import { parseRuleFlags, ruleSettings, type McplintConfig } from '../config/config.js';
import { loadConfig } from '../config/load-config.js';
import type { Rule } from '../engine/rule.js';
import type { RuleSetting } from '../engine/run.js';
import type { RunOptions } from './options.js';
import { resolveRun, type ResolvedRun } from './resolve-run.js';

export interface RunConfig {
  /** The config file as loaded (empty when there is none). */
  readonly config: McplintConfig;
  /** Every setting of the run: what lint, plan, merge and --print-config read. */
  readonly resolved: ResolvedRun;
  /** The rules; the first call starts loading them, later calls share the load. */
  readonly rules: () => Promise<readonly Rule[]>;
  /** The level and options of every rule, once the rules are loaded. */
  readonly settings: () => Promise<ReadonlyMap<string, RuleSetting>>;
}

export async function loadRunConfig(options: RunOptions): Promise<RunConfig> {
  const rules = memo(typeof options.rules === 'function' ? options.rules : () => Promise.resolve(options.rules as readonly Rule[]));
  const loaded = options.noConfig ? { config: {} as McplintConfig } : await loadConfig(options.cwd, options.configFile, rules);
  // A --rule flag naming no rule is a usage error, found before anything is launched.
  const ruleFlags = options.ruleFlags ?? [];
  if (ruleFlags.length > 0) parseRuleFlags(ruleFlags, await rules());
  const resolved = resolveRun(options, loaded);
  const settings = memo(async () => ruleSettings(await rules(), resolved.extends, resolved.rules));
  return { config: loaded.config, resolved, rules, settings };
}

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

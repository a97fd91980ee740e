/**
 * The configuration of one run, loaded once: the config file, the rules (loaded lazily, so a
 * launched server's start-up overlaps their import), and the --rule flags checked against them.
 */
import { parseRuleFlags, resolveSettings, type McplintConfig } from '../config/config.js';
import { loadConfig } from '../config/load-config.js';
import type { Rule } from '../engine/rule.js';
import type { RuleSetting } from '../engine/run.js';
import type { LintOptions } from './options.js';

export interface RunConfig {
  readonly config: McplintConfig;
  /** The config file that was found or named, if any. */
  readonly file?: string;
  /** The line of its `target` entry (locations of findings about a configured target). */
  readonly targetLine?: number;
  /** The rules; the first call starts loading them, later calls share the load. */
  readonly rules: () => Promise<readonly Rule[]>;
  /** The level and options of every rule, once the rules are loaded. */
  readonly settings: () => Promise<ReadonlyMap<string, RuleSetting>>;
}

export async function loadRunConfig(options: LintOptions): Promise<RunConfig> {
  const rules = memo(typeof options.rules === 'function' ? options.rules : () => Promise.resolve(options.rules as readonly Rule[]));
  const loaded = options.noConfig ? { config: {} as McplintConfig } : await loadConfig(options.cwd, options.configFile, rules);
  // A --rule flag naming no rule is a usage error, found before anything is launched.
  const ruleFlags = options.ruleFlags ?? [];
  const flagged = ruleFlags.length > 0 ? parseRuleFlags(ruleFlags, await rules()) : undefined;
  const settings = memo(async () => {
    const all = await rules();
    return resolveSettings(all, loaded.config, flagged ?? parseRuleFlags([], all));
  });
  return {
    config: loaded.config,
    ...(loaded.file !== undefined ? { file: loaded.file } : {}),
    ...(loaded.targetLine !== undefined ? { targetLine: loaded.targetLine } : {}),
    rules,
    settings,
  };
}

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

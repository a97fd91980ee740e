/**
 * Finds and reads mcplint's config with cosmiconfig (module name `mcplint`): mcplint.config.*,
 * .mcplintrc*, .config/mcplintrc*, package.json#mcplint — or the file given with --config.
 * cosmiconfig is imported only when a config is actually looked for.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Rule } from '../engine/rule.js';
import { ConfigError, validateConfig, type McplintConfig } from './config.js';
import { lineOfKey } from '../locate/anchors.js';
import { describeJsonSyntax, positionAt } from '../shared/json-position.js';
import { checkBoundedFile, readBoundedText } from '../shared/read-bounded.js';

export interface LoadedConfig {
  readonly config: McplintConfig;
  /** Absolute path of the file it came from (absent: no config found). */
  readonly file?: string;
  /** 1-based line of `target` in that file, for anchoring findings. */
  readonly targetLine?: number;
}

/** `rules` may be a loader: it is called only when there is a config file to check. */
export async function loadConfig(
  cwd: string,
  explicit: string | undefined,
  rules: readonly Rule[] | (() => Promise<readonly Rule[]>),
): Promise<LoadedConfig> {
  // Most runs have no config at all: a cheap look first spares loading cosmiconfig.
  if (!explicit && !mayHaveConfig(cwd)) return { config: {} };
  const [{ cosmiconfig, defaultLoaders, getDefaultSearchPlaces }, { configLoaders }] = await Promise.all([
    import('cosmiconfig'),
    import('./config-loaders.js'),
  ]);
  // cosmiconfig's defaults lack mcplint.config.{json,yaml,yml}; the JSON form is the one editors validate.
  const searchPlaces = [...getDefaultSearchPlaces('mcplint'), 'mcplint.config.json', 'mcplint.config.yaml', 'mcplint.config.yml'];
  let found: { config: unknown; filepath: string; isEmpty?: boolean } | null;
  try {
    // cosmiconfig reads whatever it finds, unbounded and with a blocking open: check the files it
    // is about to read first. Creating the explorer already reads its meta config (its own
    // "cosmiconfig" settings) in the working directory.
    checkMetaConfigPlaces(process.cwd());
    if (explicit) checkBoundedFile(resolve(cwd, explicit), 'config', `--config ${explicit}`);
    else checkSearchPlaces(cwd, searchPlaces);
    const explorer = cosmiconfig('mcplint', { searchStrategy: 'project', searchPlaces, loaders: configLoaders(cwd, defaultLoaders) });
    found = explicit ? await explorer.load(explicit) : await explorer.search(cwd);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const unparsable = unparsableJson(error, cwd);
    if (unparsable) throw new ConfigError(unparsable);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    if (explicit && /ENOENT/.test(String(message))) throw new ConfigError(`--config ${explicit}: file not found`);
    throw new ConfigError(`could not read the config${explicit ? ` ${explicit}` : ''}: ${message}`);
  }
  if (!found || found.isEmpty) return { config: {} };
  const shown = relative(cwd, found.filepath) || found.filepath;
  const ruleList = typeof rules === 'function' ? await rules() : rules;
  let config: McplintConfig;
  try {
    config = validateConfig(found.config ?? {}, ruleList, shown);
  } catch (error) {
    throw error instanceof ConfigError ? placedProblems(error, found.filepath, shown) : error;
  }
  let targetLine: number | undefined;
  try {
    const text = readBoundedText(found.filepath, 'config', shown);
    targetLine = lineOfKey(text, 'target') ?? lineOfKey(text, 'mcplint');
  } catch {
    targetLine = undefined;
  }
  return { config, file: found.filepath, ...(targetLine ? { targetLine } : {}) };
}

/** Every problem of a validation error placed (see `placed`), in the order of the file. */
function placedProblems(error: ConfigError, filepath: string, shown: string): ConfigError {
  let text: string;
  try {
    text = readBoundedText(filepath, 'config', shown);
  } catch {
    return error;
  }
  const problems = error.problems.map((problem) => placed(problem, text, filepath, shown));
  // Sorted by line and column; a problem with no place keeps its turn after the placed ones.
  const order = (p: { line?: number; column?: number }) => [p.line ?? Infinity, p.column ?? Infinity] as const;
  problems.sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
  return new ConfigError(problems.map((p) => p.text));
}

/**
 * A validation problem ("file: rules.x.y: …") with the line and column of the key it names, found
 * in the file's text key by key (JSON, YAML and JS alike); a list index stops the search at its
 * list, since the n-th item's keys cannot be told apart by a text search.
 */
function placed(problem: string, text: string, filepath: string, shown: string): { text: string; line?: number; column?: number } {
  const prefix = `${shown}: `;
  if (!problem.startsWith(prefix)) return { text: problem };
  const rest = problem.slice(prefix.length);
  const path = /^([^\s:()]+): /.exec(rest)?.[1]?.split('.') ?? [];
  const unknownKey = /unknown key "([^"]+)"/.exec(rest)?.[1];
  const keys = [...(basename(filepath) === 'package.json' ? ['mcplint'] : []), ...path, ...(unknownKey ? [unknownKey] : [])];
  const stop = keys.findIndex((k) => /^\d+$/.test(k));
  const at = offsetOfKeys(text, stop === -1 ? keys : keys.slice(0, stop));
  if (at === undefined) return { text: problem };
  const { line, column } = positionAt(text, at);
  return { text: `${shown}:${line}:${column}: ${rest}`, line, column };
}

/** The offset of the last of `keys`, each looked for after the one before; undefined when the first is missing. */
function offsetOfKeys(text: string, keys: readonly string[]): number | undefined {
  let from = 0;
  let found: number | undefined;
  for (const key of keys) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`(^|[\\s{,])(["']?)${escaped}\\2\\s*:`, 'g');
    pattern.lastIndex = from;
    const m = pattern.exec(text);
    if (!m) break;
    found = m.index + m[1]!.length;
    from = pattern.lastIndex;
  }
  return found;
}

/**
 * cosmiconfig's own JSON errors (its meta-config look at package.json uses its loaders, not ours)
 * say "JSON Error in FILE:" and the reason on later lines: the file parsed again says where.
 */
function unparsableJson(error: unknown, cwd: string): string | undefined {
  const file = error instanceof Error ? /^JSON Error in (.+?):\s*$/m.exec(error.message)?.[1] : undefined;
  if (!file) return undefined;
  const shown = relative(cwd, file) || file;
  try {
    const text = readBoundedText(file, 'config', shown);
    JSON.parse(text);
  } catch (parseError) {
    if (parseError instanceof ConfigError) return parseError.message;
    if (parseError instanceof SyntaxError) return describeJsonSyntax(shown, readBoundedText(file, 'config', shown), parseError);
  }
  return undefined;
}

/**
 * The files cosmiconfig's project search would read, in its order (each directory from `cwd` up to
 * the one with a package.json or package.yaml; in each, the search places), up to the first that
 * holds a config: a ConfigError for any of them that is not a regular file within the config cap.
 * Directories are skipped, as cosmiconfig skips them.
 */
function checkSearchPlaces(cwd: string, searchPlaces: readonly string[]): void {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const place of searchPlaces) {
      const path = join(dir, place);
      let size: number;
      try {
        const stats = statSync(path);
        if (stats.isDirectory()) continue;
        size = stats.size;
      } catch {
        continue; // absent (or unreadable: cosmiconfig skips it too)
      }
      const shown = relative(cwd, path) || path;
      try {
        checkBoundedFile(path, 'config', shown);
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        continue; // cannot be opened: cosmiconfig skips it too
      }
      // An empty file is skipped by cosmiconfig (so is a package.json without an "mcplint" key).
      if (size === 0) continue;
      if (place !== 'package.json') return;
      // package.json counts only with an "mcplint" key; otherwise the search goes on.
      let pkg: unknown;
      try {
        pkg = JSON.parse(readBoundedText(path, 'config', shown));
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        return; // unparsable: cosmiconfig says what is wrong with it
      }
      if (pkg !== null && typeof pkg === 'object' && 'mcplint' in pkg) return;
    }
    if (['package.json', 'package.yaml'].some((name) => exists(join(dir, name))) || dirname(dir) === dir) return;
  }
}

/** Where cosmiconfig looks for its meta config (its `metaSearchPlaces`, which it does not export). */
const META_CONFIG_PLACES = [
  'package.json',
  'package.yaml',
  '.config/config.json',
  '.config/config.yaml',
  '.config/config.yml',
  '.config/config.js',
  '.config/config.ts',
  '.config/config.cjs',
  '.config/config.mjs',
];

/** A ConfigError for any meta-config place in `dir` that is there but not a regular file within the config cap. */
function checkMetaConfigPlaces(dir: string): void {
  for (const place of META_CONFIG_PLACES) {
    const path = join(dir, place);
    try {
      if (statSync(path).isDirectory()) continue;
      checkBoundedFile(path, 'config', place);
    } catch (error) {
      if (error instanceof ConfigError) throw error; // absent or unopenable: cosmiconfig skips it too
    }
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether any directory from `cwd` up to the file-system root holds something cosmiconfig could
 * read as mcplint's config (mcplint.config.*, .mcplintrc*, .config/mcplintrc*, package.json with an
 * "mcplint" key). Looks further up than cosmiconfig's project search, so it never skips a config.
 */
export function mayHaveConfig(cwd: string): boolean {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      names = [];
    }
    for (const name of names) {
      if (name.startsWith('mcplint.config.') || name.startsWith('.mcplintrc')) return true;
      if (name === '.config') {
        try {
          if (readdirSync(join(dir, '.config')).some((n) => n.startsWith('mcplintrc'))) return true;
        } catch {
          // not a directory
        }
      }
      if (name === 'package.json') {
        try {
          const pkg = JSON.parse(readBoundedText(join(dir, name), 'config', name)) as Record<string, unknown>;
          if (pkg !== null && typeof pkg === 'object' && 'mcplint' in pkg) return true;
        } catch {
          return true; // unreadable: let cosmiconfig say what is wrong with it
        }
      }
    }
    if (dirname(dir) === dir) return false;
  }
}

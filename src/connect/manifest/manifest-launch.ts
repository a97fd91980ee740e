/**
 * Launching what a manifest publishes the way its client would, from the files at hand and never
 * from a registry: a server.json npm package that is the project beside it runs its package.json
 * `bin` with the declared `packageArguments` and `environmentVariables`; an MCP Bundle runs its
 * `server.mcp_config` with `${__dirname}` and `${user_config.*}` substituted. A required value
 * with no default gets a placeholder, and the record says which (docs/manifests.md).
 */
import { homedir } from 'node:os';
import { delimiter, join, resolve, sep } from 'node:path';
import type { ManifestLaunch, ManifestRecord } from '../../model/manifest.js';
import { isFile } from '../../shared/file-kind.js';
import { isObject, type JsonObject } from '../../shared/json.js';
import { readTextIfPresent } from '../../shared/read-bounded.js';
import type { ResolvedHttpTarget } from '../capture-http.js';
import type { ResolvedStdioTarget } from '../capture-target.js';
import { PLACEHOLDER } from './manifest-notes.js';
import { projectScriptNames } from './read-manifest.js';

export type ManifestLaunchPlan =
  | { readonly target: ResolvedStdioTarget | ResolvedHttpTarget; readonly launch: ManifestLaunch }
  /** Why nothing was launched, for the report's notes. */
  | { readonly problem: string };

export function launchPlan(record: ManifestRecord, dir: string, path: string): ManifestLaunchPlan {
  return record.kind === 'mcpb' ? bundleLaunch(record, dir, path) : packageLaunch(record, dir, path);
}

/** A server.json package that is this project: npm only (a PyPI or OCI package would have to be fetched). */
function packageLaunch(record: ManifestRecord, dir: string, path: string): ManifestLaunchPlan {
  const packages = Array.isArray(record.document.packages) ? record.document.packages : [];
  const pkgName = record.project.packageJson?.name;
  const index = packages.findIndex((p) => isObject(p) && p.registryType === 'npm' && p.identifier === pkgName && pkgName !== undefined);
  if (index === -1) {
    const python = pythonLaunch(record, dir, path);
    if (python) return python;
    const remote = remoteTarget(record, path);
    if (remote) return remote;
    const kinds = packages.flatMap((p) =>
      isObject(p) && typeof p.registryType === 'string' ? [`${p.registryType} ${String(p.identifier)}`] : [],
    );
    return {
      problem:
        packages.length === 0
          ? `${record.file} declares no packages, so there is nothing to launch here: only the manifest was linted`
          : `no package of ${record.file} is the npm project beside it (${kinds.join(', ').slice(0, 200)}${pkgName ? `; package.json names "${pkgName}"` : '; no package.json'}): mcplint launches only local npm projects, never downloads, so only the manifest was linted`,
    };
  }
  const pkg = packages[index] as JsonObject;
  const bin = binOf(dir);
  if (!bin) return { problem: `package.json beside ${record.file} has no single "bin" to launch: only the manifest was linted` };
  const placeholders: string[] = [];
  const args = argumentsOf(pkg.packageArguments, placeholders);
  const env = environmentOf(pkg.environmentVariables, placeholders);
  const pointer = `/packages/${index}`;
  return {
    target: {
      command: process.execPath,
      args: [bin, ...args],
      cwd: dir,
      ...(Object.keys(env).length > 0 ? { env } : {}),
      declaredIn: { file: path, line: record.positions[pointer]?.line ?? 1 },
    },
    launch: { from: `packages[${index}] (npm ${String(pkg.identifier)}), package.json bin`, placeholders, npmBin: bin },
  };
}

/**
 * A PyPI package that is the project beside the manifest, launched from its console script as
 * installed in the project's `.venv` (`uv sync`, `pip install -e .` put it there). Nothing is
 * installed for it: without that script, a problem that says how to get one.
 */
function pythonLaunch(record: ManifestRecord, dir: string, path: string): ManifestLaunchPlan | undefined {
  const packages = Array.isArray(record.document.packages) ? record.document.packages : [];
  const projectName = record.project.pyproject?.name;
  const norm = (s: string) => s.toLowerCase().replace(/[-_.]+/g, '-');
  const index = packages.findIndex(
    (p) =>
      isObject(p) &&
      p.registryType === 'pypi' &&
      typeof p.identifier === 'string' &&
      projectName !== undefined &&
      norm(p.identifier) === norm(projectName),
  );
  if (index === -1) return undefined;
  const pkg = packages[index] as JsonObject;
  const toml = readTextIfPresent(join(dir, 'pyproject.toml'), 'pyproject.toml', 'pyproject.toml') ?? '';
  const scripts = projectScriptNames(toml);
  const script = scripts.find((s) => norm(s) === norm(String(pkg.identifier))) ?? (scripts.length === 1 ? scripts[0] : undefined);
  const installed = script
    ? [join(dir, '.venv', 'bin', script), join(dir, '.venv', 'Scripts', `${script}.exe`)].find((f) => isFile(f))
    : undefined;
  if (!installed)
    return {
      problem: `the PyPI package ${String(pkg.identifier)} of ${record.file} is the project beside it, but ${script ? `its console script "${script}" is not installed in .venv (uv sync or pip install -e . installs it)` : 'its pyproject.toml names no [project.scripts] entry to run'}: mcplint never downloads, so only the manifest was linted`,
    };
  const placeholders: string[] = [];
  const args = argumentsOf(pkg.packageArguments, placeholders);
  const env = environmentOf(pkg.environmentVariables, placeholders);
  return {
    target: {
      command: installed,
      args,
      cwd: dir,
      ...(Object.keys(env).length > 0 ? { env } : {}),
      declaredIn: { file: path, line: record.positions[`/packages/${index}`]?.line ?? 1 },
    },
    launch: { from: `packages[${index}] (PyPI ${String(pkg.identifier)}), .venv console script ${script}`, placeholders },
  };
}

/**
 * The first `remotes` entry whose URL is literal or filled from its variables' values and defaults
 * (`https://{tenant}.example.com` with a required `tenant` needs the user's value): connected to as
 * `--url` would, with its declared headers (`{variables}` in a header's value filled the same way;
 * a required one without a value gets the placeholder). Only when no package of this project can be launched.
 */
function remoteTarget(record: ManifestRecord, path: string): ManifestLaunchPlan | undefined {
  const remotes = Array.isArray(record.document.remotes) ? record.document.remotes : [];
  const urls = remotes.map((r) => (isObject(r) && typeof r.url === 'string' ? remoteUrl(r.url, r.variables) : undefined));
  const index = urls.findIndex((url) => url !== undefined);
  if (index === -1) return undefined;
  const remote = remotes[index] as JsonObject;
  const placeholders: string[] = [];
  const headers = environmentOf(remote.headers, placeholders);
  return {
    target: {
      kind: 'http',
      url: urls[index]!,
      transport: remote.type === 'sse' ? 'sse' : 'http',
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      declaredIn: { file: path, line: record.positions[`/remotes/${index}`]?.line ?? 1 },
    },
    // The URL is not repeated: its query may hold a credential (the capture redacts it, a note would not).
    launch: { from: `remotes[${index}] (${remote.type === 'sse' ? 'SSE' : 'Streamable HTTP'})`, placeholders },
  };
}

/**
 * A remote's URL with its `{variables}` filled from their values or defaults; undefined when one
 * has neither (a tenant only the user knows: a placeholder host would be no server at all).
 */
function remoteUrl(template: string, variables: unknown): string | undefined {
  const placeholders: string[] = [];
  const url = withVariables(template, variables, 'url', placeholders);
  return url !== undefined && placeholders.length === 0 && /^https?:\/\/[^{}\s]+$/i.test(url) ? url : undefined;
}

/** package.json's one `bin`, as an absolute path. */
function binOf(dir: string): string | undefined {
  const text = readTextIfPresent(join(dir, 'package.json'), 'package.json', 'package.json');
  try {
    const pkg = JSON.parse(text ?? '{}') as { bin?: unknown };
    const bins = typeof pkg.bin === 'string' ? [pkg.bin] : isObject(pkg.bin) ? Object.values(pkg.bin) : [];
    return bins.length === 1 && typeof bins[0] === 'string' ? resolve(dir, bins[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** The value of a server.json input: its value, else its default, else a placeholder when it is required. */
function inputValue(input: JsonObject, name: string, placeholders: string[]): string | undefined {
  if (typeof input.value === 'string') {
    const filled = withVariables(input.value, input.variables, name, placeholders);
    if (filled !== undefined) return filled;
  }
  if (typeof input.default === 'string') return input.default;
  if (input.isRequired === true) {
    placeholders.push(name);
    return PLACEHOLDER;
  }
  return undefined;
}

const VARIABLE = /\{([^{}]*)\}/g;
const HAS_VARIABLE = /\{[^{}]*\}/;

/**
 * A value template's `{name}`s replaced from its `variables` (server.json `InputWithVariables`:
 * `"value": "Bearer {api_key}"`) with each variable's literal value, else its default, else the
 * placeholder for a required one (named `<input> {<variable>}` in the note). Undefined when a
 * variable is not declared, or is optional with nothing to fill it: the value cannot be formed.
 */
function withVariables(template: string, variables: unknown, name: string, placeholders: string[]): string | undefined {
  const used: string[] = [];
  let unfilled = false;
  const filled = template.replace(VARIABLE, (_, key: string) => {
    const variable = isObject(variables) ? variables[key] : undefined;
    if (!isObject(variable)) return ((unfilled = true), '');
    if (typeof variable.value === 'string' && !HAS_VARIABLE.test(variable.value)) return variable.value;
    if (typeof variable.default === 'string') return variable.default;
    if (variable.isRequired !== true) return ((unfilled = true), '');
    used.push(`${name} {${key}}`);
    return PLACEHOLDER;
  });
  if (unfilled) return undefined;
  placeholders.push(...used);
  return filled;
}

function argumentsOf(list: unknown, placeholders: string[]): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const arg of list) {
    if (!isObject(arg)) continue;
    if (arg.type === 'named' && typeof arg.name === 'string') {
      const value = inputValue(arg, arg.name, placeholders);
      if (value !== undefined) out.push(arg.name, value);
    } else if (arg.type === 'positional') {
      const value = inputValue(arg, typeof arg.valueHint === 'string' ? arg.valueHint : 'positional argument', placeholders);
      if (value !== undefined) out.push(value);
    }
  }
  return out;
}

function environmentOf(list: unknown, placeholders: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  if (!Array.isArray(list)) return env;
  for (const variable of list) {
    if (!isObject(variable) || typeof variable.name !== 'string') continue;
    const value = inputValue(variable, variable.name, placeholders);
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
}

/** An MCP Bundle's mcp_config, substituted as the client does. */
function bundleLaunch(record: ManifestRecord, dir: string, path: string): ManifestLaunchPlan {
  const server = record.document.server;
  const base = isObject(server) && isObject(server.mcp_config) ? server.mcp_config : undefined;
  // This platform's override replaces the command, args or env it names, as the client applies it.
  const override = base && isObject(base.platform_overrides) ? base.platform_overrides[process.platform] : undefined;
  const config =
    base && isObject(override)
      ? { ...base, ...override, env: { ...(isObject(base.env) ? base.env : {}), ...(isObject(override.env) ? override.env : {}) } }
      : base;
  if (!config || typeof config.command !== 'string')
    return { problem: `${record.file} has no server.mcp_config.command to launch: only the manifest was linted` };
  const userConfig = isObject(record.document.user_config) ? record.document.user_config : {};
  const placeholders: string[] = [];
  const substitute = (text: string): string =>
    text.replace(/\$\{([^}]*)\}/g, (whole, name: string) => {
      if (name === '__dirname') return dir;
      if (name === 'HOME') return homedir();
      if (name === 'DESKTOP') return join(homedir(), 'Desktop');
      if (name === 'DOCUMENTS') return join(homedir(), 'Documents');
      if (name === 'pathSeparator' || name === '/') return sep;
      if (name === 'pathDelimiter') return delimiter;
      const key = /^user_config\.(.+)$/.exec(name)?.[1];
      if (key === undefined) return whole;
      const option = userConfig[key];
      if (isObject(option) && option.default !== undefined) return String(option.default);
      if (!placeholders.includes(key)) placeholders.push(key);
      return PLACEHOLDER;
    });
  const args = Array.isArray(config.args) ? config.args.filter((a): a is string => typeof a === 'string').map(substitute) : [];
  const env: Record<string, string> = {};
  if (isObject(config.env)) for (const [k, v] of Object.entries(config.env)) if (typeof v === 'string') env[k] = substitute(v);
  // A node bundle runs on the client's own Node.js: here, the one running mcplint.
  const command = config.command === 'node' ? process.execPath : substitute(config.command);
  return {
    target: {
      command,
      args,
      cwd: dir,
      ...(Object.keys(env).length > 0 ? { env } : {}),
      declaredIn: { file: path, line: record.positions['/server/mcp_config']?.line ?? 1 },
    },
    launch: { from: 'server.mcp_config', placeholders },
  };
}

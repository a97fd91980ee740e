/**
 * Finds the files a finding can be anchored to when no registration site is known: the server's
 * manifest (server.json, else package.json — the line of mcpName/name/bin), its entry file, the
 * config file that declares it. Cheap file reads only; ts-morph is not involved.
 */
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { TargetDescription } from '../model/capture.js';
import type { Anchors, FileAnchor } from './locate.js';
import { pythonLaunch } from '../source/python/launch.js';
import { readTextIfReadable } from '../shared/read-bounded.js';
import { isFile } from '../shared/file-kind.js';

export interface AnchorInputs {
  readonly cwd: string;
  /** mcplint config or client config that declared the target. */
  readonly configFile?: { readonly path: string; readonly line: number };
  /** The saved capture being re-linted. */
  readonly captureFile?: string;
}

const SCRIPT = /\.(?:[cm]?[jt]sx?|py)$/;

/** The server's entry script: the first argument that is an existing script file. */
export function entryScript(target: TargetDescription, cwd: string): string | undefined {
  if (target.kind !== 'stdio') return undefined;
  const base = target.cwd ? resolve(cwd, target.cwd) : cwd;
  for (const candidate of [target.command, ...target.args]) {
    if (!SCRIPT.test(candidate)) continue;
    const path = isAbsolute(candidate) ? candidate : resolve(base, candidate);
    if (isFile(path)) return path;
  }
  return undefined;
}

/** The nearest directory at or above `from` holding a package.json, or pyproject.toml. */
export function projectRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isFile(join(dir, 'package.json')) || isFile(join(dir, 'pyproject.toml'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

export function findAnchors(target: TargetDescription, inputs: AnchorInputs): Anchors {
  const rel = (path: string) => toUri(relative(inputs.cwd, path));
  const entry = entryScript(target, inputs.cwd) ?? pythonLaunch(target, inputs.cwd)?.entry;
  const root = entry ? projectRoot(dirname(entry)) : undefined;
  const manifest = root ? manifestAnchor(root) : undefined;
  return {
    ...(manifest ? { manifest: { ...manifest, uri: rel(manifest.uri) } } : {}),
    ...(entry ? { entry: { uri: rel(entry), line: 1 } } : {}),
    ...(inputs.configFile ? { config: { uri: rel(inputs.configFile.path), line: inputs.configFile.line } } : {}),
    ...(inputs.captureFile ? { capture: { uri: rel(resolve(inputs.cwd, inputs.captureFile)), line: 1 } } : {}),
    fallback: target.kind === 'stdio' ? toUri(target.command) : 'mcp-server',
  };
}

/** server.json's "name" line, else package.json's "mcpName", "name" or "bin" line, else pyproject.toml's `name`. */
function manifestAnchor(root: string): FileAnchor | undefined {
  for (const [file, keys] of [
    ['server.json', ['name']],
    ['package.json', ['mcpName', 'name', 'bin']],
    ['pyproject.toml', ['name']],
  ] as const) {
    const path = join(root, file);
    if (!isFile(path)) continue;
    const text = readTextIfReadable(path, file === 'server.json' ? 'project file' : file);
    if (text === undefined) continue;
    for (const key of keys) {
      const line = file === 'pyproject.toml' ? lineOfTomlKey(text, key) : lineOfKey(text, key);
      if (line) return { uri: path, line };
    }
    return { uri: path, line: 1 };
  }
  return undefined;
}

/** 1-based line of the first top-level-looking `"key":` in a JSON text. */
export function lineOfKey(text: string, key: string): number | undefined {
  const at = text.search(new RegExp(`^\\s{0,4}["']?${key}["']?\\s*:`, 'm'));
  if (at === -1) return undefined;
  return text.slice(0, at).split('\n').length;
}

/** 1-based line of the first `key = …` in a TOML text. */
function lineOfTomlKey(text: string, key: string): number | undefined {
  const at = text.search(new RegExp(`^\\s*${key}\\s*=`, 'm'));
  return at === -1 ? undefined : text.slice(0, at).split('\n').length;
}

function toUri(path: string): string {
  return path.split(sep).join('/');
}

/**
 * Which Python module a stdio target launches, read from its command line (nothing is run):
 * `python path/to/server.py`, `python -m pkg.module`, `uv run [--directory D] server.py | -m mod |
 * script`, `env PYTHONPATH=… python …`, a virtual environment's python, or a `[project.scripts]`
 * entry point (`weather-mcp`, `uv run weather-mcp`) of the pyproject.toml in the working directory.
 */
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import type { TargetDescription } from '../../model/capture.js';
import { sourceText } from '../read-source.js';
import { importRoots, moduleFile, pythonProjectRoot, runnableModuleFile } from './project.js';
import { isFile } from '../../shared/file-kind.js';

export interface PythonLaunch {
  /** Absolute path of the module that runs first. */
  readonly entry: string;
  /** The project root: the nearest folder at or above the entry with a Python project marker, else the entry's folder. */
  readonly root: string;
}

const PYTHON = /^python(?:\d+(?:\.\d+)?)?(?:\.exe)?$/;
/** uv options that take a value (skipped when looking for what `uv run` runs). */
const UV_VALUE_OPTIONS = new Set([
  '--with',
  '--python',
  '-p',
  '--directory',
  '--project',
  '--package',
  '--env-file',
  '--extra',
  '--group',
  '--index',
  '--from',
]);

export function pythonLaunch(target: TargetDescription, cwd: string): PythonLaunch | undefined {
  if (target.kind !== 'stdio') return undefined;
  let base = target.cwd ? resolve(cwd, target.cwd) : cwd;
  let words = [target.command, ...target.args];
  const searchPath: string[] = [];
  // `env A=1 PYTHONPATH=src python …`
  if (basename(words[0]!) === 'env') {
    words = words.slice(1);
    while (words[0]?.includes('=') && !words[0].startsWith('-')) {
      const [name, value] = [words[0].slice(0, words[0].indexOf('=')), words[0].slice(words[0].indexOf('=') + 1)];
      if (name === 'PYTHONPATH') searchPath.push(...value.split(delimiter).filter(Boolean));
      words = words.slice(1);
    }
  }
  const command = basename(words[0] ?? '');
  let rest = words.slice(1);
  if (command === 'uv' || command === 'uvx') {
    if (command === 'uv' && rest[0] !== 'run') return undefined;
    if (command === 'uv') rest = rest.slice(1);
    while (rest[0]?.startsWith('-') && rest[0] !== '-m') {
      const option = rest[0].split('=')[0]!;
      const value = rest[0].includes('=') ? rest[0].slice(rest[0].indexOf('=') + 1) : rest[1];
      if ((option === '--directory' || option === '--project') && value) base = resolve(base, value);
      rest = rest.slice(UV_VALUE_OPTIONS.has(option) && !rest[0].includes('=') ? 2 : 1);
    }
    if (rest[0] && PYTHON.test(basename(rest[0]))) rest = rest.slice(1);
    else if (rest[0] && rest[0] !== '-m' && !rest[0].endsWith('.py')) return scriptEntry(rest[0], base);
  } else if (!PYTHON.test(command)) {
    return scriptEntry(command, base);
  }
  const roots = [...searchPath.map((p) => resolve(base, p)), base];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (word === '-m' && rest[i + 1]) return located(runnableModuleFile(rest[i + 1]!, withSrc(roots)));
    if (word === '-c') return undefined;
    if (word.startsWith('-')) continue;
    if (word.endsWith('.py')) return located(isAbsolute(word) ? word : resolve(base, word));
    return undefined;
  }
  return undefined;
}

/** A `[project.scripts]` name in base/pyproject.toml: `name = "pkg.module:function"`. */
function scriptEntry(name: string, base: string): PythonLaunch | undefined {
  const pyproject = join(base, 'pyproject.toml');
  if (!isFile(pyproject)) return undefined;
  // Read like a source file (regular, within the size cap): the project is untrusted.
  const module = projectScripts(sourceText(pyproject)).get(name);
  return module ? located(moduleFile(module, importRoots(base, undefined))) : undefined;
}

/** The `[project.scripts]` table: script name → module (the part before `:`). */
export function projectScripts(toml: string): Map<string, string> {
  const scripts = new Map<string, string>();
  let inTable = false;
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inTable = /^\[\s*project\.scripts\s*\]$/.test(line);
      continue;
    }
    const entry = inTable ? /^["']?([\w.-]+)["']?\s*=\s*["']([\w.]+)(?::[\w.]+)?["']/.exec(line) : null;
    if (entry) scripts.set(entry[1]!, entry[2]!);
  }
  return scripts;
}

function withSrc(roots: readonly string[]): string[] {
  return roots.flatMap((r) => [r, join(r, 'src')]);
}

/** An installed module is not the user's source: nothing there to fix. */
const INSTALLED = /[\\/](?:site|dist)-packages[\\/]/;

/** The entry with its project root (a lone script with no project marker is its own folder). */
function located(entry: string | undefined): PythonLaunch | undefined {
  if (!entry || !isFile(entry) || INSTALLED.test(entry)) return undefined;
  return { entry, root: pythonProjectRoot(dirname(entry)) ?? dirname(entry) };
}

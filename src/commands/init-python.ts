/**
 * `mcplint init` for Python projects: the server a pyproject.toml `[project.scripts]` entry point
 * names, a package with `__main__.py` (`python -m pkg`), or a top-level server script that imports
 * the MCP SDK or FastMCP (`python server.py`). Each runs with a runner that exists here, best
 * first: `uv run` when uv is on PATH and the project is a uv or pyproject.toml project, else the
 * project's virtual environment (.venv/, venv/), else `python3`; a package in `src/` gets `src` on
 * PYTHONPATH unless uv installs the project. Files are read, nothing is run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDirectory, isFile } from '../shared/file-kind.js';
import { projectScripts } from '../source/python/launch.js';
import type { Candidate, StdioTarget } from './init-candidate.js';
import { onPath } from '../shared/program-on-path.js';
import type { SearchPath } from './init-runner.js';
import { readTextIfPresent, readTextIfReadable } from '../shared/read-bounded.js';

const SERVER_SCRIPTS = ['server.py', 'main.py', 'app.py', '__main__.py'];
const IMPORTS_MCP = /^\s*(?:from|import)\s+(?:mcp|fastmcp)\b/m;
const VIRTUAL_ENVIRONMENTS = ['.venv', 'venv'];
const BIN = process.platform === 'win32' ? 'Scripts' : 'bin';

/** How this project's Python code is started here. */
type PythonRunner = { readonly kind: 'uv' } | { readonly kind: 'python'; readonly interpreter: string; readonly venv?: string };

export function pythonCandidates(cwd: string, searchPath: SearchPath): Candidate[] {
  const out: Candidate[] = [];
  // Present but a FIFO, a device or over its cap: one line (read-bounded.ts), never skipped silently.
  const pyproject = readTextIfPresent(join(cwd, 'pyproject.toml'), 'pyproject.toml', 'pyproject.toml');
  const runner = pythonRunner(cwd, pyproject !== undefined, searchPath);
  if (pyproject !== undefined) {
    const scripts = [...projectScripts(pyproject).keys()];
    const name = scripts.find((s) => /mcp/i.test(s)) ?? scripts[0];
    if (name) out.push(scriptCandidate(cwd, name, runner));
  }
  for (const base of ['src', '.']) {
    for (const pkg of packagesWithMain(join(cwd, base))) {
      out.push({ target: pythonTarget(runner, ['-m', pkg], base === 'src'), from: `${base === '.' ? '' : 'src/'}${pkg}/__main__.py` });
    }
  }
  for (const script of SERVER_SCRIPTS) {
    const path = join(cwd, script);
    if (!isFile(path) || !IMPORTS_MCP.test(readTextIfReadable(path, 'source file') ?? '')) continue;
    out.push({ target: pythonTarget(runner, [script], false), from: `${script} (imports the MCP SDK)` });
  }
  return out;
}

function pythonRunner(cwd: string, hasPyproject: boolean, searchPath: SearchPath): PythonRunner {
  if ((hasPyproject || isFile(join(cwd, 'uv.lock'))) && onPath('uv', searchPath)) return { kind: 'uv' };
  for (const venv of VIRTUAL_ENVIRONMENTS) {
    const interpreter = join(venv, BIN, process.platform === 'win32' ? 'python.exe' : 'python');
    if (isFile(join(cwd, interpreter))) return { kind: 'python', interpreter, venv };
  }
  return { kind: 'python', interpreter: 'python3' };
}

/** `python [-m pkg | script]` through the runner; `src` on PYTHONPATH for a src/ package uv does not install. */
function pythonTarget(runner: PythonRunner, args: string[], inSrc: boolean): StdioTarget {
  if (runner.kind === 'uv') return { command: 'uv', args: args[0] === '-m' ? ['run', 'python', ...args] : ['run', ...args] };
  return { command: runner.interpreter, args, ...(inSrc ? { env: { PYTHONPATH: 'src' } } : {}) };
}

/** A `[project.scripts]` entry point: through uv, or the script the virtual environment installed. */
function scriptCandidate(cwd: string, name: string, runner: PythonRunner): Candidate {
  const from = 'pyproject.toml [project.scripts]';
  if (runner.kind === 'uv') return { target: { command: 'uv', args: ['run', name] }, from };
  const installed = runner.venv ? join(runner.venv, BIN, process.platform === 'win32' ? `${name}.exe` : name) : undefined;
  if (installed && isFile(join(cwd, installed))) return { target: { command: installed, args: [] }, from };
  return {
    target: { command: 'uv', args: ['run', name] },
    from,
    unavailable: `uv is not on PATH and no virtual environment here has the "${name}" script (install uv, or the project into .venv)`,
  };
}

function packagesWithMain(dir: string): string[] {
  if (!isDirectory(dir)) return [];
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && /^[A-Za-z_]\w*$/.test(e.name) && isFile(join(dir, e.name, '__main__.py')))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

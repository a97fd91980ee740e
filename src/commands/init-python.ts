/**
 * `mcplint init` for Python projects: the server a pyproject.toml `[project.scripts]` entry point
 * names (run with `uv run` when the project uses uv, else its virtual environment's script), a
 * package with `__main__.py` (`python3 -m pkg`), or a top-level server script that imports the MCP
 * SDK or FastMCP (`python3 server.py`). Files are read, nothing is run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDirectory, isFile } from '../source/python/project.js';
import { projectScripts } from '../source/python/launch.js';
import type { Candidate } from './init-candidate.js';
import { readTextIfPresent, readTextIfReadable } from '../shared/read-bounded.js';

const SERVER_SCRIPTS = ['server.py', 'main.py', 'app.py', '__main__.py'];
const IMPORTS_MCP = /^\s*(?:from|import)\s+(?:mcp|fastmcp)\b/m;

export function pythonCandidates(cwd: string): Candidate[] {
  const out: Candidate[] = [];
  const usesUv = isFile(join(cwd, 'uv.lock'));
  // Present but a FIFO, a device or over its cap: one line (read-bounded.ts), never skipped silently.
  const pyproject = readTextIfPresent(join(cwd, 'pyproject.toml'), 'pyproject.toml', 'pyproject.toml');
  if (pyproject !== undefined) {
    const scripts = [...projectScripts(pyproject).keys()];
    const name = scripts.find((s) => /mcp/i.test(s)) ?? scripts[0];
    if (name) {
      const venvScript = join('.venv', 'bin', name);
      const viaVenv = !usesUv && isFile(join(cwd, venvScript));
      out.push({
        target: viaVenv ? { command: venvScript, args: [] } : { command: 'uv', args: ['run', name] },
        from: 'pyproject.toml [project.scripts]',
        ...(viaVenv || usesUv ? {} : { note: `runs through uv; without uv, install the project and use its "${name}" script` }),
      });
    }
  }
  for (const base of ['src', '.']) {
    for (const pkg of packagesWithMain(join(cwd, base))) {
      out.push({
        target: { command: usesUv ? 'uv' : 'python3', args: usesUv ? ['run', 'python', '-m', pkg] : ['-m', pkg] },
        from: `${base === '.' ? '' : 'src/'}${pkg}/__main__.py`,
      });
    }
  }
  for (const script of SERVER_SCRIPTS) {
    const path = join(cwd, script);
    if (!isFile(path) || !IMPORTS_MCP.test(readTextIfReadable(path, 'source file') ?? '')) continue;
    out.push({
      target: usesUv ? { command: 'uv', args: ['run', script] } : { command: 'python3', args: [script] },
      from: `${script} (imports the MCP SDK)`,
    });
  }
  return out;
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

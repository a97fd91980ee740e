import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectCandidates } from '../../src/commands/init.js';
import { fixturePath } from '../helpers/capture.js';
import { runCli } from '../helpers/cli.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A PATH holding only stand-ins for these commands (never run: init only looks for them). */
function fakePath(...commands: string[]): string {
  const bin = mkdtempSync(join(tmpdir(), 'mcplint-init-path-'));
  made.push(bin);
  for (const command of commands) executable(join(bin, command));
  return bin;
}

function executable(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\nexit 1\n');
  chmodSync(path, 0o755);
}

function copyOf(fixture: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-init-py-'));
  made.push(dir);
  cpSync(fixturePath(fixture), dir, { recursive: true });
  return dir;
}

const found = (dir: string, path: string) =>
  detectCandidates(dir, path).map((c) => {
    const env = Object.entries(c.target.env ?? {}).map(([k, v]) => `${k}=${v} `);
    return `${env.join('')}${[c.target.command, ...c.target.args].join(' ')} ← ${c.from}${c.unavailable ? ` ✗ ${c.unavailable}` : ''}`;
  });

describe('mcplint init for Python projects: the runner is one that exists here', () => {
  it('uv on PATH and a pyproject.toml: the [project.scripts] entry point and python -m pkg through uv', () => {
    expect(found(fixturePath('python/weather-app'), fakePath('uv', 'python3'))).toEqual([
      'uv run weather-mcp ← pyproject.toml [project.scripts]',
      'uv run python -m weather_mcp ← src/weather_mcp/__main__.py',
    ]);
  });

  it('without uv: python3 with src/ on PYTHONPATH; the entry point is listed as unavailable', () => {
    expect(found(fixturePath('python/weather-app'), fakePath('python3'))).toEqual([
      'uv run weather-mcp ← pyproject.toml [project.scripts] ✗ uv is not on PATH and no virtual environment here has the "weather-mcp" script (install uv, or the project into .venv)',
      'PYTHONPATH=src python3 -m weather_mcp ← src/weather_mcp/__main__.py',
    ]);
  });

  it('without uv or python3 on PATH, nothing is offered as runnable', () => {
    const candidates = detectCandidates(fixturePath('python/weather-app'), fakePath());
    expect(candidates.map((c) => c.unavailable)).toEqual([expect.stringContaining('uv is not on PATH'), 'python3 is not on PATH']);
  });

  it('without uv, the project virtual environment: its script if installed, else its python', () => {
    const dir = copyOf('python/weather-app');
    executable(join(dir, '.venv', 'bin', 'python'));
    expect(found(dir, fakePath('python3'))).toEqual([
      'uv run weather-mcp ← pyproject.toml [project.scripts] ✗ uv is not on PATH and no virtual environment here has the "weather-mcp" script (install uv, or the project into .venv)',
      'PYTHONPATH=src .venv/bin/python -m weather_mcp ← src/weather_mcp/__main__.py',
    ]);
    executable(join(dir, '.venv', 'bin', 'weather-mcp'));
    expect(found(dir, fakePath('python3'))[0]).toBe('.venv/bin/weather-mcp ← pyproject.toml [project.scripts]');
  });

  it('venv/ counts as the virtual environment too, and a script there runs with its python', () => {
    const dir = copyOf('python/standalone-app');
    executable(join(dir, 'venv', 'bin', 'python'));
    expect(found(dir, fakePath('uv', 'python3'))).toEqual(['venv/bin/python server.py ← server.py (imports the MCP SDK)']);
  });

  it('uv is used only for a uv or pyproject.toml project: a bare server script runs with python3', () => {
    expect(found(fixturePath('python/standalone-app'), fakePath('uv', 'python3'))).toEqual([
      'python3 server.py ← server.py (imports the MCP SDK)',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-init-py-'));
    made.push(dir);
    writeFileSync(join(dir, 'uv.lock'), '');
    writeFileSync(join(dir, 'server.py'), 'from mcp.server.fastmcp import FastMCP\n');
    mkdirSync(join(dir, 'tools'));
    writeFileSync(join(dir, 'tools', '__main__.py'), '');
    expect(found(dir, fakePath('uv', 'python3'))).toEqual([
      'uv run python -m tools ← tools/__main__.py',
      'uv run server.py ← server.py (imports the MCP SDK)',
    ]);
    expect(found(dir, fakePath('python3'))).toEqual([
      'python3 -m tools ← tools/__main__.py',
      'python3 server.py ← server.py (imports the MCP SDK)',
    ]);
  });

  it('the CLI writes no target when nothing found can run here, and says what is missing', async () => {
    const dir = copyOf('python/weather-app');
    const init = await runCli(['init'], { cwd: dir, env: { PATH: fakePath() } });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('No server found that can run here');
    expect(init.stdout).toContain(
      'not used   PYTHONPATH=src python3 -m weather_mcp   (src/weather_mcp/__main__.py): python3 is not on PATH',
    );
    expect(JSON.parse(readFileSync(join(dir, 'mcplint.config.json'), 'utf8')).target).toBeUndefined();
  });
});

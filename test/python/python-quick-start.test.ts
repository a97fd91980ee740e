/**
 * docs/python.md's quick start does what it says, on a copy of the weather-app fixture (FastMCP, src/
 * layout) with uv off PATH: `npx mcplint init` then `npx mcplint`, once with the SDK installed for
 * python3 and once with a virtual environment; then the commands given without a config. Each line
 * exits as its comment says (0 unless "exits N"); a line that cannot run offline is listed with why.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from '../helpers/capture.js';
import { runCli } from '../helpers/cli.js';
import { blocks, commands, type DocCommand, statedExit, words } from '../helpers/doc-commands.js';
import { homeWithSdk, pathWithoutUv, virtualEnvironmentWithSdk } from '../helpers/python.js';

const SLOW = 240_000;
const NOT_RUN: Readonly<Record<string, string>> = {
  'npx mcplint -- uv run weather-mcp': 'uv installs the project from the package index',
};

const docs = readFileSync(join(ROOT, 'docs', 'python.md'), 'utf8');
const quickStart = docs.slice(docs.indexOf('## Quick start'), docs.indexOf('\n## ', docs.indexOf('## Quick start')));
const [initAndLint, withoutConfig, repositoryFixtures] = blocks(quickStart, 'sh').map(commands);

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const searchPath = pathWithoutUv();
const home = homeWithSdk(searchPath);
const cache = mkdtempSync(join(tmpdir(), 'mcplint-py-quick-start-cache-'));
made.push(home, cache);

function weatherProject(withVirtualEnvironment: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-py-quick-start-'));
  made.push(dir);
  cpSync(fixturePath('python/weather-app'), dir, { recursive: true });
  if (withVirtualEnvironment) virtualEnvironmentWithSdk(dir, searchPath, join(dir, 'src'));
  return dir;
}

/** Runs the documented lines in order: `npx mcplint …` in the project, `node dist/bin/mcplint.js …` in the repository. */
async function runAll(lines: readonly DocCommand[], project: string): Promise<{ failures: string[]; stdout: string[] }> {
  const failures: string[] = [];
  const stdout: string[] = [];
  for (const command of lines) {
    if (NOT_RUN[command.line] !== undefined) continue;
    const [first, second, ...rest] = words(command.line);
    const cwd = first === 'npx' && second === 'mcplint' ? project : first === 'node' && second === 'dist/bin/mcplint.js' ? ROOT : undefined;
    if (cwd === undefined) throw new Error(`${command.line}: not an mcplint command`);
    const result = await runCli(rest, { cwd, env: { PATH: searchPath, HOME: home, MCPLINT_CACHE_DIR: cache }, timeoutMs: SLOW });
    stdout.push(result.stdout);
    if (result.code !== statedExit(command))
      failures.push(`${command.line}: exit ${result.code}, docs say ${statedExit(command)}\n${result.stdout}\n${result.stderr}`);
  }
  return { failures, stdout };
}

const configTarget = (project: string): unknown => JSON.parse(readFileSync(join(project, 'mcplint.config.json'), 'utf8')).target;

describe('docs/python.md quick start', () => {
  it('shows init and a lint, the commands without a config, and the repository fixtures', () => {
    expect(initAndLint!.map((c) => c.line)).toEqual(['npx mcplint init', 'npx mcplint']);
    expect(withoutConfig!.length).toBeGreaterThanOrEqual(2);
    expect(repositoryFixtures!.length).toBeGreaterThanOrEqual(1);
    const lines = new Set(withoutConfig!.map((c) => c.line));
    expect(Object.keys(NOT_RUN).filter((line) => !lines.has(line))).toEqual([]);
  });

  it(
    'without uv, the SDK installed for python3: init writes python3 with src on PYTHONPATH, and it runs',
    async () => {
      const project = weatherProject(false);
      const { failures, stdout } = await runAll(initAndLint!, project);
      expect(failures).toEqual([]);
      expect(configTarget(project)).toEqual({ command: 'python3', args: ['-m', 'weather_mcp'], env: { PYTHONPATH: 'src' } });
      expect(stdout[0]).toContain('not used   uv run weather-mcp');
      expect(stdout[1]).toContain('src/weather_mcp/tools.py:16');
    },
    SLOW,
  );

  it(
    'without uv, a virtual environment: init writes its python, and it runs',
    async () => {
      const project = weatherProject(true);
      const { failures, stdout } = await runAll(initAndLint!, project);
      expect(failures).toEqual([]);
      expect(configTarget(project)).toEqual({ command: '.venv/bin/python', args: ['-m', 'weather_mcp'], env: { PYTHONPATH: 'src' } });
      expect(stdout[1]).toContain('src/weather_mcp/tools.py:16');
    },
    SLOW,
  );

  it(
    'the commands without a config, and the repository fixtures, exit as documented',
    async () => {
      const { failures } = await runAll([...withoutConfig!, ...repositoryFixtures!], weatherProject(true));
      expect(failures).toEqual([]);
    },
    SLOW,
  );
});

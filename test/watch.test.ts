/**
 * `mcplint --watch` through the built CLI on a temporary copy of a fixture project: the full report
 * first, then after an edit that fixes one defect exactly one delta (one finding fixed) and no full
 * report again; --fix-build's command runs before each lint; SIGINT during a lint leaves no process
 * behind. And what --watch does not go with: one line, exit 2; a lint without --watch never loads chokidar.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunksOf, loadedChunks } from './helpers/bundle-chunks.js';
import { fixturePath } from './helpers/capture.js';
import { CLI, CLI_DEADLINE_MS, runCli } from './helpers/cli.js';
import { copyProject } from './helpers/fix-projects.js';

const SLOW = 4 * CLI_DEADLINE_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The processes whose working directory is `dir` (the project's servers and builds), other than `except`. */
function processesIn(dir: string, except: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === except) continue;
    try {
      if (readlinkSync(`/proc/${pid}/cwd`) === dir) pids.push(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return pids;
}

/** Poll until `ready()` holds; the deadline is a failure condition only. */
async function until(ready: () => boolean, what: string, output: () => string): Promise<void> {
  const deadline = Date.now() + CLI_DEADLINE_MS;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output()}`);
    await sleep(50);
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(process.platform !== 'linux')('mcplint --watch', () => {
  it(
    'prints the full report, then only the delta of an edit that fixes a defect; SIGINT leaves no process',
    async () => {
      const dir = copyProject(fixturePath('fix/js-sdk/before'));
      const build = `${process.execPath} -e "console.error('watch-build ran')"`;
      const child = spawn(
        process.execPath,
        [CLI, '--no-cache', '--no-color', '--watch', '--fix-build', build, '--', 'node', 'server.mjs'],
        {
          cwd: dir,
          env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d));
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      const output = () => `stdout:\n${stdout}\nstderr:\n${stderr}`;
      try {
        await until(() => stderr.includes('mcplint: watching for changes'), 'the first report', output);
        const full = stdout;
        expect(full).toContain('weather-mcp-server 1.0.0 (stdio');
        expect(full).toContain('tool-title-present [*]');
        expect(full.trimEnd().split('\n').at(-1)).toBe('[*] 5 fixable with --fix (2 more with --unsafe-fixes)');

        // The edit --fix would make for tool-title-present: the tool gets a title.
        const server = join(dir, 'server.mjs');
        const source = readFileSync(server, 'utf8');
        const edited = source.replace(
          "    description: 'Get the weather forecast",
          "    title: 'Get Forecast',\n    description: 'Get the weather forecast",
        );
        expect(edited).not.toBe(source);
        writeFileSync(server, edited);
        await until(() => stdout.endsWith('\n') && stdout.slice(full.length).includes('fixed  '), 'the delta', output);
        const delta = stdout.slice(full.length);
        expect(delta).toMatch(
          /^0 new, 1 fixed, score \d+ → \d+ \([A-F]\)\n {2}server\.mjs:\d+ {2}fixed {4}Tool "weather_get_forecast" has no human-readable title[^\n]* {2}tool-title-present\n$/,
        );
        expect(stderr).toContain('mcplint: server.mjs changed; linting again');

        // Another edit starts another build and lint; SIGINT while it runs stops every process of it.
        writeFileSync(server, `${edited}// edited again\n`);
        await until(
          () => count(stderr, 'linting again') >= 2 && (processesIn(dir, child.pid!).length > 0 || count(stdout, ' new, ') >= 2),
          'the second lint',
          output,
        );
        child.kill('SIGINT');
        expect(await exited).toBe(130);
        expect(stderr).toContain('mcplint: interrupted (SIGINT)');
        await until(() => processesIn(dir, -1).length === 0, 'every process of the project to end', output);
        // One full report, never printed again; the build ran before each lint.
        expect(count(stdout, 'weather-mcp-server 1.0.0 (stdio')).toBe(1);
        expect(count(stderr, 'watch-build ran')).toBeGreaterThanOrEqual(2);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    SLOW,
  );

  it('refuses what it does not go with, in one line (exit 2)', async () => {
    const project = fixturePath('fix/js-sdk/before');
    const cases: [string[], string][] = [
      [['--watch', '--from', join(project, 'package.json')], '--watch lints a server again on every change'],
      [['--watch', '--format', 'json', '--', 'node', 'server.mjs'], '--watch prints text'],
      [['--watch', '--fix', '--', 'node', 'server.mjs'], '--watch does not go with --fix or --diff'],
      [['--watch', '--output', 'x.txt', '--', 'node', 'server.mjs'], '--watch prints to the terminal and writes no file: drop --output'],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { cwd: project });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(message);
    }
  });
});

describe('chokidar is loaded only by --watch', () => {
  it(
    'a lint never loads its chunk',
    async () => {
      const chunks = chunksOf(/\/(chokidar|readdirp)\//);
      expect(chunks.length).toBeGreaterThan(0);
      const { r, loaded } = await loadedChunks(['--', process.execPath, fixturePath('clean-server.mjs')], chunks);
      expect(r.code, r.stderr).toBe(0);
      expect(loaded).toEqual([]);
    },
    SLOW,
  );
});

/**
 * The command line's edges (built bin): numeric flags, output paths checked before launching,
 * a closed stdout, colour decisions, a forgotten `--`, `--help`, and plan taking lint's target flags.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTIONS } from '../src/cli/options.js';
import { fixturePath } from './helpers/capture.js';
import { CLI, runCli } from './helpers/cli.js';

const node = process.execPath;
const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-cli-edges-'));

/** A server command that leaves a file behind when it is launched: proof that a check came first. */
function launchMarker(dir: string): { command: string[]; launched: () => boolean } {
  const marker = join(dir, 'launched');
  return { command: ['--', node, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`], launched: () => existsSync(marker) };
}

function expectUsageLine(r: { code: number | null; stdout: string; stderr: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^mcplint: /);
  expect(lines[0]).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe.concurrent('numeric flags: one line naming the flag and what it takes, exit 2, nothing launched', () => {
  const cases: [string, string, RegExp][] = [
    ['--timeout', '-1', /--timeout -1: must be a whole number of milliseconds from 1 to 600000 \(10 minutes\)/],
    ['--timeout', 'abc', /--timeout abc: must be a whole number of milliseconds from 1 to 600000/],
    ['--timeout', '0', /--timeout 0: must be a whole number/],
    ['--timeout', '1.5', /--timeout 1\.5: must be a whole number/],
    ['--timeout', '3000000000', /--timeout 3000000000: must be a whole number of milliseconds from 1 to 600000/],
    ['--jobs', '0', /--jobs 0: must be a whole number of at least 1/],
    ['--jobs', '2.5', /--jobs 2\.5: must be a whole number of at least 1/],
    ['--min-score', '101', /--min-score 101: must be a number from 0 to 100/],
    ['--min-score', '-3', /--min-score -3: must be a number from 0 to 100/],
    ['--max-warnings', '-2', /--max-warnings -2: must be a whole number ≥ 0, or -1 for no limit/],
    ['--max-warnings', '1.5', /--max-warnings 1\.5: must be a whole number ≥ 0, or -1 for no limit/],
    ['--max-warnings', 'many', /--max-warnings many: must be a whole number/],
  ];
  for (const [flag, value, message] of cases) {
    it(`${flag} ${value}`, async () => {
      const dir = scratch();
      const server = launchMarker(dir);
      const extra = flag === '--jobs' ? ['--config-file', '.mcp.json'] : [];
      const r = await runCli([flag, value, ...extra, ...(flag === '--jobs' ? [] : server.command)], { cwd: dir });
      expectUsageLine(r, message);
      expect(server.launched()).toBe(false);
    });
  }

  it('a numeric flag without its value is a usage error too', async () => {
    const r = await runCli(['--timeout'], { cwd: scratch() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcplint: Not enough arguments following: timeout/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('a config file timeout over 10 minutes is refused where the config is checked', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'mcplint.config.json'), '{"timeout": 3000000}');
    const r = await runCli(launchMarker(dir).command, { cwd: dir });
    expectUsageLine(r, /mcplint\.config\.json:1:2: timeout: must be <= 600000/);
  });
});

describe('numeric flags: the accepted edges', () => {
  let capture: string;
  beforeAll(async () => {
    capture = join(scratch(), 'capture.json');
    const saved = await runCli(['--save-capture', capture, '--', node, fixturePath('rules/tool-annotations-present/bad.mjs')]);
    expect(saved.code).toBe(0);
  }, 60_000);

  it('--max-warnings -1 means no limit; 0 fails on the first warning', async () => {
    const [unlimited, none] = await Promise.all([
      runCli(['--from', capture, '--max-warnings', '-1']),
      runCli(['--from', capture, '--max-warnings', '0']),
    ]);
    expect(unlimited.code).toBe(0);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('1 warning exceeds --max-warnings 0');
  });

  it('--timeout 600000 and --min-score 0 are accepted', async () => {
    const r = await runCli(['--from', capture, '--timeout', '600000', '--min-score', '0']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('colour: FORCE_COLOR=0/false turn it off, NO_COLOR wins over FORCE_COLOR, --color/--no-color win over both', async () => {
    const colours = async (args: string[], env: Record<string, string>) => {
      const r = await runCli(['--from', capture, ...args], { env: { NO_COLOR: '', FORCE_COLOR: '', CI: '', ...env } });
      expect(r.code).toBe(0);
      return r.stdout.includes('\x1b[');
    };
    const results = await Promise.all([
      colours([], { FORCE_COLOR: '1' }),
      colours([], { FORCE_COLOR: '0' }),
      colours([], { FORCE_COLOR: 'false' }),
      colours([], { FORCE_COLOR: '1', NO_COLOR: '1' }),
      colours(['--color'], { NO_COLOR: '1' }),
      colours(['--color'], { FORCE_COLOR: '0' }),
      colours(['--no-color'], { FORCE_COLOR: '1' }),
      colours([], {}),
    ]);
    expect(results).toEqual([true, false, false, false, true, true, false, false]);
  });

  it('a reader that goes away (| head -1) ends the run quietly: no stack trace, the run’s own exit code', async () => {
    const child = spawn(node, [CLI, '--from', capture, '--format', 'sarif'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    // Close the reading end at once, so every write mcplint makes meets EPIPE.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe.concurrent('output paths are checked before linting', () => {
  /** The args, after writing a plain file named "file" in the folder. */
  const withFile = (dir: string, args: string[]): string[] => (writeFileSync(join(dir, 'file'), 'x'), args);
  const refusals: [string, (dir: string) => string[], RegExp][] = [
    ['--output naming a folder', (d) => ['--output', d], /--output .*: is a folder, not a file/],
    [
      '--output under a file',
      (d) => withFile(d, ['-o', join(d, 'file', 'report.txt')]),
      /--output .*file\/report\.txt: a parent of it is a file/,
    ],
    ['--report to a folder', (d) => ['--report', `sarif=${d}`], /--report sarif=.*: is a folder, not a file/],
    [
      '--save-capture under a file',
      (d) => withFile(d, ['--save-capture', 'file/sub/c.json']),
      /--save-capture file\/sub\/c\.json: a parent of it is a file/,
    ],
    ['--update-baseline into a folder', (d) => ['--update-baseline', '--baseline', d], /--baseline .*: is a folder, not a file/],
  ];
  for (const [name, args, message] of refusals) {
    it(name, async () => {
      const dir = scratch();
      const server = launchMarker(dir);
      const r = await runCli([...args(dir), ...server.command], { cwd: dir });
      expectUsageLine(r, message);
      expect(server.launched()).toBe(false);
    });
  }

  it.skipIf(process.getuid?.() === 0)('a read-only --output file', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'locked.txt'), 'old');
    chmodSync(join(dir, 'locked.txt'), 0o444);
    const server = launchMarker(dir);
    const r = await runCli(['--output', 'locked.txt', ...server.command], { cwd: dir });
    expectUsageLine(r, /--output locked\.txt: cannot be written \(permission denied\)/);
    expect(server.launched()).toBe(false);
  });

  it('missing parent folders are created for every output', async () => {
    const dir = scratch();
    const r = await runCli(
      [
        ...['-o', 'a/b/report.txt', '--report', 'json=c/d/report.json', '--save-capture', 'e/f/cap.json'],
        ...['--update-baseline', '--baseline', 'g/h/base.json', '--', node, fixturePath('clean-server.mjs')],
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'a/b/report.txt'), 'utf8')).toContain('bookstore-mcp-server 1.0.0');
    expect(JSON.parse(readFileSync(join(dir, 'c/d/report.json'), 'utf8')).formatVersion).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'e/f/cap.json'), 'utf8')).captureVersion).toBe(1);
    expect(existsSync(join(dir, 'g/h/base.json'))).toBe(true);
  });
});

describe.concurrent('usage', () => {
  it('a forgotten -- gets a hint with the corrected command line', async () => {
    const r = await runCli(['--format', 'json', 'node', 'my server.mjs'], { cwd: scratch() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('mcplint: Unknown arguments: node, my server.mjs');
    expect(r.stderr).toContain("did you mean: mcplint --format json -- node 'my server.mjs'?");
    const plan = await runCli(['plan', 'node', 'server.mjs'], { cwd: scratch() });
    expect(plan.stderr).toContain('did you mean: mcplint plan -- node server.mjs?');
  });

  it('a value outside the choices is one readable line naming them, no literal \\n', async () => {
    const r = await runCli(['--format', 'nope', '--', 'node', 'server.mjs'], { cwd: scratch() });
    expect(r.code).toBe(2);
    const first = r.stderr.split('\n')[0];
    expect(first).toMatch(/^mcplint: Invalid values: Argument: format, Given: "nope", Choices: .*"html"/);
    expect(first).not.toContain('\\n');
  });

  it('--help lists every flag of the table with its description, and the exit codes', async () => {
    const [lint, plan] = await Promise.all([runCli(['--help']), runCli(['plan', '--help'])]);
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    for (const [name, spec] of Object.entries(OPTIONS)) {
      if (spec.commands.includes('lint')) {
        expect(lint.stdout).toContain(`--${name}`);
        expect(flat(lint.stdout)).toContain(spec.describe);
      }
      if (spec.commands.includes('plan')) expect(plan.stdout).toContain(`--${name}`);
      else expect(plan.stdout).not.toContain(`--${name}`);
    }
    const codes =
      /Exit codes: 0 .*; 1 .*; 2 usage, config or internal error; 3 --fix rolled back .*; 130 interrupted \(Ctrl-C, SIGINT\), 143 SIGTERM, 129 SIGHUP/;
    expect(flat(lint.stdout)).toMatch(codes);
  });

  it('plan takes the target flags lint takes (--transport, --project, --no-source, --no-cache)', async () => {
    const flags = ['--transport', 'sse', '--url', 'http://127.0.0.1:9/mcp', '--project', '.', '--no-source', '--no-cache'];
    const [plan, dry] = await Promise.all([runCli(['plan', ...flags]), runCli(['--dry-run', ...flags])]);
    for (const r of [plan, dry]) {
      expect(r.stderr).not.toMatch(/Unknown argument/);
      expect(r.stdout).toContain('Probe plan for http://127.0.0.1:9/mcp');
      expect(r.code).toBe(1);
    }
    const mismatch = await runCli(['plan', '--transport', 'sse', '--', node, 'x.mjs']);
    expect(mismatch.stderr).toContain('--header and --transport go with --url');
    expect(mismatch.code).toBe(2);
  });
});

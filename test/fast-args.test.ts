/**
 * The lint command line read without yargs (src/cli/fast-args.ts) must give the lint command
 * exactly what yargs gives it, and must leave every form it does not read plainly to yargs.
 * Both readings go through the real run() of src/cli/main.ts; only the lint command itself is
 * replaced by a recorder.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fastLintArgs } from '../src/cli/fast-args.js';
import type { CliArgs } from '../src/cli/options.js';

const calls: { args: CliArgs; command: readonly string[] }[] = [];
vi.mock('../src/cli/lint-command.js', () => ({
  lintCommand: async (args: CliArgs, command: readonly string[]) => {
    calls.push({ args, command });
    return 0;
  },
}));
const { run } = await import('../src/cli/main.js');

/** What the lint command receives for `argv`, read by yargs or by the fast reader, with the exit code. */
async function received(argv: readonly string[], fastArgs: boolean) {
  calls.length = 0;
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await run(argv, { fastArgs });
    return { code, calls: [...calls], stderr: stderr.mock.calls.join('') };
  } finally {
    stderr.mockRestore();
    stdout.mockRestore();
    log.mockRestore();
  }
}

/** Command lines the fast reader reads itself. */
const PLAIN: readonly (readonly string[])[] = [
  ['--', 'node', 'server.mjs'],
  [],
  ['--from', 'cap.json'],
  ['--from=cap.json', '--format', 'json'],
  ['-f', 'sarif', '-o', 'out.sarif', '--', 'node', 'x.js', '--flag', 'value'],
  ['--no-probes', '--no-protocol-probes', '--format', 'json', '--', 'node', 'server.mjs'],
  ['--rule', 'tool-name-verb=off', '--rule', 'tool-title-present=warning', '--', 'python', 'server.py'],
  ['--report', 'sarif=a.sarif', '--report=junit=b.xml', '--baseline', 'base.json', '--update-baseline'],
  ['--max-warnings', '0', '--min-score', '80', '--timeout=5000', '-j', '4', '--fail-on', 'warning'],
  ['--quiet', '--no-quiet', '--color', '--no-fold', '--verbose', '--no-source', '--no-cache'],
  ['-q', '--format', 'json', '--format', 'text'],
  ['--url', 'https://example.com/mcp', '-H', 'Authorization: Bearer x', '--header', 'X-A: 1', '--transport', 'sse'],
  ['--config-file', '.mcp.json', '--server', 'notes', '--shard', '1/2', '--allow-origin', 'https://b.example'],
  ['--save-capture', 'c.json', '--sarif-category', 'x', '--project', '.', '--protocol', '2025-06-18', '-c', 'cfg.json'],
  ['--print-config', '--dry-run', '--strict-baseline', '--fail-on-skipped', '--probes', '--protocol-probes'],
];

/** Command lines left to yargs: usage errors, help, other commands, forms only yargs reads. */
const LEFT_TO_YARGS: readonly (readonly string[])[] = [
  ['--help'],
  ['-h'],
  ['--format', 'nope', '--', 'node', 'x.js'],
  ['--fromm', 'cap.json'],
  ['--saveCapture', 'c.json', '--', 'node', 'x.js'],
  ['--jobs', '-1', '--', 'node', 'x.js'],
  ['--quiet', 'false', '--', 'node', 'x.js'],
  ['--rule', 'a=off', 'b=off', '--', 'node', 'x.js'],
  ['-qf', 'json', '--', 'node', 'x.js'],
  ['node', 'server.mjs'],
  ['plan', '--format', 'nope', '--', 'node', 'x.js'],
  ['rules', '--format', 'nope'],
  ['--output', '--', 'node', 'x.js'],
  ['--output='],
  ['--no-from', 'x'],
  ['--quiet=true'],
];

describe('the lint command line without yargs', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it.each(PLAIN.map((argv) => [argv.join(' ') || '(nothing)', argv]))('reads %s as yargs does', async (_, argv) => {
    const ownArgs = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
    expect(fastLintArgs(ownArgs)).toBeDefined();
    const byYargs = await received(argv, false);
    const fast = await received(argv, true);
    expect(byYargs.calls).toHaveLength(1);
    expect(fast).toEqual(byYargs);
  });

  it.each(LEFT_TO_YARGS.map((argv) => [argv.join(' '), argv]))('leaves %s to yargs', async (_, argv) => {
    const ownArgs = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
    expect(fastLintArgs(ownArgs)).toBeUndefined();
  });

  it('keeps the usage error of a bad choice', async () => {
    const outcome = await received(['--format', 'nope', '--', 'node', 'x.js'], true);
    expect(outcome).toMatchObject({ code: 2, calls: [] });
    expect(outcome.stderr).toMatch(/^mcplint: Invalid values: Argument: format, Given: "nope"/);
  });

  it('gives a bad number the same one-line usage error', async () => {
    const argv = ['--jobs', '0', '--', 'node', 'x.js'];
    expect(fastLintArgs(argv.slice(0, 2))).toBeDefined();
    const fast = await received(argv, true);
    expect(fast).toEqual(await received(argv, false));
    expect(fast).toMatchObject({ code: 2, calls: [], stderr: 'mcplint: --jobs 0: must be a whole number of at least 1\n' });
  });

  it('reads every lint flag of the option table in its plain form', async () => {
    const { OPTIONS } = await import('../src/cli/options.js');
    for (const [name, spec] of Object.entries(OPTIONS)) {
      if (!spec.commands.includes('lint')) continue;
      const value = spec.kind === 'choice' ? String(spec.choices![0]) : spec.kind === 'number' ? '3' : 'v';
      const argv = spec.kind === 'flag' ? [`--${name}`] : [`--${name}`, value];
      expect(fastLintArgs(argv), name).toBeDefined();
      expect(await received([...argv, '--', 'node', 'x.js'], true), name).toEqual(await received([...argv, '--', 'node', 'x.js'], false));
    }
  });
});

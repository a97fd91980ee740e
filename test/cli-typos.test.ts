/**
 * Typos on the command line (built bin): an unknown flag or command is one line naming it as
 * typed, with the closest flag or command, exit 2, nothing launched; a real server's command
 * without `--` still gets the line with `--` in it.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_WORDS, commandFlags } from '../src/cli/command-words.js';
import { explainUnknownArguments } from '../src/cli/unknown-arguments.js';
import { isRunnableWord } from '../src/cli/runnable-word.js';
import { type CliResult, runCli } from './helpers/cli.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcplint-typos-'));

function expectOneLine(r: CliResult, line: string): void {
  expect(r.stderr).toBe(`mcplint: ${line}\n`);
  expect(r.stdout).toBe('');
  expect(r.code).toBe(2);
}

describe.concurrent('an unknown flag: named as typed, with the closest flags of its command', () => {
  const cases: [string[], string][] = [
    [['--formt', 'json'], 'unknown option --formt (did you mean --format?)'],
    [['--max-warning', '0'], 'unknown option --max-warning (did you mean --max-warnings?)'],
    [['--no-colr'], 'unknown option --no-colr (did you mean --no-color?)'],
    [['plan', '--formt', 'json'], 'unknown option --formt (did you mean --format?)'],
    [['rules', '--serach', 'name'], 'unknown option --serach (did you mean --search?)'],
    [['merge', '--otput', 'x.json', 'a.json'], 'unknown option --otput (did you mean --output?)'],
    [
      ['--formt', 'json', '--mni-score', '90', '--frobnicate'],
      'unknown options --formt (did you mean --format?), --mni-score (did you mean --min-score?), --frobnicate',
    ],
    [['plan', '--frobnicate'], 'unknown option --frobnicate; mcplint plan --help lists them'],
  ];
  for (const [args, line] of cases) {
    it(args.join(' '), async () => {
      const r = await runCli([...args, '--', 'node', 'never-launched.mjs'], { cwd: scratch() });
      expectOneLine(r, line);
      expect(r.stderr).not.toMatch(/[a-z][A-Z]/); // no camelCase copy such as maxWarning
    });
  }
});

describe.concurrent('a first word close to a command name', () => {
  it('is an unknown command, with the line that lints a server of that name', async () => {
    expectOneLine(
      await runCli(['rulez'], { cwd: scratch() }),
      "unknown command 'rulez'; did you mean 'rules'? (to lint a server named rulez, write: mcplint -- rulez)",
    );
    expectOneLine(
      await runCli(['--format', 'json', 'explian', 'tool-name-verb'], { cwd: scratch() }),
      "unknown command 'explian'; did you mean 'explain'? (to lint a server named explian, write: mcplint --format json -- explian tool-name-verb)",
    );
  });

  it('is a server when it names a file or a program on PATH', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'plam'), '');
    expectOneLine(await runCli(['plam'], { cwd: dir }), 'Unknown argument: plam; did you mean: mcplint -- plam?');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'rulez'), '#!/bin/sh\n');
    chmodSync(join(bin, 'rulez'), 0o755);
    const env = { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
    expectOneLine(await runCli(['rulez'], { cwd: dir, env }), 'Unknown argument: rulez; did you mean: mcplint -- rulez?');
  });

  it('leaves a real server command alone: node, npx', async () => {
    const dir = scratch();
    expectOneLine(
      await runCli(['node', 'server.js'], { cwd: dir }),
      'Unknown arguments: node, server.js; did you mean: mcplint -- node server.js?',
    );
    // The -y after npx is npx's flag, not an unknown one of mcplint's.
    expectOneLine(await runCli(['npx', '-y', 'pkg'], { cwd: dir }), 'Unknown arguments: y, npx; did you mean: mcplint -- npx -y pkg?');
  });
});

describe.concurrent('the words and flags the suggestions come from', () => {
  const flagsIn = (help: string) => [...help.matchAll(/^ {2}(?:-\w, | {4})--([a-z][a-z-]*)/gm)].map((m) => m[1]!);

  it('are the commands and flags of --help', async () => {
    const help = await runCli(['--help']);
    const listed = [...help.stdout.matchAll(/^ {2}mcplint (\w+)/gm)].map((m) => m[1]);
    expect(listed).toEqual([...COMMAND_WORDS]);
    expect(flagsIn(help.stdout).sort()).toEqual(commandFlags('lint').sort());
    for (const command of COMMAND_WORDS) {
      const own = await runCli([command, '--help']);
      expect(flagsIn(own.stdout).sort(), command).toEqual(commandFlags(command).sort());
    }
  });
});

describe('explainUnknownArguments', () => {
  const never = () => false;

  it('is not about any other yargs message', () => {
    expect(explainUnknownArguments('Not enough arguments following: jobs', ['--jobs'], never)).toBeUndefined();
  });

  it('skips the values of flags to find the first word', () => {
    expect(explainUnknownArguments('Unknown argument: rulez', ['-o', 'report.txt', '--quiet', 'rulez'], never)).toBe(
      "unknown command 'rulez'; did you mean 'rules'? (to lint a server named rulez, write: mcplint -o report.txt --quiet -- rulez)",
    );
  });

  it('names a letter of a group of short flags', () => {
    expect(explainUnknownArguments('Unknown argument: z', ['-qz'], never)).toBe('unknown option -z; mcplint --help lists them');
  });
});

describe('isRunnableWord', () => {
  it('is a file in the working directory or an executable on PATH', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'server.mjs'), '');
    writeFileSync(join(dir, 'tool'), '#!/bin/sh\n');
    chmodSync(join(dir, 'tool'), 0o755);
    writeFileSync(join(dir, 'data'), '');
    expect(isRunnableWord('server.mjs', dir, { PATH: '' })).toBe(true);
    expect(isRunnableWord('tool', '/', { PATH: dir })).toBe(true);
    expect(isRunnableWord('rulez', dir, { PATH: dir })).toBe(false);
    if (process.platform !== 'win32') expect(isRunnableWord('data', '/', { PATH: dir })).toBe(false);
  });
});

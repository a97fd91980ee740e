/**
 * A repository mcplint lints is untrusted, and so are its links, FIFOs and devices: every file
 * mcplint reads goes through src/shared/read-bounded.ts and every file it writes through
 * src/shared/output-file.ts. Through the built bin, in temporary folders: each hostile file ends
 * the run at once with exit 2 and one line (no stack trace), nothing is written outside the
 * workspace, and what links point at is left as it was.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeOutputFile } from '../src/shared/output-file.js';
import { fixturePath } from './helpers/capture.js';
import { CLI, runCli, type CliResult } from './helpers/cli.js';

const posix = process.platform !== 'win32';
const node = process.execPath;
const CLEAN = fixturePath('clean-server.mjs');
const TOOLS = JSON.stringify({ tools: [{ name: 'books_get', description: 'Get a book by its id.', inputSchema: { type: 'object' } }] });

type Hostile = 'symlink' | 'dangling link' | 'FIFO' | 'link to /dev/zero';
const HOSTILE: readonly Hostile[] = ['symlink', 'dangling link', 'FIFO', 'link to /dev/zero'];

interface Sandbox {
  /** The working directory: the checkout mcplint runs in. */
  readonly dir: string;
  /** A folder outside it, where links point: nothing in it may change. */
  readonly outside: string;
  /** The names and texts in `outside`, to compare before and after a run. */
  readonly snapshot: () => Record<string, string>;
}

function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-files-'));
  const outside = mkdtempSync(join(tmpdir(), 'mcplint-files-outside-'));
  writeFileSync(join(outside, 'victim'), 'do not touch\n');
  const snapshot = () => Object.fromEntries(readdirSync(outside).map((name) => [name, readFileSync(join(outside, name), 'utf8')]));
  return { dir, outside, snapshot };
}

/** Put a hostile file at `path`; a symlink points at `target` in the outside folder (created with `text` when given). */
function plant(box: Sandbox, path: string, kind: Hostile, target = 'victim', text?: string): void {
  if (text !== undefined) writeFileSync(join(box.outside, target), text);
  if (kind === 'symlink') symlinkSync(join(box.outside, target), path);
  else if (kind === 'dangling link') symlinkSync(join(box.outside, 'missing'), path);
  else if (kind === 'FIFO') execFileSync('mkfifo', [path]);
  else symlinkSync('/dev/zero', path);
}

function expectOneLine(r: CliResult, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^mcplint: /);
  expect(lines[0]).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
}

/** A server command that leaves a file behind when it is launched: proof that a check came first. */
function launchMarker(dir: string): { command: string[]; launched: () => boolean } {
  const marker = join(dir, 'launched');
  return { command: ['--', node, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`], launched: () => existsSync(marker) };
}

const REFUSED_READ: Record<Exclude<Hostile, 'symlink' | 'dangling link'>, RegExp> = {
  FIFO: /not a regular file \(a FIFO\)/,
  'link to /dev/zero': /not a regular file \(a character device\)/,
};

describe
  .runIf(posix)
  .concurrent('reads: a FIFO or a link to /dev/zero is one line; a link is followed; a dangling link is a missing file', () => {
    let report: string;
    beforeAll(async () => {
      const box = sandbox();
      writeFileSync(join(box.dir, 'tools.json'), TOOLS);
      const r = await runCli(['--from', 'tools.json', '--format', 'json'], { cwd: box.dir });
      report = r.stdout;
    });

    /** Each read path: how to plant it, the command line, and what a dangling link (absent file) ends in. */
    const reads: {
      name: string;
      file: string;
      args: string[];
      /** The text a symlink points at, and what the run then says on stdout. */
      linked: () => { text: string; says: RegExp };
      dangling: { code: number; says: RegExp };
    }[] = [
      {
        name: 'a found config (mcplint.config.json)',
        file: 'mcplint.config.json',
        args: ['--from', 'tools.json'],
        linked: () => ({ text: JSON.stringify({ rules: { 'tool-title-present': 'off' } }), says: /books_get/ }),
        dangling: { code: 0, says: /books_get/ },
      },
      {
        name: 'package.json for the default target',
        file: 'package.json',
        args: ['--no-probes', '--no-source'],
        linked: () => ({ text: JSON.stringify({ bin: CLEAN }), says: /bookstore-mcp-server 1\.0\.0/ }),
        dangling: { code: 2, says: /no server to lint/ },
      },
      {
        name: 'package.json for init',
        file: 'package.json',
        args: ['init'],
        linked: () => ({ text: JSON.stringify({ main: 'server.mjs' }), says: /node server\.mjs {3}\(from package\.json "main"\)/ }),
        dangling: { code: 0, says: /No server found/ },
      },
      {
        name: 'pyproject.toml for init',
        file: 'pyproject.toml',
        args: ['init'],
        linked: () => ({ text: '[project.scripts]\nbooks-mcp = "books.server:main"\n', says: /uv run books-mcp/ }),
        dangling: { code: 0, says: /No server found/ },
      },
      {
        name: 'the capture for --from',
        file: 'capture.json',
        args: ['--from', 'capture.json'],
        linked: () => ({ text: TOOLS, says: /books_get/ }),
        dangling: { code: 2, says: /--from .*capture\.json: cannot read the file/ },
      },
      {
        name: 'a report for merge',
        file: 'shard.json',
        args: ['merge', 'shard.json'],
        linked: () => ({ text: report, says: /books_get/ }),
        dangling: { code: 2, says: /merge shard\.json: file not found/ },
      },
      {
        name: 'the --baseline',
        file: 'baseline.json',
        args: ['--from', 'tools.json', '--baseline', 'baseline.json'],
        linked: () => ({ text: JSON.stringify({ version: 1, entries: [] }), says: /books_get/ }),
        dangling: { code: 2, says: /--baseline .*baseline\.json: file not found/ },
      },
    ];

    for (const read of reads) {
      for (const kind of HOSTILE) {
        it(`${read.name}: ${kind}`, async () => {
          const box = sandbox();
          writeFileSync(join(box.dir, 'tools.json'), TOOLS);
          const linked = kind === 'symlink' ? read.linked() : undefined;
          plant(box, join(box.dir, read.file), kind, `linked-${read.file}`, linked?.text);
          const taken = box.snapshot();
          const r = await runCli(read.args, { cwd: box.dir, timeoutMs: 60_000 });
          if (kind === 'FIFO' || kind === 'link to /dev/zero') {
            expectOneLine(r, REFUSED_READ[kind]);
            expect(r.stderr).toContain(read.file);
          } else if (kind === 'symlink') {
            // Read through the link, as the file it names: the run goes on with its content.
            expect(r.stderr).not.toMatch(/not a regular file|internal error/);
            expect(r.stdout + r.stderr).toMatch(linked!.says);
          } else {
            expect(r.code, r.stderr).toBe(read.dangling.code);
            expect(r.stdout + r.stderr).toMatch(read.dangling.says);
            expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
          }
          // Nothing outside the workspace changed (init writes its config in the workspace only).
          expect(box.snapshot()).toEqual(taken);
        });
      }
    }

    it("files cosmiconfig reads itself: a config's $import and its meta config (.config/config.json)", async () => {
      const imported = sandbox();
      writeFileSync(join(imported.dir, 'tools.json'), TOOLS);
      execFileSync('mkfifo', [join(imported.dir, 'shared.json')]);
      writeFileSync(join(imported.dir, 'mcplint.config.json'), JSON.stringify({ $import: './shared.json' }));
      expectOneLine(await runCli(['--from', 'tools.json'], { cwd: imported.dir }), /shared\.json: not a regular file \(a FIFO\)/);
      const meta = sandbox();
      writeFileSync(join(meta.dir, 'tools.json'), TOOLS);
      writeFileSync(join(meta.dir, 'mcplint.config.json'), '{}');
      mkdirSync(join(meta.dir, '.config'));
      symlinkSync('/dev/zero', join(meta.dir, '.config', 'config.json'));
      expectOneLine(
        await runCli(['--from', 'tools.json'], { cwd: meta.dir }),
        /\.config\/config\.json: not a regular file \(a character device\)/,
      );
    });

    it('an oversized package.json (sparse) is refused by its cap, for the default target and for init', async () => {
      const box = sandbox();
      const path = join(box.dir, 'package.json');
      writeFileSync(path, '');
      truncateSync(path, 300 * 1024 * 1024);
      for (const args of [['--no-probes'], ['init']]) {
        const r = await runCli(args, { cwd: box.dir });
        expectOneLine(r, /package\.json: larger than the 4 MiB cap for (configs|package\.json files) \(314572800 bytes\)/);
      }
      expect(existsSync(join(box.dir, 'mcplint.config.json'))).toBe(false);
    });

    it('SIGINT: mcplint is never stuck on a FIFO package.json, so it exits instead of ignoring the signal', async () => {
      const box = sandbox();
      execFileSync('mkfifo', [join(box.dir, 'package.json')]);
      const child = spawn(node, [CLI, '--no-probes', '--', node, CLEAN], { cwd: box.dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      let done = false;
      void exited.then(() => (done = true));
      // A blocking open of a FIFO waits in the kernel's wait_for_partner: if mcplint ever gets
      // there, interrupt it as a user would; before, the signal was ignored and this never ended.
      const stuck = (): boolean => {
        try {
          return readFileSync(`/proc/${child.pid}/wchan`, 'utf8').includes('wait_for_partner');
        } catch {
          return false;
        }
      };
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000); // well inside the test's timeout: never left running
      while (!done && !stuck()) await new Promise((r) => setTimeout(r, 20));
      if (!done) child.kill('SIGINT');
      const code = await exited;
      clearTimeout(killer);
      expect(code, stderr).toBe(2);
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^mcplint: package\.json: not a regular file \(a FIFO\)/)]);
    }, 60_000);
  });

describe
  .runIf(posix)
  .concurrent('writes: a link, a dangling link, a FIFO or a device at the target is refused before anything runs', () => {
    const writes: { name: string; file: string; args: (file: string) => string[]; label: RegExp; lint: boolean }[] = [
      { name: '-o', file: 'mcplint.txt', args: (f) => ['-o', f], label: /--output mcplint\.txt: /, lint: true },
      {
        name: '--report',
        file: 'mcplint.sarif',
        args: (f) => ['--report', `sarif=${f}`],
        label: /--report sarif=mcplint\.sarif: /,
        lint: true,
      },
      { name: '--save-capture', file: 'cap.json', args: (f) => ['--save-capture', f], label: /--save-capture cap\.json: /, lint: true },
      {
        name: '--update-baseline',
        file: 'mcplint.baseline.json',
        args: () => ['--update-baseline'],
        label: /--update-baseline \(writes mcplint\.baseline\.json\): /,
        lint: true,
      },
      { name: 'init', file: 'mcplint.config.json', args: () => ['init'], label: /mcplint\.config\.json: /, lint: false },
      { name: 'init --force', file: 'mcplint.config.json', args: () => ['init', '--force'], label: /mcplint\.config\.json: /, lint: false },
    ];
    const says: Record<Hostile, RegExp> = {
      symlink: /is a symbolic link; mcplint never writes through a link/,
      'dangling link': /is a symbolic link; mcplint never writes through a link/,
      FIFO: /is a FIFO, not a regular file/,
      'link to /dev/zero': /is a symbolic link; mcplint never writes through a link/,
    };
    for (const write of writes) {
      for (const kind of HOSTILE) {
        it(`${write.name}: ${kind}`, async () => {
          const box = sandbox();
          plant(box, join(box.dir, write.file), kind);
          const taken = box.snapshot();
          const server = launchMarker(box.dir);
          const r = await runCli([...write.args(write.file), ...(write.lint ? server.command : [])], { cwd: box.dir });
          expectOneLine(r, new RegExp(write.label.source + says[kind].source));
          expect(server.launched()).toBe(false);
          // The victim as it was, and no file created where a dangling link pointed.
          expect(box.snapshot()).toEqual(taken);
        });
      }
    }

    it('-o /dev/full: refused before the run, not a stack trace after it', async () => {
      const box = sandbox();
      const server = launchMarker(box.dir);
      const r = await runCli(['-o', '/dev/full', ...server.command], { cwd: box.dir });
      expectOneLine(r, /--output \/dev\/full: is a character device, not a regular file/);
      expect(server.launched()).toBe(false);
    });

    it.runIf(existsSync('/proc/version'))('-o /proc/version: refused before the run', async () => {
      const box = sandbox();
      const server = launchMarker(box.dir);
      const r = await runCli(['-o', '/proc/version', ...server.command], { cwd: box.dir });
      expectOneLine(r, /--output \/proc\/version: cannot be written \(/);
      expect(server.launched()).toBe(false);
    });

    it('a folder on the way that is a link is refused before any folder is made in it', async () => {
      const box = sandbox();
      symlinkSync(box.outside, join(box.dir, 'reports'));
      const server = launchMarker(box.dir);
      const r = await runCli(['-o', 'reports/new/mcplint.txt', ...server.command], { cwd: box.dir });
      expectOneLine(r, /--output reports\/new\/mcplint\.txt: its folder reports is a symbolic link/);
      expect(server.launched()).toBe(false);
      expect(readdirSync(box.outside)).toEqual(['victim']);
    });

    it('a link swapped in during the run: one line, exit 2, and no report printed as if the run had completed', async () => {
      const box = sandbox();
      const taken = box.snapshot();
      const swap = `ln -sf ${JSON.stringify(join(box.outside, 'victim'))} out.json && exec ${JSON.stringify(node)} ${JSON.stringify(CLEAN)}`;
      const r = await runCli(['--no-probes', '--no-source', '--report', 'json=out.json', '--', 'sh', '-c', swap], {
        cwd: box.dir,
        timeoutMs: 60_000,
      });
      expectOneLine(r, /--report json=out\.json: is a symbolic link/);
      expect(box.snapshot()).toEqual(taken);
    });
  });

describe.runIf(posix)('writeOutputFile', () => {
  it('replaces a regular file whole, keeps its permissions and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-files-'));
    const path = join(dir, 'mcplint.baseline.json');
    writeFileSync(path, 'old text that is longer than the new one\n');
    chmodSync(path, 0o600);
    writeOutputFile(path, 'new\n', '--baseline mcplint.baseline.json');
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['mcplint.baseline.json']);
  });

  it('refuses a folder, and a link in a folder below the base, with the label first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-files-'));
    mkdirSync(join(dir, 'folder'));
    expect(() => writeOutputFile(join(dir, 'folder'), 'x', '--output folder')).toThrow('--output folder: is a folder, not a file');
    symlinkSync(join(dir, 'folder'), join(dir, 'linked'));
    expect(() => writeOutputFile(join(dir, 'linked', 'r.txt'), 'x', '--output linked/r.txt', dir)).toThrow(
      '--output linked/r.txt: its folder linked is a symbolic link',
    );
    expect(readdirSync(join(dir, 'folder'))).toEqual([]);
  });
});

/**
 * Files the user names are read only when they are regular files within a cap: /dev/zero, a FIFO,
 * a directory and an oversized (sparse) file, for each kind, end at once with one line and exit 2
 * through the built bin — never a read that grows without bound or blocks forever.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config/config.js';
import { FILE_CAPS, readBoundedText, type FileKind } from '../src/shared/read-bounded.js';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const posix = process.platform !== 'win32';
const SERVER = ['--', process.execPath, fixturePath('clean-server.mjs')];

/** A directory with the four hostile files; `oversized` is sparse, so it costs no disk. */
function hostileFiles(kind: FileKind): Record<'zero' | 'fifo' | 'directory' | 'oversized', string> {
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-bounded-'));
  const fifo = join(dir, 'fifo.json');
  execFileSync('mkfifo', [fifo]);
  mkdirSync(join(dir, 'directory.json'));
  const oversized = join(dir, 'oversized.json');
  writeFileSync(oversized, '');
  truncateSync(oversized, FILE_CAPS[kind] + 1);
  return { zero: '/dev/zero', fifo, directory: join(dir, 'directory.json'), oversized };
}

const EXPECTED = {
  zero: 'not a regular file (a character device)',
  fifo: 'not a regular file (a FIFO)',
  directory: 'not a regular file (a directory)',
  oversized: 'cap for',
} as const;

async function expectRefused(args: string[], file: string, says: string, cwd?: string): Promise<void> {
  const started = performance.now();
  const r = await runCli(args, { timeoutMs: 20_000, ...(cwd ? { cwd } : {}) });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toContain(file);
  expect(r.stderr).toContain(says);
  expect(performance.now() - started).toBeLessThan(15_000);
}

describe.runIf(posix).concurrent('files read with limits, through the bin', () => {
  for (const [name, says] of Object.entries(EXPECTED) as [keyof typeof EXPECTED, string][]) {
    it(`--config ${name}`, async () => {
      const file = hostileFiles('config')[name];
      await expectRefused(['--config', file, ...SERVER], file, says);
    });

    // A directory named like a config is no config: the search skips it, as cosmiconfig does.
    it.skipIf(name === 'directory')(`a found config that is ${name}`, async () => {
      const files = hostileFiles('config');
      const project = mkdtempSync(join(tmpdir(), 'mcplint-bounded-project-'));
      writeFileSync(join(project, 'package.json'), '{}');
      execFileSync('ln', ['-s', files[name], join(project, '.mcplintrc.json')]);
      await expectRefused(SERVER, '.mcplintrc.json', says, project);
    });

    it(`--config-file ${name}`, async () => {
      const file = hostileFiles('client config')[name];
      await expectRefused(['--config-file', file], file, says);
    });

    it(`a client config's envFile that is ${name}`, async () => {
      const file = hostileFiles('env file')[name];
      const config = join(mkdtempSync(join(tmpdir(), 'mcplint-bounded-')), '.mcp.json');
      writeFileSync(
        config,
        JSON.stringify({ mcpServers: { books: { command: process.execPath, args: [fixturePath('clean-server.mjs')], envFile: file } } }),
      );
      await expectRefused(['--config-file', config], `envFile ${file}`, says);
    });

    it(`--from ${name}`, async () => {
      const file = hostileFiles('capture')[name];
      await expectRefused(['--from', file], `--from ${file}`, says);
    });

    it(`--baseline ${name}`, async () => {
      const file = hostileFiles('baseline')[name];
      await expectRefused(['--baseline', file, '--no-probes', ...SERVER], file, says);
    });
  }
});

describe.runIf(posix)('readBoundedText', () => {
  it('reads a regular file up to its cap exactly, and refuses one byte more', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-bounded-'));
    const atCap = join(dir, 'at-cap.json');
    writeFileSync(atCap, '');
    truncateSync(atCap, FILE_CAPS.config);
    expect(readBoundedText(atCap, 'config', 'x')).toHaveLength(FILE_CAPS.config);
    truncateSync(atCap, FILE_CAPS.config + 1);
    expect(() => readBoundedText(atCap, 'config', '--config at-cap.json')).toThrow(
      '--config at-cap.json: larger than the 4 MiB cap for configs (4194305 bytes)',
    );
  });

  it('refuses captures the same way (what --from uses): 256 MiB, regular files only', () => {
    const files = hostileFiles('capture');
    expect(FILE_CAPS.capture).toBe(256 * 1024 * 1024);
    for (const [name, says] of Object.entries(EXPECTED) as [keyof typeof EXPECTED, string][]) {
      expect(() => readBoundedText(files[name], 'capture', `--from ${files[name]}`)).toThrow(ConfigError);
      expect(() => readBoundedText(files[name], 'capture', `--from ${files[name]}`)).toThrow(says);
    }
  });

  it('leaves open failures to the caller, unchanged', () => {
    expect(() => readBoundedText('/nonexistent/mcplint.json', 'config', 'x')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});

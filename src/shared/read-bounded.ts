/**
 * Reads a file the user named (a config, an env file, a client config, a capture, a baseline) only
 * when it is a regular file, and at most up to a cap: `/dev/zero`, a FIFO, a directory or a huge
 * file is one clear ConfigError, never a read that blocks forever or grows without bound. The cap
 * holds even if the file grows while it is read. Open failures (ENOENT, EACCES…) are thrown as they
 * are, so callers keep their own wording for them.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { ConfigError } from './errors.js';

const MiB = 1024 * 1024;

/** The largest file mcplint reads, per kind (documented in docs/security.md). */
export const FILE_CAPS = {
  config: 4 * MiB,
  'client config': 4 * MiB,
  'env file': 4 * MiB,
  baseline: 64 * MiB,
  capture: 256 * MiB,
  /** A project's evaluation.xml (src/source/evaluation.ts). */
  evaluation: 1 * MiB,
} as const;

export type FileKind = keyof typeof FILE_CAPS;

/**
 * The file's text (UTF-8). `label` starts the error message, as the user would recognise it:
 * e.g. `--from capture.json`.
 */
export function readBoundedText(path: string, kind: FileKind, label: string): string {
  const cap = FILE_CAPS[kind];
  // Non-blocking, so opening a FIFO with no writer returns at once (it is then refused by type).
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    checkRegular(stats, kind, label);
    if (stats.size > cap) throw tooLarge(kind, label, `${stats.size} bytes`);
    const chunks: Buffer[] = [];
    let total = 0;
    // One byte past the cap tells a file that grew beyond it from one that ends exactly there.
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(MiB, cap + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      total += n;
      if (total > cap) throw tooLarge(kind, label, 'it grew while mcplint read it');
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Check without reading (for files another library reads, e.g. cosmiconfig): a ConfigError unless
 * `path` is a regular file within the cap. Open failures are thrown as they are.
 */
export function checkBoundedFile(path: string, kind: FileKind, label: string): void {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    checkRegular(stats, kind, label);
    if (stats.size > FILE_CAPS[kind]) throw tooLarge(kind, label, `${stats.size} bytes`);
  } finally {
    closeSync(fd);
  }
}

function checkRegular(stats: Stats, kind: FileKind, label: string): void {
  if (stats.isFile()) return;
  throw new ConfigError(
    `${label}: not a regular file (${typeOf(stats)}); mcplint reads ${kind}s only from regular files of at most ${mib(FILE_CAPS[kind])}`,
  );
}

function tooLarge(kind: FileKind, label: string, size: string): ConfigError {
  return new ConfigError(`${label}: larger than the ${mib(FILE_CAPS[kind])} cap for ${kind}s (${size})`);
}

function typeOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

function mib(bytes: number): string {
  return `${bytes / MiB} MiB`;
}

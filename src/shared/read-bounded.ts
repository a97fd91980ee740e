/**
 * The one way mcplint reads a file it did not create (a config, package.json, pyproject.toml, a
 * client config, a capture, a report to merge, a baseline, a source file, a cache entry): opened
 * non-blocking (a FIFO with no writer returns at once), checked on the open descriptor to be a
 * regular file (a link is followed, so a link to `/dev/zero` is a character device and refused),
 * and read only up to the cap of its kind, which holds even if the file grows while it is read.
 * A refusal is one ConfigError line. readBoundedText leaves open failures (ENOENT, EACCES…) to its
 * caller's wording; the other readers word them here.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { ConfigError } from './errors.js';
import { errnoOf, fileErrorReason } from './file-errors.js';

const MiB = 1024 * 1024;

/** The largest file mcplint reads, per kind (docs/security.md and CONTRIBUTING.md, "Files", list them). */
export const FILE_CAPS = {
  config: 4 * MiB,
  'client config': 4 * MiB,
  'env file': 4 * MiB,
  /** package.json, read for the default target, by `init` and for SARIF anchors. */
  'package.json': 4 * MiB,
  /** pyproject.toml, read by `init`, for a Python launch and for SARIF anchors. */
  'pyproject.toml': 4 * MiB,
  /** The other project files `init` and the anchors read: server.json, .mcp.json, .vscode/mcp.json… */
  'project file': 4 * MiB,
  /** An MCP Bundle archive (`--manifest bundle.mcpb`), checked before the zip reader opens it. */
  'bundle archive': 256 * MiB,
  baseline: 64 * MiB,
  capture: 256 * MiB,
  /** A JSON report given to `mcplint merge`. */
  report: 256 * MiB,
  /** A project's evaluation.xml (src/source/evaluation.ts). */
  evaluation: 1 * MiB,
  /** A file the source index reads: TypeScript, JavaScript, Python, tsconfig.json. */
  'source file': 16 * MiB,
  'source map': 64 * MiB,
  /** A source-index cache entry (src/source/cache.ts). */
  cache: 64 * MiB,
} as const;

export type FileKind = keyof typeof FILE_CAPS;

/** How the messages name several files of a kind ("the cap for configs"). */
const PLURALS: Readonly<Record<FileKind, string>> = {
  config: 'configs',
  'client config': 'client configs',
  'env file': 'env files',
  'package.json': 'package.json files',
  'pyproject.toml': 'pyproject.toml files',
  'project file': 'project files',
  'bundle archive': 'bundle archives',
  baseline: 'baselines',
  capture: 'captures',
  report: 'reports',
  evaluation: 'evaluations',
  'source file': 'source files',
  'source map': 'source maps',
  cache: 'cache files',
};

/**
 * The file's text (UTF-8). `label` starts the error message, as the user would recognise it:
 * e.g. `--from capture.json`. Open failures are thrown as they are.
 */
export function readBoundedText(path: string, kind: FileKind, label: string): string {
  const fd = openNonBlocking(path);
  try {
    const stats = fstatSync(fd);
    checkRegular(stats, kind, label);
    const read = readOpenFile(fd, stats, FILE_CAPS[kind]);
    if ('text' in read) return read.text;
    throw tooLarge(kind, label, read.grew ? 'it grew while mcplint read it' : `${read.tooLarge} bytes`);
  } finally {
    closeSync(fd);
  }
}

/** A read that may find the file over its cap: the text, or how large it was found to be. */
export type CappedRead = { readonly text: string; readonly bytes: number } | { readonly tooLarge: number; readonly grew: boolean };

/**
 * A file a scan can do without, but whose size it reports (the source index leaves out a module
 * over its own cap, limits.ts, and says so): undefined when it is absent, unreadable or not a
 * regular file; `tooLarge` when it is over `cap` (at most the kind's cap).
 */
export function readCapped(path: string, kind: FileKind, cap: number = FILE_CAPS[kind]): CappedRead | undefined {
  let fd: number;
  try {
    fd = openNonBlocking(path);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() ? readOpenFile(fd, stats, Math.min(cap, FILE_CAPS[kind])) : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Reads an open regular file up to `cap` bytes, checked before reading and again as it reads. */
function readOpenFile(fd: number, stats: Stats, cap: number): CappedRead {
  if (stats.size > cap) return { tooLarge: stats.size, grew: false };
  const chunks: Buffer[] = [];
  let total = 0;
  // One byte past the cap tells a file that grew beyond it from one that ends exactly there.
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(MiB, cap + 1 - total));
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
    if (total > cap) return { tooLarge: total, grew: true };
  }
  return { text: Buffer.concat(chunks, total).toString('utf8'), bytes: total };
}

/** A file the user named (`merge a.json`): its text, or one ConfigError line whatever went wrong. */
export function readInputText(path: string, kind: FileKind, label: string): string {
  try {
    return readBoundedText(path, kind, label);
  } catch (error) {
    throw asConfigError(error, label);
  }
}

/**
 * A file mcplint looks for (package.json in the working directory): undefined when nothing is
 * there (a dangling link included), else its text or one ConfigError line, so a FIFO or a device
 * in the repository stops the run instead of passing for an absent file.
 */
export function readTextIfPresent(path: string, kind: FileKind, label: string): string | undefined {
  try {
    return readBoundedText(path, kind, label);
  } catch (error) {
    if (isAbsent(error)) return undefined;
    throw asConfigError(error, label);
  }
}

/**
 * A file mcplint can do without (a source file, a source map, a cache entry): its text, or
 * undefined when it is absent, unreadable or refused, exactly as an unreadable file always was.
 */
export function readTextIfReadable(path: string, kind: FileKind): string | undefined {
  try {
    return readBoundedText(path, kind, path);
  } catch {
    return undefined;
  }
}

/**
 * Check without reading (for files another library reads, e.g. cosmiconfig or yargs): a ConfigError
 * unless `path` is a regular file within the cap. Open failures are thrown as they are.
 */
export function checkBoundedFile(path: string, kind: FileKind, label: string): void {
  const fd = openNonBlocking(path);
  try {
    const stats = fstatSync(fd);
    checkRegular(stats, kind, label);
    if (stats.size > FILE_CAPS[kind]) throw tooLarge(kind, label, `${stats.size} bytes`);
  } finally {
    closeSync(fd);
  }
}

function openNonBlocking(path: string): number {
  // O_NONBLOCK: opening a FIFO with no writer returns at once (it is then refused by type); a
  // regular file reads the same with or without it.
  return openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
}

function isAbsent(error: unknown): boolean {
  const code = errnoOf(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function asConfigError(error: unknown, label: string): ConfigError {
  if (error instanceof ConfigError) return error;
  return new ConfigError(isAbsent(error) ? `${label}: file not found` : `${label}: cannot read the file (${fileErrorReason(error)})`);
}

function checkRegular(stats: Stats, kind: FileKind, label: string): void {
  if (stats.isFile()) return;
  throw new ConfigError(
    `${label}: not a regular file (${typeOf(stats)}); mcplint reads ${PLURALS[kind]} only from regular files of at most ${mib(FILE_CAPS[kind])}`,
  );
}

function tooLarge(kind: FileKind, label: string, size: string): ConfigError {
  return new ConfigError(`${label}: larger than the ${mib(FILE_CAPS[kind])} cap for ${PLURALS[kind]} (${size})`);
}

/** What a file that is not a regular one is, in words ("a FIFO"). */
export function typeOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a file';
}

function mib(bytes: number): string {
  return `${bytes / MiB} MiB`;
}

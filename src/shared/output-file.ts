/**
 * The one way mcplint writes a file (--output, --report FORMAT=FILE, --save-capture,
 * --update-baseline, `mcplint init`): the text goes to a new temporary file beside the target
 * (created exclusively, so never an existing file and never through a link planted at its name),
 * which is then renamed over the target. A reader never sees half a file, a failed write leaves
 * the old file as it was, and a link swapped in while mcplint ran is replaced, not written through.
 *
 * Only a regular file (or nothing) may be at the target. A symbolic link, dangling or not, is
 * refused rather than replaced: a link committed to the repository (mcplint.sarif → ~/.bashrc) is
 * an attack or a mistake either way, writing through it changes a file outside the workspace, and
 * renaming over it would silently change the repository instead. A FIFO, a device or a folder is
 * refused too (checked with lstat: nothing is opened that could block). Every failure is one
 * ConfigError line naming the path (its `label`) and the reason.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, renameSync, rmSync, type Stats, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { ConfigError } from './errors.js';
import { nodeCrypto } from './node-crypto.js';
import { fileErrorReason } from './file-errors.js';
import { typeOf } from './read-bounded.js';

/**
 * Why nothing may be written at `path` (lstat only), or undefined when it is a regular file or
 * absent. With `base` (the folder a relative path was given in), no folder between the two may
 * be a link either: `reports/` committed as a link to elsewhere is the same attack one level up.
 */
export function refusedTarget(path: string, base?: string): string | undefined {
  const linked = base === undefined ? undefined : refusedFolder(path, base);
  if (linked) return linked;
  let stats: Stats | undefined;
  try {
    stats = lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return `cannot be written (${fileErrorReason(error)})`;
  }
  if (!stats || stats.isFile()) return undefined;
  if (stats.isSymbolicLink()) return 'is a symbolic link; mcplint never writes through a link';
  if (stats.isDirectory()) return 'is a folder, not a file';
  return `is ${typeOf(stats)}, not a regular file`;
}

/**
 * Before a run: a ConfigError unless `path` could be written now. An existing file is opened for
 * writing without following a link or waiting on a FIFO (root passes access() checks and
 * read-only mounts do not show in modes, so opening is the honest test), and the folder must
 * take a new file (the temporary one), which is created and removed again.
 */
export function checkOutputFile(path: string, label: string, base?: string): void {
  const refused = refusedTarget(path, base);
  if (refused) throw new ConfigError(`${label}: ${refused}`);
  try {
    let fd: number | undefined;
    try {
      fd = openSync(path, constants.O_WRONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (fd !== undefined) {
      const isFile = fstatSync(fd).isFile();
      closeSync(fd);
      if (!isFile) throw new ConfigError(`${label}: is not a regular file`);
    }
    const probe = temporaryBeside(path);
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${label}: cannot be written (${fileErrorReason(error)})`);
  }
}

/** Write `text` to `path` as the module comment says, or throw one ConfigError line. */
export function writeOutputFile(path: string, text: string, label: string, base?: string): void {
  const refused = refusedTarget(path, base);
  if (refused) throw new ConfigError(`${label}: ${refused}`);
  const existing = lstatSync(path, { throwIfNoEntry: false });
  const temporary = temporaryBeside(path);
  let fd: number | undefined;
  try {
    // The new file keeps the old one's permissions (a baseline kept private stays private).
    fd = openSync(temporary, 'wx', existing ? existing.mode & 0o777 : 0o666);
    const data = Buffer.from(text, 'utf8');
    for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    rmSync(temporary, { force: true });
    throw new ConfigError(`${label}: cannot be written (${fileErrorReason(error)})`);
  }
}

/** A name no one else uses, hidden, in the target's folder (so the rename stays on one file system). */
function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
}

/** Why no folder may be made on the way from `base` to `path`: one of them is a link (checked before any is created). */
export function refusedFolder(path: string, base: string): string | undefined {
  const linked = linkedFolder(path, base);
  return linked === undefined ? undefined : `its folder ${linked} is a symbolic link; mcplint never writes through a link`;
}

/** The first folder between `base` and `path` (relative to `base`) that is a link; none when `path` is outside `base`. */
function linkedFolder(path: string, base: string): string | undefined {
  const rel = relative(base, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const parts = rel.split(sep).slice(0, -1);
  for (let i = 1; i <= parts.length; i++) {
    const folder = parts.slice(0, i).join(sep);
    let stats: Stats | undefined;
    try {
      stats = lstatSync(join(base, folder), { throwIfNoEntry: false });
    } catch {
      return undefined; // the write itself says what is wrong
    }
    if (!stats) return undefined; // the rest is created as real folders
    if (stats.isSymbolicLink()) return folder;
  }
  return undefined;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already failing: the write's own error is the one to report
  }
}

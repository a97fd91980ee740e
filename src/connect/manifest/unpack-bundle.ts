/**
 * An MCP Bundle archive (`.mcpb`, a zip) unpacked into a fresh temporary folder, so its
 * manifest.json can be read and its server launched as a client would after installing it. The
 * archive is untrusted: it is checked as a regular file within its cap before yauzl (a
 * well-kept zip reader) opens it; every entry name must stay inside the folder (no absolute path,
 * no `..`, no backslash: yauzl refuses those, and each path is checked again here); symbolic links
 * are refused, as are more entries or more unpacked bytes than the caps, counted as the data
 * streams (a zip bomb stops at the cap, not after). Files are created with `wx`, so nothing is
 * written through a link or over another file. On any refusal the folder is removed and the
 * reason is one ConfigError line.
 */
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { ConfigError } from '../../shared/errors.js';
import { checkBoundedFile } from '../../shared/read-bounded.js';

export const BUNDLE_LIMITS = {
  /** Entries (files and folders) in one archive. */
  entries: 20_000,
  /** Bytes of all files unpacked. */
  totalBytes: 1024 * 1024 * 1024,
  /** Bytes of one file unpacked. */
  fileBytes: 256 * 1024 * 1024,
} as const;

export interface UnpackedBundle {
  /** The temporary folder holding the bundle's files. */
  readonly dir: string;
  /** Remove the folder (idempotent). */
  readonly remove: () => void;
}

export async function unpackBundle(path: string, label: string): Promise<UnpackedBundle> {
  checkArchive(path, label);
  const dir = mkdtempSync(join(tmpdir(), 'mcplint-bundle-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const { createRequire } = await import('node:module');
    const yauzl = createRequire(import.meta.url)('yauzl') as typeof import('yauzl');
    const zip = await yauzl.openPromise(path, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
    try {
      await unpackEntries(zip, dir);
    } finally {
      zip.close();
    }
    return { dir, remove };
  } catch (error) {
    remove();
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ConfigError(`${label}: refused the bundle archive: ${reason}`);
  }
}

function checkArchive(path: string, label: string): void {
  try {
    checkBoundedFile(path, 'bundle archive', label);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === 'ENOENT' || code === 'ENOTDIR' ? `${label}: file not found` : `${label}: cannot read the file (${code ?? 'error'})`,
    );
  }
}

async function unpackEntries(zip: ZipFile, dir: string): Promise<void> {
  // The central directory says how many entries there are: too many is refused before any is written.
  if (zip.entryCount > BUNDLE_LIMITS.entries) throw new Error(`more than ${BUNDLE_LIMITS.entries} entries`);
  let entries = 0;
  let total = 0;
  for (;;) {
    const entry = await nextEntry(zip);
    if (!entry) return;
    if (++entries > BUNDLE_LIMITS.entries) throw new Error(`more than ${BUNDLE_LIMITS.entries} entries`);
    const target = resolve(dir, entry.fileName);
    const inside = relative(dir, target);
    if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
      throw new Error(`entry "${entry.fileName.slice(0, 120)}" lies outside the bundle`);
    // Unix mode in the high half of the external attributes: a symbolic link could lead anywhere.
    const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
    if (mode === 0o120000) throw new Error(`entry "${entry.fileName.slice(0, 120)}" is a symbolic link`);
    if (entry.fileName.endsWith('/')) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    if (entry.uncompressedSize > BUNDLE_LIMITS.fileBytes)
      throw new Error(`entry "${entry.fileName.slice(0, 120)}" unpacks to more than 256 MiB`);
    mkdirSync(dirname(target), { recursive: true });
    const stream = await zip.openReadStreamPromise(entry);
    let bytes = 0;
    // Counted as it streams: the declared sizes of a hostile archive are not trusted.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        total += chunk.length;
        if (bytes > BUNDLE_LIMITS.fileBytes || total > BUNDLE_LIMITS.totalBytes)
          done(
            new Error(
              total > BUNDLE_LIMITS.totalBytes
                ? 'it unpacks to more than 1 GiB'
                : `entry "${entry.fileName.slice(0, 120)}" unpacks to more than 256 MiB`,
            ),
          );
        else done(null, chunk);
      },
    });
    const executable = (entry.externalFileAttributes >>> 16) & 0o111;
    await pipeline(stream, counter, createWriteStream(target, { flags: 'wx', mode: executable ? 0o755 : 0o644 }));
  }
}

function nextEntry(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolveEntry, reject) => {
    const onEntry = (entry: Entry) => {
      zip.off('end', onEnd);
      zip.off('error', onError);
      resolveEntry(entry);
    };
    const onEnd = () => {
      zip.off('entry', onEntry);
      zip.off('error', onError);
      resolveEntry(undefined);
    };
    const onError = (error: Error) => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      reject(error);
    };
    zip.once('entry', onEntry);
    zip.once('end', onEnd);
    zip.once('error', onError);
    zip.readEntry();
  });
}

/**
 * Whether a path names a regular file (symbolic links followed), answered from one listing per
 * folder. Resolving the imports of untrusted code asks about many names that do not exist (a 1 MB
 * module can name 100,000 of them, each tried with 16 extensions): one readdir per folder instead of
 * a stat per candidate keeps that cheap. Folders are listed only inside `root` (the project; what
 * lies outside it is looked at with a stat each, as it is rarely asked about). One lookup serves one
 * collection: it never sees later changes.
 */
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';

/** Names that differ only in case are one file on these platforms' usual file systems. */
const FOLDS_CASE = process.platform === 'darwin' || process.platform === 'win32';
const key = (name: string) => (FOLDS_CASE ? name.toLowerCase() : name);

export class FileLookup {
  /** The project root with a trailing separator: the paths under it are answered from listings. */
  private readonly inside: string;
  private readonly listings = new Map<string, Map<string, Dirent> | undefined>();
  private readonly stated = new Map<string, 'file' | 'dir' | undefined>();

  constructor(root: string) {
    const absolute = resolve(root);
    this.inside = absolute.endsWith(sep) ? absolute : absolute + sep;
  }

  isFile(path: string): boolean {
    return this.kind(path) === 'file';
  }

  isDirectory(path: string): boolean {
    return this.kind(path) === 'dir';
  }

  private kind(path: string): 'file' | 'dir' | undefined {
    if (!path.startsWith(this.inside)) return this.stat(path);
    const entry = this.listing(dirname(path))?.get(key(basename(path)));
    if (!entry) return undefined;
    if (entry.isFile()) return 'file';
    if (entry.isDirectory()) return 'dir';
    return entry.isSymbolicLink() ? this.stat(path) : undefined;
  }

  private stat(path: string): 'file' | 'dir' | undefined {
    if (!this.stated.has(path)) this.stated.set(path, statKind(path));
    return this.stated.get(path);
  }

  /** The entries of a folder, read only once its parent's listing says it is one. */
  private listing(dir: string): Map<string, Dirent> | undefined {
    if (this.listings.has(dir)) return this.listings.get(dir);
    let entries: Map<string, Dirent> | undefined;
    if (this.isDirectory(dir)) {
      try {
        entries = new Map(readdirSync(dir, { withFileTypes: true }).map((entry) => [key(entry.name), entry]));
      } catch {
        entries = undefined; // unreadable: nothing in it is found
      }
    }
    this.listings.set(dir, entries);
    return entries;
  }
}

function statKind(path: string): 'file' | 'dir' | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'dir' : undefined;
  } catch {
    return undefined;
  }
}

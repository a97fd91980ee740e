/**
 * What one index may still read (limits.ts: files, bytes, the size of one file), and what it left
 * out because of that: the SourceIndex's `leftOut`, which the report names in a note.
 */
import type { SourceLeftOut } from '../model/source-index.js';
import { SOURCE_LIMITS } from './limits.js';
import { readSource } from './read-source.js';

/** How many of the too-large files are named (all are counted). */
const NAMED = 5;

type Limits = Pick<typeof SOURCE_LIMITS, 'files' | 'totalBytes' | 'fileBytes'>;

export class ReadBudget {
  private files = 0;
  private bytes = 0;
  private readonly largeFiles: string[] = [];
  private largeFileCount = 0;
  private pastLimit = 0;
  private listingStopped = false;

  constructor(
    /** How a left-out file is named in the index (relative to the project root). */
    private readonly name: (path: string) => string,
    private readonly limits: Limits = SOURCE_LIMITS,
  ) {}

  /** Whether another file may be read at all. */
  get exhausted(): boolean {
    return this.files >= this.limits.files || this.bytes >= this.limits.totalBytes;
  }

  /**
   * The text of a file within the budget; `left out` (and counted) when it is over the per-file
   * cap or the budget is spent; undefined when it cannot be read (missing, not a regular file).
   */
  read(path: string): { readonly text: string } | 'left out' | undefined {
    if (this.exhausted) {
      this.pastLimit++;
      return 'left out';
    }
    const read = readSource(path, this.limits.fileBytes);
    if (!read) return undefined;
    if ('tooLarge' in read) {
      this.largeFileCount++;
      if (this.largeFiles.length < NAMED) this.largeFiles.push(this.name(path));
      return 'left out';
    }
    if (this.bytes + read.bytes > this.limits.totalBytes) {
      this.pastLimit++;
      this.bytes = this.limits.totalBytes; // the first file that does not fit ends the reading: the order stays the discovery order
      return 'left out';
    }
    this.files++;
    this.bytes += read.bytes;
    return { text: read.text };
  }

  /** The text, or undefined when the file is left out or cannot be read. */
  text(path: string): string | undefined {
    const read = this.read(path);
    return typeof read === 'object' ? read.text : undefined;
  }

  /** A file found and not read: the budget was spent before it came up. */
  skip(): void {
    this.pastLimit++;
  }

  /** A walk of the project stopped listing before the end (SOURCE_LIMITS.walkEntries). */
  stopListing(): void {
    this.listingStopped = true;
  }

  get leftOut(): SourceLeftOut | undefined {
    if (this.largeFileCount === 0 && this.pastLimit === 0 && !this.listingStopped) return undefined;
    return {
      largeFiles: [...this.largeFiles],
      largeFileCount: this.largeFileCount,
      pastLimit: this.pastLimit,
      ...(this.listingStopped ? { listingStopped: true as const } : {}),
    };
  }
}

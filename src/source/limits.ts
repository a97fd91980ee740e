/**
 * How much of a repository one source index takes in, and for how long. The repository is
 * untrusted (mcplint runs on pull requests from strangers), so every dimension is capped; what a
 * cap leaves out is recorded on the index (SourceIndex.leftOut) and named in the report's notes,
 * and an index that runs out of time or memory is abandoned: the lint goes on without it.
 */

const MiB = 1024 * 1024;

export const SOURCE_LIMITS = {
  /**
   * Larger files are not read. Hand-written modules stay far below it; past it a file is generated
   * or bundled code, whose lines nobody edits, and parsing it costs ~100× its size in memory.
   */
  fileBytes: 1 * MiB,
  /** A source map is read for its list of sources only; maps run several times the size of the code they map. */
  sourceMapBytes: 8 * MiB,
  /** Bytes of source one index reads: what the parse of all of it fits in `heapMb`, with room. */
  totalBytes: 16 * MiB,
  /** Files one index reads. */
  files: 5_000,
  /** Directory entries a walk of the whole project looks at before it stops listing. */
  walkEntries: 100_000,
  /** The index is abandoned after this long (it runs in a worker thread, in-worker.ts). */
  deadlineMs: 10_000,
  /** The worker's JavaScript heap; indexing the largest real fixture projects peaks far below. */
  heapMb: 512,
} as const;

export type IndexLimits = Pick<typeof SOURCE_LIMITS, 'deadlineMs' | 'heapMb'>;

/** An index abandoned for its time or memory limit; the message says which (`indexing exceeded 10 s`). */
export class SourceIndexLimitError extends Error {
  override readonly name = 'SourceIndexLimitError';
}

/** `16 MiB`, `512 KiB`, `300 bytes`. */
export function byteSize(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

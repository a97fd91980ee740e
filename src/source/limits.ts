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
   * or bundled code, whose lines nobody edits. A 1 MiB file of nothing but registrations indexes
   * in about 3 s of CPU and 100 MB.
   */
  fileBytes: 1 * MiB,
  /** A source map is read for its list of sources only; maps run several times the size of the code they map. */
  sourceMapBytes: 8 * MiB,
  /**
   * Bytes of source one index reads: five times a generated 200-file project (830 KB). 4 MiB of
   * nothing but registrations needs under 384 MB of heap and about 11 s of CPU, so at worst the
   * deadline ends such an index, not memory.
   */
  totalBytes: 4 * MiB,
  /** Files one index reads. */
  files: 5_000,
  /** Directory entries a walk of the whole project looks at before it stops listing. */
  walkEntries: 100_000,
  /**
   * The index is abandoned after this long (it runs in a worker thread, in-worker.ts). Wall time:
   * a fixture project's 2 s index took over 10 s on a 2-core machine at a load of 24, so the margin
   * is wide; a stuck index still ends the lint's wait well within a minute.
   */
  deadlineMs: 30_000,
  /**
   * The worker's JavaScript heap. Indexing the fixture projects needs under 48 MB, a generated
   * 200-file project under 96 MB. (The Python parser's WebAssembly memory is outside it; the byte
   * limits above bound it: a Python index takes about 100 MB per MiB of source in all.)
   */
  heapMb: 512,
} as const;

/** The limits of one indexing worker (in-worker.ts). */
export interface IndexLimits {
  readonly deadlineMs: number;
  readonly heapMb: number;
}

/**
 * The worker limits a run uses: SOURCE_LIMITS, with the deadline lowered (never raised) by
 * $MCPLINT_TEST_INDEX_DEADLINE_MS, so the suite's test of a hung index (test/source-bounds-cli.test.ts)
 * does not keep a core busy for the whole 30 s.
 */
export function indexLimits(env: NodeJS.ProcessEnv = process.env): IndexLimits {
  const lowered = Number(env.MCPLINT_TEST_INDEX_DEADLINE_MS);
  const deadlineMs = Number.isInteger(lowered) && lowered > 0 ? Math.min(lowered, SOURCE_LIMITS.deadlineMs) : SOURCE_LIMITS.deadlineMs;
  return { deadlineMs, heapMb: SOURCE_LIMITS.heapMb };
}

/** An index abandoned for its time or memory limit; the message says which (`indexing exceeded 30 s`). */
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

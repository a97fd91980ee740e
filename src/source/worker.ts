/**
 * Worker-thread entry of the source index: builds it off the main thread, so loading the
 * TypeScript compiler (the costly part) overlaps with talking to the server. Posts the index
 * (plain data) or the error message back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildSourceIndex, type SourceIndexOptions } from './index.js';

const { root, options } = workerData as { root: string; options: SourceIndexOptions };
buildSourceIndex(root, options).then(
  (index) => parentPort!.postMessage({ ok: true, index }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);

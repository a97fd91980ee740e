/**
 * Worker-thread entry of the source index (in-worker.ts starts it): builds the index its
 * workerData asks for off the main thread, so loading a parser (the TypeScript compiler, the
 * tree-sitter runtime) and parsing overlap with talking to the server, and a stuck or huge index
 * can be terminated. Posts the index (plain data) or the error message back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildIndex, type IndexRequest } from './build-index.js';

buildIndex(workerData as IndexRequest).then(
  (index) => parentPort!.postMessage({ ok: true, index }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
);

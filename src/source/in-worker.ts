/**
 * Build a source index (TypeScript or Python) in a worker thread (see worker.ts): it runs in
 * parallel with the capture, the main thread stays free to answer signals however long parsing
 * takes, and the index is bounded: past its deadline, or out of its heap, the worker is terminated
 * and the index fails with a SourceIndexLimitError (the lint goes on without source mapping).
 * Falls back to building it in this thread, unbounded, when no compiled worker is available (e.g.
 * when running from TypeScript sources in tests).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IndexRequest } from './build-index.js';
import { type IndexLimits, indexLimits, SourceIndexLimitError } from './limits.js';
import type { SourceIndex } from '../model/source-index.js';

type Reply = { ok: true; index: SourceIndex } | { ok: false; message: string };

export async function buildIndexInWorker(request: IndexRequest, limits: IndexLimits = indexLimits()): Promise<SourceIndex> {
  const workerFile = new URL('./worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(workerFile))) {
    const { buildIndex } = await import('./build-index.js');
    return buildIndex(request);
  }
  const { Worker } = await import('node:worker_threads');
  return new Promise<SourceIndex>((resolve, reject) => {
    const worker = new Worker(workerFile, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      finish();
    };
    const deadline = setTimeout(
      () => settle(() => reject(new SourceIndexLimitError(`indexing exceeded ${limits.deadlineMs / 1000} s`))),
      limits.deadlineMs,
    );
    worker.once('message', (reply: Reply) => settle(() => (reply.ok ? resolve(reply.index) : reject(new Error(reply.message)))));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SourceIndexLimitError(`indexing exceeded ${limits.heapMb} MB of memory`) : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the source indexer stopped (exit code ${code})`))));
  });
}

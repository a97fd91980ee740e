/**
 * Build the source index in a worker thread (see worker.ts), so it runs in parallel with the
 * capture instead of after it. Falls back to building it in this thread when no compiled worker
 * is available (e.g. when running from TypeScript sources in tests).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SourceIndexOptions } from './index.js';
import type { SourceIndex } from '../model/source-index.js';

export async function buildSourceIndexInWorker(root: string, options: SourceIndexOptions = {}): Promise<SourceIndex> {
  const workerFile = new URL('./worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(workerFile))) {
    const { buildSourceIndex } = await import('./index.js');
    return buildSourceIndex(root, options);
  }
  const { Worker } = await import('node:worker_threads');
  return new Promise<SourceIndex>((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { root, options } });
    worker.once('message', (reply: { ok: true; index: SourceIndex } | { ok: false; message: string }) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.index);
      else reject(new Error(reply.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the source indexer stopped (exit code ${code})`)));
  });
}

/** Build the index a request names, in this thread: the worker's whole job (worker.ts), and the fallback without one. */
import type { SourceIndexOptions } from './index.js';
import type { PythonIndexOptions } from './python/index.js';
import type { SourceIndex } from '../model/source-index.js';

/** Which index to build, for which project: plain data (the worker's workerData). */
export type IndexRequest =
  | { readonly language: 'typescript'; readonly root: string; readonly options: SourceIndexOptions }
  | { readonly language: 'python'; readonly root: string; readonly options: PythonIndexOptions };

export async function buildIndex(request: IndexRequest): Promise<SourceIndex> {
  if (request.language === 'python') {
    const { buildPythonSourceIndex } = await import('./python/index.js');
    return buildPythonSourceIndex(request.root, request.options);
  }
  const { buildSourceIndex } = await import('./index.js');
  return buildSourceIndex(request.root, request.options);
}

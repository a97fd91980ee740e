/**
 * What the Python source index learns from the syntax trees (tree-sitter): registrations and
 * their parts' positions, stdout writes, raising handlers, the response limit, loose Pydantic
 * input models and blocking network calls in async tools. Syntax only, like the TypeScript index.
 */
import type { SourceIndex } from '../../model/source-index.js';
import { relativeTo } from './files.js';
import { parseAll } from './parser.js';
import { loosePydanticModels } from './pydantic.js';
import { collectRegistrations } from './registrations.js';
import { responseLimit } from './response-limit.js';
import { stdoutWrites } from './stdout-writes.js';
import type { PythonModule } from './syntax.js';
import { syncNetworkCalls } from './sync-network.js';
import { raisingHandlers } from './throwing-handlers.js';

type Found = Omit<SourceIndex, 'root' | 'entry' | 'filesIndexed' | 'language'>;

/** Parse the files (absolute path → text) and extract; every output is in file order, then source order. */
export async function parseAndExtractPython(texts: ReadonlyMap<string, string>, root: string): Promise<Found> {
  const trees = await parseAll(texts);
  try {
    const rel = relativeTo(root);
    const modules: PythonModule[] = [...trees]
      .map(([path, tree]) => ({ file: rel(path), text: texts.get(path)!, root: tree.rootNode }))
      .sort((a, b) => (a.file < b.file ? -1 : 1));
    const { registrations, unresolved, toolCode } = collectRegistrations(modules);
    const limit = responseLimit(modules);
    return {
      registrations,
      unresolved,
      stdoutWrites: stdoutWrites(modules),
      throwingHandlers: raisingHandlers(toolCode),
      ...(limit ? { responseLimit: limit } : {}),
      looseZodObjects: loosePydanticModels(modules, toolCode),
      syncNetworkCalls: syncNetworkCalls(toolCode),
    };
  } finally {
    for (const tree of trees.values()) tree.delete();
  }
}

/**
 * What the source index learns from the syntax trees: where tools, prompts and resources are
 * registered (and where their description, annotations and parameters are written), writes to
 * stdout, handlers that throw, response-size limits and loose zod input objects. Syntax only: no
 * type checker, so indexing stays fast; identifiers are followed to their `const` declarations in
 * the same project (through relative imports). What cannot be resolved is reported, not guessed.
 *
 * This module parses and walks; the parts live in extract/: resolving identifiers and constants
 * (resolve.ts), zod (zod.ts), registrations (registrations.ts, request-handlers.ts), and one
 * detector per output (stdout-writes.ts, response-limit.ts, throwing-handlers.ts, loose-zod.ts).
 */
import { Node, Project, SyntaxKind, ts, type SourceFile } from 'ts-morph';
import { FileLookup } from './file-lookup.js';
import { originalSources } from './sourcemap.js';
import { resolveRelative, sameModuleName } from './files.js';
import { sourceText } from './read-source.js';
import type { SourceIndex } from '../model/source-index.js';
import { looseZodObjects } from './extract/loose-zod.js';
import { RegistrationCollector } from './extract/registrations.js';
import { unwrap, type ModuleResolver } from './extract/resolve.js';
import { ResponseLimitDetector } from './extract/response-limit.js';
import type { Scope } from './extract/scope.js';
import { StdoutWriteDetector } from './extract/stdout-writes.js';
import { throwingHandlers } from './extract/throwing-handlers.js';
import type { CallVisitor } from './extract/visitor.js';

export type { ModuleResolver } from './extract/resolve.js';

type Found = Omit<SourceIndex, 'root' | 'entry' | 'filesIndexed'>;

/** Parse the collected files (syntax only: no type checker, no lib files) and extract. */
export function parseAndExtract(texts: ReadonlyMap<string, string>, root: string): Found {
  const project = new Project({
    compilerOptions: { allowJs: true, checkJs: false, noEmit: true, target: ts.ScriptTarget.ES2022 },
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
  });
  const files = new Map<string, SourceFile>();
  for (const [path, text] of texts) files.set(path, project.createSourceFile(path, text, { overwrite: true }));
  const lookup = new FileLookup(root);
  const exists = (path: string) => lookup.isFile(path);
  const resolveModule = (from: SourceFile, specifier: string): SourceFile | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const target = resolveRelative(from.getFilePath(), specifier, exists);
    if (!target) return undefined;
    const direct = files.get(target);
    if (direct) return direct;
    // A built file stands for its originals: the original of the same module name.
    const originals = originalSources(target, sourceText(target), exists).filter((o) => files.has(o));
    const match = originals.find((o) => sameModuleName(o, target)) ?? (originals.length === 1 ? originals[0] : undefined);
    return match ? files.get(match) : undefined;
  };
  const ordered = [...files.values()].sort((a, b) => (a.getFilePath() < b.getFilePath() ? -1 : 1));
  return extract(ordered, root, resolveModule);
}

/**
 * One walk over every file's calls, handed to each visitor; then the detectors that look into
 * the tools' code the registrations found. Every output is in file order, then source order.
 */
export function extract(files: readonly SourceFile[], root: string, resolveModule: ModuleResolver): Found {
  const scope: Scope = { root, resolveModule };
  const registrations = new RegistrationCollector(scope);
  const stdoutWrites = new StdoutWriteDetector(scope, files);
  const responseLimit = new ResponseLimitDetector(scope);
  const visitors: readonly CallVisitor[] = [registrations, stdoutWrites, responseLimit];
  for (const file of files) {
    responseLimit.visitFile(file);
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = unwrap(call.getExpression());
      if (!Node.isPropertyAccessExpression(callee)) continue;
      for (const visitor of visitors) visitor.visitCall(call, callee);
    }
  }
  const { toolCode } = registrations.found;
  const limit = responseLimit.limit;
  return {
    registrations: registrations.found.registrations,
    unresolved: registrations.found.unresolved,
    stdoutWrites: stdoutWrites.writes,
    throwingHandlers: throwingHandlers(toolCode, scope),
    ...(limit ? { responseLimit: limit } : {}),
    looseZodObjects: looseZodObjects(toolCode, scope),
  };
}

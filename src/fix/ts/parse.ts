/**
 * TypeScript and JavaScript files parsed with ts-morph, syntax only (as the source index parses
 * them, src/source/extract.ts), once per file: fixers read nodes and their ranges, and edit only
 * those ranges of the text, so the rest of the file keeps its formatting byte for byte.
 */
import { type Node, Project, ts, type SourceFile } from 'ts-morph';
import type { ReadFile } from '../fix-files.js';
import { offsetAt } from '../fix-files.js';
import type { SourcePosition } from '../../model/source-index.js';
import type { FixFiles } from '../fix-files.js';

const project = new Project({
  compilerOptions: { allowJs: true, checkJs: false, noEmit: true, target: ts.ScriptTarget.ES2022 },
  skipAddingFilesFromTsConfig: true,
  skipFileDependencyResolution: true,
  skipLoadingLibFiles: true,
  useInMemoryFileSystem: true,
});
const parsed = new WeakMap<ReadFile, SourceFile>();

export function parse(file: ReadFile): SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = project.createSourceFile(file.path, file.text, { overwrite: true });
    parsed.set(file, source);
  }
  return source;
}

export interface Located {
  readonly file: ReadFile;
  readonly node: Node;
}

/**
 * Of the nodes that start exactly at a source-index position (an identifier, the property it
 * names, …), the outermost one `accept` takes, or undefined.
 */
export function nodeAt<T extends Node>(
  files: FixFiles,
  at: SourcePosition,
  accept: (node: Node) => node is T,
): { file: ReadFile; node: T } | undefined {
  const file = files.get(at.file);
  if (!file) return undefined;
  const offset = offsetAt(file.text, at.line, at.column);
  if (offset === undefined) return undefined;
  let found: T | undefined;
  for (let node: Node | undefined = parse(file).getDescendantAtPos(offset); node && node.getStart() === offset; node = node.getParent()) {
    if (accept(node)) found = node;
  }
  return found ? { file, node: found } : undefined;
}

/** A string literal's quote character, to write new strings as the file writes its own. */
export function quoteOf(node: Node): "'" | '"' {
  return node.getText().startsWith("'") ? "'" : '"';
}

/** `text` as a string literal in that quote. */
export function stringLiteral(text: string, quote: "'" | '"'): string {
  if (quote === '"') return JSON.stringify(text);
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

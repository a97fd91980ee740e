/**
 * The quick fixes of `mcplint lsp`: each diagnostic whose finding has a fix (diagnostics.ts puts it
 * in `data`) becomes a code action whose workspace edit is the fix's edits (src/fix/: offsets in
 * UTF-16 code units into the file as it was linted). An unsafe fix says so in its title and is
 * never preferred (docs/fix.md: it changes what the server accepts). Positions come from the
 * document the editor has open, else from the file on disk, and only while its text is the one the
 * fix was computed against (the edits' hash).
 */
import { inertLine } from '../../shared/inert.js';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import type { DiagnosticData } from './diagnostics.js';

/** A file's text by URI (the open document's, else the file's), or undefined when unreadable. */
export type TextOf = (uri: string) => string | undefined;

export function codeActionsFor(diagnostics: readonly Diagnostic[], textOf: TextOf): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of diagnostics) {
    const data = diagnostic.data as DiagnosticData | undefined;
    if (!data?.fix || data.fix.edits.length === 0) continue;
    const changes: Record<string, TextEdit[]> = {};
    let readable = true;
    for (const edit of data.fix.edits) {
      const uri = pathToFileURL(resolve(data.root, edit.file)).href;
      const text = textOf(uri);
      // Edited since the lint (unsaved changes, a later save): the offsets no longer hold, so no fix until the next lint.
      if (text === undefined || createHash('sha256').update(text).digest('hex') !== edit.sha256) {
        readable = false;
        break;
      }
      (changes[uri] ??= []).push({
        range: { start: positionAt(text, edit.start), end: positionAt(text, edit.end) },
        newText: edit.replacement,
      });
    }
    if (!readable) continue;
    const unsafe = data.fix.safety === 'unsafe';
    actions.push({
      title: `mcplint: ${inertLine(data.fix.description)}${unsafe ? ' (unsafe: changes what the server accepts)' : ''}`,
      kind: 'quickfix',
      diagnostics: [diagnostic],
      isPreferred: !unsafe,
      edit: { changes },
    });
  }
  return actions;
}

/** The line and character (UTF-16) of an offset; \r\n, \r and \n all end a line, as LSP counts them. */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: Math.min(offset, text.length) - start };
}

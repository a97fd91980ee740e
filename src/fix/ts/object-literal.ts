/**
 * Edits that add properties to an object literal in the file's own layout: a multi-line object
 * gets each new property on its own line at the indentation of the others (a trailing comma kept
 * as the file has it), a one-line object gets them inline, `{}` becomes `{ a: 1 }`.
 */
import type { Node, ObjectLiteralExpression } from 'ts-morph';
import type { ReadFile } from '../fix-files.js';
import type { PlannedEdit } from '../fixer.js';

interface Layout {
  readonly multiline: boolean;
  readonly indent: string;
}

function layoutOf(object: ObjectLiteralExpression, text: string): Layout | undefined {
  const first = object.getProperties()[0];
  if (!first) return undefined;
  const lineStart = text.lastIndexOf('\n', first.getStart() - 1) + 1;
  const before = text.slice(lineStart, first.getStart());
  const multiline = /^[ \t]*$/.test(before);
  return { multiline, indent: multiline ? before : '' };
}

/** `properties` (source text such as `title: "X"`) before the object's first property. */
export function prependProperties(file: ReadFile, object: ObjectLiteralExpression, properties: readonly string[]): PlannedEdit {
  const layout = layoutOf(object, file.text);
  if (!layout) return replaceEmpty(file, object, properties);
  const at = object.getProperties()[0]!.getStart();
  const separator = layout.multiline ? `,\n${layout.indent}` : ', ';
  return { file, start: at, end: at, replacement: properties.join(separator) + separator };
}

/** `properties` after the object's last property, or after `previous` (one of its properties). */
export function appendProperties(
  file: ReadFile,
  object: ObjectLiteralExpression,
  properties: readonly string[],
  previous?: Node,
): PlannedEdit {
  const layout = layoutOf(object, file.text);
  if (!layout) return replaceEmpty(file, object, properties);
  const last = previous ?? object.getProperties().at(-1)!;
  const after = file.text.slice(last.getEnd());
  const trailingComma = /^\s*,/.exec(after);
  const separator = layout.multiline ? `,\n${layout.indent}` : ', ';
  if (trailingComma) {
    const at = last.getEnd() + trailingComma[0].length;
    const lead = layout.multiline ? `\n${layout.indent}` : ' ';
    return { file, start: at, end: at, replacement: lead + properties.join(separator) + ',' };
  }
  const at = last.getEnd();
  return { file, start: at, end: at, replacement: separator + properties.join(separator) };
}

function replaceEmpty(file: ReadFile, object: ObjectLiteralExpression, properties: readonly string[]): PlannedEdit {
  return { file, start: object.getStart(), end: object.getEnd(), replacement: `{ ${properties.join(', ')} }` };
}

/**
 * The project's evaluation file, as the server-building guide describes it: `evaluation.xml`, an
 * `<evaluation>` of `<qa_pair>`s that each hold a `<question>` and an `<answer>`. Read from disk
 * on every run (it is not source code, so the index cache does not cover it), at most
 * MAX_EVALUATION_BYTES, and scanned by hand rather than parsed: only element boundaries are
 * looked at, no DTD is read and no entity is expanded, so a hostile file can neither expand nor
 * make the scan slower than one pass per element kind.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_CAPS, readBoundedText } from '../shared/read-bounded.js';
import { isFile } from '../shared/file-kind.js';
import type { EvaluationFacts, SourceIndex } from '../model/source-index.js';

export const MAX_EVALUATION_BYTES = FILE_CAPS.evaluation;

/** Where the guide's evaluation file is looked for: the project root, then these folders (any *.xml). */
const ROOT_NAMES = ['evaluation.xml', 'evaluations.xml'];
const FOLDERS = ['evaluation', 'evaluations', 'eval', 'evals'];

/** The index with the project's evaluation file, looked up afresh: it is not code, so the index cache does not hold it. */
export function withEvaluation(index: SourceIndex): SourceIndex {
  return { ...index, evaluation: evaluationFacts(index.root) };
}

/** What the project's evaluation file says, or `{ found: false }`. */
export function evaluationFacts(root: string): EvaluationFacts {
  const file = findEvaluationFile(root);
  if (!file) return { found: false };
  const path = join(root, file);
  const tooLarge = (bytes: number): EvaluationFacts => ({ found: true, file, bytes, tooLarge: true, pairs: 0, complete: 0 });
  const bytes = sizeOf(path);
  if (bytes === undefined) return { found: false };
  if (bytes > MAX_EVALUATION_BYTES) return tooLarge(bytes);
  let text: string;
  try {
    text = readBoundedText(path, 'evaluation', file);
  } catch {
    // It grew past the cap between the look and the read, or stopped being readable (then it is as good as absent).
    const now = sizeOf(path);
    return now !== undefined && now > MAX_EVALUATION_BYTES ? tooLarge(now) : { found: false };
  }
  return { found: true, file, bytes, ...scanEvaluation(text) };
}

function sizeOf(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

function findEvaluationFile(root: string): string | undefined {
  for (const name of ROOT_NAMES) if (isFile(join(root, name))) return name;
  for (const folder of FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(join(root, folder))
        .filter((n) => n.toLowerCase().endsWith('.xml'))
        .sort();
    } catch {
      continue;
    }
    const first = names.find((n) => isFile(join(root, folder, n)));
    if (first) return `${folder}/${first}`;
  }
  return undefined;
}

/** The root element and the question/answer pairs of an evaluation document. */
export function scanEvaluation(xml: string): Pick<EvaluationFacts & { found: true }, 'rootElement' | 'pairs' | 'complete'> {
  const text = withoutComments(xml);
  // A DOCTYPE (with its internal subset) is skipped over, never read.
  const rootElement = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)?<([A-Za-z_][\w.-]*)/.exec(text)?.[1];
  let pairs = 0;
  let complete = 0;
  for (const body of elements(text, 'qa_pair')) {
    pairs++;
    const question = elements(body, 'question').next().value;
    const answer = elements(body, 'answer').next().value;
    if (hasText(question) && hasText(answer)) complete++;
  }
  return { ...(rootElement ? { rootElement } : {}), pairs, complete };
}

/** The contents of each `<name …>…</name>` in order (not nested ones of the same name); stops at an unclosed one. */
function* elements(text: string, name: string): Generator<string, undefined> {
  const open = new RegExp(`<${name}(?=[\\s>/])`, 'g');
  const close = `</${name}`;
  let match: RegExpExecArray | null;
  while ((match = open.exec(text))) {
    const tagEnd = text.indexOf('>', match.index);
    if (tagEnd < 0) return;
    if (text[tagEnd - 1] === '/') {
      yield '';
      continue;
    }
    const end = text.indexOf(close, tagEnd);
    if (end < 0) return;
    yield text.slice(tagEnd + 1, end);
    open.lastIndex = end + close.length;
  }
  return undefined;
}

function withoutComments(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf('<!--', at);
    if (start < 0) return out + text.slice(at);
    out += text.slice(at, start);
    const end = text.indexOf('-->', start + 4);
    if (end < 0) return out;
    at = end + 3;
  }
}

/** Some text besides markup and whitespace (CDATA counts as text). */
function hasText(body: string | undefined): boolean {
  if (body === undefined) return false;
  return (
    body
      .replace(/<!\[CDATA\[|\]\]>/g, '')
      // A tag holds no '<': `[^<>]` keeps a body full of unclosed '<' to one pass (`[^>]` rescanned it from each '<').
      .replace(/<[^<>]*>/g, '')
      .trim().length > 0
  );
}

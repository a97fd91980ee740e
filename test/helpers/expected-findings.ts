/**
 * fixtures/rules/<id>/expected.json: what test/rule-fixtures.test.ts compares a fixture's findings
 * with, and how `UPDATE_FIXTURES=1` rewrites it with the findings the fixture actually yields, so
 * that a change in findings is reviewed in the diff instead of copied by hand from a failure.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** The variable that turns comparing into rewriting: `UPDATE_FIXTURES=1 npx vitest run test/rule-fixtures.test.ts`. */
export const UPDATE_VARIABLE = 'UPDATE_FIXTURES';

export const updateRequested = (env: NodeJS.ProcessEnv = process.env): boolean => env[UPDATE_VARIABLE] === '1';

/**
 * The line width the hand-written files keep (biome.json's lineWidth): a value that fits stays on
 * one line (`{ "findings": ["…"] }`), a longer one puts each member or element on its own line.
 */
const LINE_WIDTH = 140;

/** JSON laid out as the expected.json files are: 2-space indents, one line where it fits, a final newline. */
export function fixtureJson(value: unknown): string {
  return `${layout(value, 0, 0)}\n`;
}

/** `value` at `indent`, on a line that already holds `used` characters before it. */
function layout(value: unknown, indent: number, used: number): string {
  const flat = oneLine(value);
  if (used + flat.length <= LINE_WIDTH || value === null || typeof value !== 'object') return flat;
  const inner = ' '.repeat(indent + 2);
  const entries = Array.isArray(value)
    ? value.map((item) => inner + layout(item, indent + 2, inner.length))
    : Object.entries(value).map(([key, item]) => {
        const head = `${inner}${JSON.stringify(key)}: `;
        return head + layout(item, indent + 2, head.length);
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  return `${open}\n${entries.join(',\n')}\n${' '.repeat(indent)}${close}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`);
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** The file's text with `findings` set to these, sorted; every other key kept, in its place. */
export function withFindings(text: string, findings: readonly string[]): string {
  // Spreading keeps an existing key where it is; a file without findings gets them last.
  return fixtureJson({ ...(JSON.parse(text) as Record<string, unknown>), findings: [...findings].sort() });
}

function sameFindings(a: readonly string[], b: readonly string[]): boolean {
  const [x, y] = [[...a].sort(), [...b].sort()];
  return x.length === y.length && x.every((finding, i) => finding === y[i]);
}

/**
 * Under UPDATE_FIXTURES=1, rewrite `file` when `actual` differs from the findings it lists (in any
 * order) and say so; otherwise leave it alone. A file whose findings match is never rewritten, so
 * an update touches only the fixtures whose findings changed.
 */
export function recordFindings(file: string, actual: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  if (!updateRequested(env)) return false;
  const text = readFileSync(file, 'utf8');
  const listed = (JSON.parse(text) as { findings?: unknown }).findings;
  if (Array.isArray(listed) && sameFindings(listed as string[], actual)) return false;
  writeFileSync(file, withFindings(text, actual));
  return true;
}

/**
 * The exposed surface, as text: every string a client shows the model or the user — tool, prompt,
 * resource and template entries (names, titles, descriptions, schemas), the server's instructions
 * and serverInfo — with the subject and JSON pointer it belongs to. Shared by the security rules,
 * so all of them walk the surface the same way. Pure functions.
 */
import { isObject, type ListedIndex } from '../../src/engine/capture-index.js';
import type { ListedCapture } from '../../src/engine/requirements.js';
import type { Subject } from '../../src/engine/rule.js';
import { frozenJsonText } from '../../src/shared/json-text.js';
import { collapseWhitespace } from './text.js';

export interface SurfaceText {
  readonly subject: Subject;
  /** JSON pointer of the string inside its entry ("/description", "/inputSchema/properties/q/default"); for server texts, inside the initialize result. */
  readonly pointer: string;
  readonly text: string;
  /** The string is an object key (a property name), not a value. */
  readonly isKey: boolean;
  /** Prose meant for the model: a description, title or the server's instructions (not names, URIs, defaults, enums). */
  readonly prose: boolean;
}

/** RFC 6901 escaping of one pointer segment. */
export function segment(token: string): string {
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

const PROSE_KEYS = new Set(['description', 'title', 'instructions']);
/** Keys whose values are not read by the model as text (pictures, opaque metadata). */
const SKIPPED_KEYS = new Set(['icons', '_meta']);

/** Collect the strings of `value` into `out` (a plain recursive walk: generators are too slow for big surfaces). */
function collect(
  entry: SurfaceEntry,
  value: unknown,
  pointer: string,
  lastKey: string | undefined,
  depth: number,
  proseOnly: boolean,
  out: SurfaceText[],
): void {
  if (depth > 64) return;
  if (typeof value === 'string') {
    const prose = lastKey !== undefined && PROSE_KEYS.has(lastKey);
    if (prose || !proseOnly) out.push(surfaceText(entry, pointer, value, false, prose));
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      // Array items are never prose: when only prose is wanted, skip the (possibly huge) lists of plain values.
      if (proseOnly && (typeof item !== 'object' || item === null)) continue;
      collect(entry, item, `${pointer}/${i}`, undefined, depth + 1, proseOnly, out);
    }
    return;
  }
  if (!isObject(value)) return;
  for (const key in value) {
    if (SKIPPED_KEYS.has(key)) continue;
    const child = value[key];
    if (proseOnly && (typeof child !== 'object' || child === null) && !PROSE_KEYS.has(key)) continue;
    const childPointer = `${pointer}/${key.includes('/') || key.includes('~') ? segment(key) : key}`;
    if (!proseOnly) out.push(surfaceText(entry, childPointer, key, true, false));
    collect(entry, child, childPointer, key, depth + 1, proseOnly, out);
  }
}

function surfaceText(entry: SurfaceEntry, pointer: string, text: string, isKey: boolean, prose: boolean): SurfaceText {
  return new WalkedText(entry.subject, pointer, text, isKey, prose);
}

/** A surface string whose subject (the entry's, with the pointer) is built only when a rule reports on it: rarely. */
class WalkedText implements SurfaceText {
  #subject: Subject | undefined;

  constructor(
    private readonly entrySubject: Subject,
    readonly pointer: string,
    readonly text: string,
    readonly isKey: boolean,
    readonly prose: boolean,
  ) {}

  get subject(): Subject {
    const entry = this.entrySubject;
    return (this.#subject ??=
      this.pointer && entry.kind !== 'server' && entry.kind !== 'transport' ? { ...entry, pointer: this.pointer } : entry);
  }
}

interface SurfaceEntry {
  /** The subject without a pointer. */
  readonly subject: Subject;
  readonly raw: unknown;
  /** Pointer prefix of `raw` ('' for list entries, '/serverInfo' for the server's). */
  readonly base: string;
}

const entryCache = new WeakMap<ListedCapture, SurfaceEntry[]>();

function surfaceEntries(capture: ListedCapture, index: ListedIndex): SurfaceEntry[] {
  const cached = entryCache.get(capture);
  if (cached) return cached;
  const out: SurfaceEntry[] = [];
  const lists = [
    ['tool', index.tools],
    ['prompt', index.prompts],
    ['resource', index.resources],
    ['resourceTemplate', index.resourceTemplates],
  ] as const;
  for (const [kind, entries] of lists)
    for (const entry of entries) out.push({ subject: { kind, name: entry.name }, raw: entry.raw, base: '' });
  const handshake = capture.handshake;
  if (handshake.ok) {
    if (typeof handshake.instructions === 'string')
      out.push({ subject: { kind: 'server' }, raw: { instructions: handshake.instructions }, base: '' });
    out.push({ subject: { kind: 'server' }, raw: handshake.serverInfo, base: '/serverInfo' });
  }
  entryCache.set(capture, out);
  return out;
}

/** An entry as JSON text, computed once per (frozen) entry and shared with the redaction's scan (for cheap pre-filtering). */
export function entryJson(raw: unknown): string {
  return frozenJsonText(raw) ?? '';
}

export interface SurfaceOptions {
  /** Only prose (descriptions, titles, instructions): far fewer strings. */
  readonly proseOnly?: boolean;
  /** Skip whole entries whose JSON text fails this test (e.g. contains no suspicious character at all). */
  readonly prefilter?: (json: string) => boolean;
}

const proseCache = new WeakMap<ListedCapture, SurfaceText[]>();

/** Every string of the exposed surface, entry by entry (prose only: computed once per capture and shared). */
export function surfaceTexts(capture: ListedCapture, index: ListedIndex, options: SurfaceOptions = {}): readonly SurfaceText[] {
  const cacheable = options.proseOnly === true && options.prefilter === undefined;
  if (cacheable) {
    const cached = proseCache.get(capture);
    if (cached) return cached;
  }
  const out: SurfaceText[] = [];
  for (const entry of surfaceEntries(capture, index)) {
    if (options.prefilter && !options.prefilter(entryJson(entry.raw))) continue;
    collect(entry, entry.raw, entry.base, undefined, 0, options.proseOnly ?? false, out);
  }
  if (cacheable) proseCache.set(capture, out);
  return out;
}

/** Where in its entry a string sits, in words: "its description", "its input schema at /properties/q/description". */
export function placeInWords(subject: Subject, pointer: string): string {
  if (subject.kind === 'server') {
    if (pointer === '/instructions') return 'its instructions';
    return `its serverInfo at ${pointer.replace(/^\/serverInfo/, '') || '/'}`;
  }
  const top = /^\/([^/]+)(.*)$/.exec(pointer);
  if (!top) return 'its entry';
  const [, key, rest] = top as unknown as [string, string, string];
  const named: Record<string, string> = {
    description: 'description',
    title: 'title',
    name: 'name',
    uri: 'URI',
    uriTemplate: 'URI template',
    inputSchema: 'input schema',
    outputSchema: 'output schema',
    annotations: 'annotations',
    arguments: 'arguments',
  };
  const what = named[key] ?? `"${key}" field`;
  return rest ? `its ${what} at ${rest}` : `its ${what}`;
}

/** A short quote around `at` in `text` (at most `max` characters), with ellipses where cut. */
export function excerpt(text: string, at: number, length: number, max = 200): string {
  if (text.length <= max) return collapseWhitespace(text).trim();
  const pad = Math.max(0, Math.floor((max - length) / 2));
  const end = Math.min(text.length, Math.max(0, at - pad) + max);
  const start = Math.max(0, end - max);
  return `${start > 0 ? '…' : ''}${collapseWhitespace(text.slice(start, end)).trim()}${end < text.length ? '…' : ''}`;
}

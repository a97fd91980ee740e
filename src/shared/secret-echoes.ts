/**
 * The ways a server can echo a value it was handed (an env value, a header value) other than
 * verbatim: in another case, hex-encoded (either case), URL-encoded, base64 or base64url (of the
 * value, of `Bearer <value>`, or inside a longer base64 text such as Basic auth's `user:value`),
 * spelled in invisible Unicode tag characters, or with invisible characters between its characters.
 * Redaction replaces every one of them (redact.ts).
 */
import { escapeRegExp } from './regexp.js';

/**
 * Characters that render as nothing, which a server can put between a secret's characters to get
 * it past a plain search (zero-width space and joiners, soft hyphen, word joiner, bidi controls,
 * variation selectors, BOM, Hangul fillers, Unicode tags). As UTF-16 code units: no `u` flag.
 */
const INVISIBLE =
  '(?:[\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f' +
  '\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0]|\\udb40[\\udc00-\\udc7f\\udd00-\\uddef])';
const INVISIBLE_ALL = new RegExp(INVISIBLE, 'g');
const ANY_INVISIBLE = new RegExp(INVISIBLE);

/** `text` without its invisible characters, and where each remaining character was (plus the end). */
export function withoutInvisible(text: string): { readonly visible: string; readonly origin: readonly number[] } | undefined {
  if (!ANY_INVISIBLE.test(text)) return undefined;
  let visible = '';
  const origin: number[] = [];
  let at = 0;
  const keep = (end: number): void => {
    visible += text.slice(at, end);
    for (let i = at; i < end; i++) origin.push(i);
  };
  for (const m of text.matchAll(INVISIBLE_ALL)) {
    keep(m.index);
    at = m.index + m[0].length;
  }
  keep(text.length);
  origin.push(text.length);
  return { visible, origin };
}

/** The invisible characters of `text`, in order (kept after a redaction marker: see replaceEchoes). */
export function invisibleIn(text: string): string {
  return text.match(INVISIBLE_ALL)?.join('') ?? '';
}

/** A base64 text embedded in a longer one must be this long to be matched (shorter runs occur by chance). */
const MIN_EMBEDDED_BASE64 = 8;

const base64url = (base64: string): string => base64.replace(/\+/g, '-').replace(/\//g, '_');

/** Base64 of `text`, without padding. */
function base64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/**
 * The characters of base64 that depend only on `value`'s bytes when they start `offset` bytes into
 * a longer text (0, 1 or 2 modulo 3): what every base64 text that contains the value contains.
 */
function embeddedBase64(value: Buffer, offset: number): string {
  const encoded = base64(Buffer.concat([Buffer.alloc(offset), value]));
  return encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + value.length) * 8) / 6));
}

/** Unicode tag characters spelling `value` (ASCII only; the invisible-unicode rule reveals such runs). */
function tagSpelling(value: string): string | undefined {
  if (!/^[\x20-\x7e]+$/.test(value)) return undefined;
  return [...value].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
}

/** Alternatives, longest first, so where two match at one place the whole of the longer one goes. */
function alternation(sources: Iterable<string>, flags: string): RegExp | undefined {
  const unique = [...new Set(sources)].sort((a, b) => b.length - a.length);
  return unique.length === 0 ? undefined : new RegExp(unique.join('|'), flags);
}

/** Patterns for every echo of every value (case-insensitive ones apart from base64, where case is data). */
export interface EchoPatterns {
  readonly anyCase?: RegExp;
  readonly exactCase?: RegExp;
}

export function echoPatterns(values: readonly string[]): EchoPatterns {
  const anyCase: string[] = [];
  const exactCase: string[] = [];
  for (const value of values) {
    // The value itself, in any case, with invisible characters allowed between its characters.
    anyCase.push([...value].map(escapeRegExp).join(`${INVISIBLE}*`));
    const bytes = Buffer.from(value, 'utf8');
    anyCase.push(bytes.toString('hex'));
    const uri = encodeURIComponent(value);
    // Form encoding, and every byte percent-encoded (what some clients do).
    for (const encoded of [uri, uri.replace(/%20/g, '+'), [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')]) {
      if (encoded !== value) anyCase.push(escapeRegExp(encoded));
    }
    for (const whole of [bytes, Buffer.from(`Bearer ${value}`, 'utf8')]) {
      const encoded = base64(whole);
      exactCase.push(`${escapeRegExp(encoded)}={0,2}`, `${escapeRegExp(base64url(encoded))}={0,2}`);
    }
    for (const offset of [0, 1, 2]) {
      const inner = embeddedBase64(bytes, offset);
      if (inner.length >= MIN_EMBEDDED_BASE64) exactCase.push(escapeRegExp(inner), escapeRegExp(base64url(inner)));
    }
    const tags = tagSpelling(value);
    if (tags) exactCase.push(tags);
  }
  const patterns: { anyCase?: RegExp; exactCase?: RegExp } = {};
  const anyCasePattern = alternation(anyCase, 'gi');
  const exactCasePattern = alternation(exactCase, 'g');
  if (anyCasePattern) patterns.anyCase = anyCasePattern;
  if (exactCasePattern) patterns.exactCase = exactCasePattern;
  return patterns;
}

/**
 * `text` with every echo replaced by `marker`. Invisible characters found inside an echo are kept
 * after the marker: they are no secret, and the invisible-unicode rule should still see them.
 */
export function replaceEchoes(text: string, patterns: EchoPatterns, marker: string): string {
  let out = text;
  if (patterns.anyCase) out = out.replace(patterns.anyCase, (match) => marker + invisibleIn(match));
  if (patterns.exactCase) out = out.replace(patterns.exactCase, marker);
  return out;
}

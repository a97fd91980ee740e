/**
 * The ways a server can echo a value it was handed (an env value, a header value) other than
 * verbatim: in another case, hex-encoded (either case), URL-encoded (the ways common encoders
 * write it), its UTF-8 bytes read as Latin-1, base64 or base64url (of the value, of
 * `Bearer <value>`, or inside a longer base64 text such as Basic auth's `user:value`), JSON-escaped
 * (once or twice, the ways common encoders escape), spelled in invisible Unicode tag characters, or
 * with invisible characters between its characters. Redaction replaces every one of them (redact.ts).
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

/**
 * How a JSON encoder writes `text` inside a string literal (without the quotes): JSON.stringify
 * escapes only `"`, `\` and control characters; `ascii` also writes every non-ASCII character as
 * `\uXXXX` (Python's json.dumps, PHP), `slash` writes `/` as `\/` (PHP), `html` writes `<`, `>`,
 * `&`, U+2028 and U+2029 as `\uXXXX` (Go).
 */
function jsonEscaped(text: string, style: { readonly ascii: boolean; readonly slash: boolean; readonly html: boolean }): string {
  const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  let out = JSON.stringify(text).slice(1, -1);
  if (style.ascii) out = out.replace(/[^\x00-\x7f]/g, unicodeEscape);
  if (style.slash) out = out.replace(/\//g, '\\/');
  if (style.html) out = out.replace(/[<>&\u2028\u2029]/g, unicodeEscape);
  return out;
}

/** The encoders servers use: JavaScript (and Rust, Java), Python, PHP, Go. */
const JSON_STYLES = [
  { ascii: false, slash: false, html: false },
  { ascii: true, slash: false, html: false },
  { ascii: true, slash: true, html: false },
  { ascii: false, slash: false, html: true },
] as const;

/**
 * `value` JSON-escaped once (a server that JSON-encodes its environment into a text) and twice
 * (that text inside a raw line of JSON, such as a stdout line kept verbatim, written by the same
 * encoder or by JavaScript's); the spellings that differ from the value only. A value without a
 * character to escape has none.
 */
export function jsonEscapedSpellings(value: string): string[] {
  const spellings = new Set<string>();
  for (const style of JSON_STYLES) {
    const once = jsonEscaped(value, style);
    spellings.add(once).add(jsonEscaped(once, style)).add(jsonEscaped(once, JSON_STYLES[0]));
  }
  spellings.delete(value);
  return [...spellings];
}

/**
 * `value` URL-encoded the ways common encoders write it: encodeURIComponent (and form encoding,
 * a space as `+`), encodeURI (reserved characters kept), Python's quote (`/` kept) and quote_plus,
 * and every byte percent-encoded. Hex digits in either case (the patterns ignore case).
 */
function urlEncodings(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const percent = (b: number): string => `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  const quote = (safe: RegExp, plus: boolean): string =>
    [...bytes]
      .map((b) => (safe.test(String.fromCharCode(b)) && b < 0x80 ? String.fromCharCode(b) : plus && b === 0x20 ? '+' : percent(b)))
      .join('');
  const out = [quote(/[A-Za-z0-9_.~/-]/, false), quote(/[A-Za-z0-9_.~-]/, true), [...bytes].map(percent).join('')];
  try {
    const component = encodeURIComponent(value);
    out.push(component, component.replace(/%20/g, '+'), encodeURI(value));
  } catch {
    // A lone surrogate: the byte-wise encodings above stand in.
  }
  return [...new Set(out)].filter((encoded) => encoded !== value);
}

/** A base64 text as a pattern that also matches it with each `/` written `\/` (PHP's JSON). */
const base64Pattern = (encoded: string): string => escapeRegExp(encoded).replace(/\//g, '\\\\?/');

/** Alternatives, longest first, so where two match at one place the whole of the longer one goes. */
function alternation(sources: Iterable<string>, flags: string): RegExp | undefined {
  const unique = [...new Set(sources)].sort((a, b) => b.length - a.length);
  return unique.length === 0 ? undefined : new RegExp(unique.join('|'), flags);
}

/**
 * Values longer than this are searched for as plain strings (their usual spellings, without
 * invisible characters between their characters): a pattern per character of a long value (a
 * certificate, a 100 KB variable) makes a regular expression too large to compile, or slow.
 */
export const MAX_PATTERN_VALUE = 128;

/**
 * Patterns for every echo of every value (case-insensitive ones apart from base64, where case is
 * data), and the spellings of values too long for a pattern. The escaped and URL-encoded
 * spellings have patterns of their own, tried only on texts with a `\` or a `%`/`+`: a pattern
 * of many alternatives costs time on every text, and most texts have neither.
 */
export interface EchoPatterns {
  readonly anyCase?: RegExp;
  readonly jsonEscaped?: RegExp;
  readonly urlEncoded?: RegExp;
  readonly exactCase?: RegExp;
  /** Longest first. */
  readonly literals?: readonly string[];
}

export function echoPatterns(values: readonly string[]): EchoPatterns {
  const anyCase: string[] = [];
  const escaped: string[] = [];
  const url: string[] = [];
  const exactCase: string[] = [];
  const literals: string[] = [];
  for (const value of values) {
    const bytes = Buffer.from(value, 'utf8');
    const hex = bytes.toString('hex');
    // Its UTF-8 bytes read as Latin-1: how a server that decodes bytes so (Node decodes HTTP header values so) echoes a non-ASCII value.
    const latin1 = bytes.toString('latin1');
    const urls = urlEncodings(value);
    const json = jsonEscapedSpellings(value);
    const base64s = [bytes, Buffer.from(`Bearer ${value}`, 'utf8')].map(base64);
    const inners = [0, 1, 2].map((offset) => embeddedBase64(bytes, offset)).filter((inner) => inner.length >= MIN_EMBEDDED_BASE64);
    if (value.length > MAX_PATTERN_VALUE) {
      const cases = [value, value.toLowerCase(), value.toUpperCase(), latin1, hex, hex.toUpperCase()];
      const base64ish = [...base64s, ...inners].flatMap((encoded) => [encoded, base64url(encoded)]);
      literals.push(...cases, ...urls, ...urls.map((url) => url.toLowerCase()), ...json, ...base64ish);
      continue;
    }
    // The value itself, in any case, with invisible characters allowed between its characters.
    anyCase.push([...value].map(escapeRegExp).join(`${INVISIBLE}*`), hex);
    if (latin1 !== value) anyCase.push(escapeRegExp(latin1));
    escaped.push(...json.map(escapeRegExp));
    url.push(...urls.map(escapeRegExp));
    for (const encoded of base64s) exactCase.push(`${base64Pattern(encoded)}={0,2}`, `${escapeRegExp(base64url(encoded))}={0,2}`);
    for (const inner of inners) exactCase.push(base64Pattern(inner), escapeRegExp(base64url(inner)));
    const tags = tagSpelling(value);
    if (tags) exactCase.push(tags);
  }
  const patterns: { -readonly [K in keyof EchoPatterns]: EchoPatterns[K] } = {};
  const set = (key: 'anyCase' | 'jsonEscaped' | 'urlEncoded' | 'exactCase', sources: string[], flags: string): void => {
    const pattern = alternation(sources, flags);
    if (pattern) patterns[key] = pattern;
  };
  set('anyCase', anyCase, 'gi');
  set('jsonEscaped', escaped, 'gi');
  set('urlEncoded', url, 'gi');
  set('exactCase', exactCase, 'g');
  if (literals.length > 0) patterns.literals = [...new Set(literals)].sort((a, b) => b.length - a.length);
  return patterns;
}

/**
 * `text` with every echo replaced by `marker`. Invisible characters found inside an echo are kept
 * after the marker: they are no secret, and the invisible-unicode rule should still see them.
 */
export function replaceEchoes(text: string, patterns: EchoPatterns, marker: string): string {
  let out = text;
  if (patterns.anyCase) out = out.replace(patterns.anyCase, (match) => marker + invisibleIn(match));
  if (patterns.jsonEscaped && out.includes('\\')) out = out.replace(patterns.jsonEscaped, marker);
  if (patterns.urlEncoded && /[%+]/.test(out)) out = out.replace(patterns.urlEncoded, marker);
  if (patterns.exactCase) out = out.replace(patterns.exactCase, marker);
  for (const literal of patterns.literals ?? []) if (out.includes(literal)) out = out.split(literal).join(marker);
  return out;
}

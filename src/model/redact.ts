/**
 * Secrets never leave mcplint: values the user handed to the server (env, headers) are replaced
 * wherever the server echoed them — verbatim or encoded (secret-echoes.ts) — and token-shaped
 * strings (API keys, bearer tokens, private keys, URLs with a password — see secret-patterns.ts)
 * are replaced by a masked marker, before the capture is saved or reported. Redaction is
 * idempotent: a redacted capture redacts to itself.
 */
import type { Capture } from './capture.js';
import { frozenJsonText } from '../shared/json-text.js';
import { deepFreeze } from '../shared/freeze.js';
import { mapStrings, someString } from '../shared/json-walk.js';
import { echoPatterns, invisibleIn, replaceEchoes, withoutInvisible, type EchoPatterns } from '../shared/secret-echoes.js';
import { findSecrets, mayHoldSecret, mayHoldSecretInJson, redactionMarker, replaceSecrets } from '../shared/secret-patterns.js';

export const REDACTED = '[redacted]';
/**
 * Values shorter than this are not redacted: replacing every `on`, `dev` or `443` in a report
 * would make it unreadable, and the markers would show where the value occurs anyway. docs/usage.md
 * (Environment) says so.
 */
export const MIN_SECRET_LENGTH = 4;

function secretValues(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

/**
 * Redact a capture: every known secret value (env values, header values — pass them as `secrets`)
 * and every token-shaped string, in every string of it (keys included). Returns the same object
 * when there was nothing to redact.
 *
 * String by string, not over the JSON text: the patterns are written for text as the server wrote
 * it, and JSON escapes hide or break matches (`\n` before a token takes away its word boundary; a
 * lone surrogate `\ud83d` before a URL would be cut in half, leaving unparsable JSON).
 */
export function redactCapture(capture: Capture, secrets: readonly string[] = []): Capture {
  const values = secretValues(secrets);
  const echoes = echoPatterns(values);
  // The usual case, no value handed over and no string that may hold a secret: one scan of the
  // JSON text settles it (mayHoldSecretInJson), even when the capture mentions URLs.
  if (values.length === 0 && nothingToRedact(capture)) return capture;
  const redactString = (text: string): string => (values.length === 0 && !mayHoldSecret(text) ? text : redactWith(text, echoes));
  // Look before copying: most captures that mention a URL hold no secret at all.
  if (!someString(capture, (text) => redactString(text) !== text)) return capture;
  return deepFreeze(mapStrings(capture, redactString, { keys: redactString }) as Capture);
}

/**
 * Frozen parts of captures (lists, handshake…) already scanned and found to hold no token-shaped
 * string: the views of one session that the pipeline judges early share them with the final
 * capture, so a 1 MB tools list is scanned once, not once per view. Only frozen parts: they
 * cannot have changed since.
 */
const scannedClean = new WeakSet<object>();

/** Whether no string of the capture may hold a secret, scanned part by part (a part that nests too deep is not settled here). */
function nothingToRedact(capture: Capture): boolean {
  for (const [key, part] of Object.entries(capture) as [string, unknown][]) {
    if (typeof part !== 'object' || part === null) {
      if (typeof part === 'string' && mayHoldSecret(part)) return false;
      continue;
    }
    if (scannedClean.has(part)) continue;
    const clean = key === 'lists' ? listsClean(part as Capture['lists']) : textClean(jsonText(part));
    if (!clean) return false;
    if (Object.isFrozen(part)) scannedClean.add(part);
  }
  return true;
}

const textClean = (text: string | undefined): boolean => text !== undefined && !mayHoldSecretInJson(text);

/**
 * The lists entry by entry: the texts of frozen entries are kept (frozenJsonText), and the rules
 * that pre-filter or measure entries by their JSON text read those same texts.
 */
function listsClean(lists: Capture['lists']): boolean {
  if (typeof lists !== 'object' || lists === null) return textClean(jsonText(lists));
  for (const list of Object.values(lists) as unknown[]) {
    if (typeof list !== 'object' || list === null || !Array.isArray((list as { items?: unknown }).items)) {
      if (!textClean(jsonText(list))) return false;
      continue;
    }
    const { items, ...rest } = list as { items: unknown[] };
    if (!textClean(jsonText(rest))) return false;
    for (const item of items) if (!textClean(frozenJsonText(item))) return false;
  }
  return true;
}

/** A value as JSON text, or undefined when it nests too deep for JSON.stringify (which recurses). */
function jsonText(capture: unknown): string | undefined {
  try {
    return JSON.stringify(capture);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function redactWith(text: string, echoes: EchoPatterns): string {
  return replaceSplitSecrets(replaceSecrets(replaceEchoes(text, echoes, REDACTED)));
}

/**
 * Token-shaped strings with invisible characters put between their characters (a zero-width
 * space defeats the patterns, and invisible-unicode evidence would show the token readable):
 * found in the text without them, replaced in the text as it is, its invisible characters kept.
 */
function replaceSplitSecrets(text: string): string {
  const stripped = withoutInvisible(text);
  if (!stripped) return text;
  let out = '';
  let at = 0;
  for (const m of findSecrets(stripped.visible)) {
    const start = stripped.origin[m.index]!;
    const end = stripped.origin[m.index + m.value.length - 1]! + 1;
    out += text.slice(at, start) + redactionMarker(m.kind, m.value, m.example) + invisibleIn(text.slice(start, end));
    at = end;
  }
  return at === 0 ? text : out + text.slice(at);
}

/**
 * Redact any JSON value (a probe plan, what a plan says about its server) as redactCapture
 * redacts a capture: every string and key. Returns the same value when there was nothing to redact.
 */
export function redactJson<T>(value: T, secrets: readonly string[] = []): T {
  const echoes = echoPatterns(secretValues(secrets));
  const redactString = (text: string): string => redactWith(text, echoes);
  if (!someString(value, (text) => redactString(text) !== text)) return value;
  return mapStrings(value, redactString, { keys: redactString }) as T;
}

/** Redact plain text (a command line, a stderr excerpt, a message): known values and token-shaped strings. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  return redactWith(text, echoPatterns(secretValues(secrets)));
}

/**
 * Secrets never leave mcplint: values the user handed to the server (env, headers) are replaced
 * wherever the server echoed them, and token-shaped strings (API keys, bearer tokens, private keys,
 * URLs with a password — see secret-patterns.ts) are replaced by a masked marker, before the
 * capture is saved or reported. Redaction is idempotent: a redacted capture redacts to itself.
 */
import type { Capture } from '../capture.js';
import { deepFreeze } from './freeze.js';
import { mayContainSecret, mayHoldSecret, replaceSecrets } from './secret-patterns.js';

export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary words. */
const MIN_SECRET_LENGTH = 4;

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
  // The usual case, no value handed over and no pattern's literal anywhere: one scan settles it
  // (the literals hold no character JSON escapes, so the JSON text shows them as they are).
  if (values.length === 0 && !mayContainSecret(JSON.stringify(capture))) return capture;
  const redactString = (text: string): string => (values.length === 0 && !mayHoldSecret(text) ? text : redactText(text, values));
  // Look before copying: most captures that mention a URL hold no secret at all.
  if (!someString(capture, (text) => redactString(text) !== text)) return capture;
  return deepFreeze(mapStrings(capture, redactString) as Capture);
}

/** Whether any string of a JSON value (object keys too) passes `test`; stops at the first. */
function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (someString(value[i], test)) return true;
    return false;
  }
  for (const key in value) if (test(key) || someString((value as Record<string, unknown>)[key], test)) return true;
  return false;
}

/** A copy of a JSON value with every string (object keys too) passed through `map`. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[map(key)] = mapStrings(item, map);
  return out;
}

/** Redact plain text (a command line, a stderr excerpt, a message): known values and token-shaped strings. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const value of secretValues(secrets)) if (out.includes(value)) out = out.split(value).join(REDACTED);
  return replaceSecrets(out);
}

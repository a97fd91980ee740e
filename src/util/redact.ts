/**
 * Secrets never leave mcplint: values the user handed to the server (env, headers) are replaced
 * wherever the server echoed them, and token-shaped strings (API keys, bearer tokens, private keys,
 * URLs with a password — see secret-patterns.ts) are replaced by a masked marker, before the
 * capture is saved or reported. Redaction is idempotent: a redacted capture redacts to itself.
 */
import type { Capture } from '../capture.js';
import { deepFreeze } from './freeze.js';
import { mayHoldSecret, replaceSecrets } from './secret-patterns.js';

export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary words. */
const MIN_SECRET_LENGTH = 4;

function secretValues(secrets: readonly string[]): string[] {
  return [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

/**
 * Redact a capture: every known secret value (env values, header values — pass them as `secrets`)
 * and every token-shaped string. Returns the same object when there was nothing to redact.
 */
export function redactCapture(capture: Capture, secrets: readonly string[] = []): Capture {
  const original = JSON.stringify(capture);
  // The usual case, no value handed over and nothing token-shaped: one scan of the text settles it.
  if (secretValues(secrets).length === 0 && !mayHoldSecret(original)) return capture;
  const text = redactJsonText(original, secrets);
  return text === original ? capture : deepFreeze(JSON.parse(text) as Capture);
}

/** Redact a JSON document's text without breaking it: secret values are matched in their JSON-escaped form. */
export function redactJsonText(json: string, secrets: readonly string[] = []): string {
  let text = json;
  for (const value of secretValues(secrets)) {
    const encoded = JSON.stringify(value).slice(1, -1);
    if (text.includes(encoded)) text = text.split(encoded).join(REDACTED);
  }
  return replaceSecrets(text);
}

/** Redact plain text (a command line, a stderr excerpt, a message): known values and token-shaped strings. */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const value of secretValues(secrets)) if (out.includes(value)) out = out.split(value).join(REDACTED);
  return replaceSecrets(out);
}

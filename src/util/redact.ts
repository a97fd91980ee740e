/**
 * Secrets never leave mcplint: values the user handed to the server (env, later headers) are
 * replaced wherever the server echoed them, before the capture is saved or reported.
 */
import type { Capture } from '../capture.js';
import { deepFreeze } from './freeze.js';

export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary words. */
const MIN_SECRET_LENGTH = 4;

export function redactCapture(capture: Capture, secrets: readonly string[]): Capture {
  const values = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  if (values.length === 0) return capture;
  let text = JSON.stringify(capture);
  for (const value of values) {
    const encoded = JSON.stringify(value).slice(1, -1);
    text = text.split(encoded).join(REDACTED);
  }
  return deepFreeze(JSON.parse(text) as Capture);
}

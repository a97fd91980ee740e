/**
 * A server may send a schema nested 100,000 levels deep (JSON.parse accepts it): freezing and
 * redacting the capture walk it without recursion, so they never overflow the stack.
 */
import { describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import { deepFreeze } from '../src/shared/freeze.js';
import { redactCapture } from '../src/model/redact.js';
import { makeCapture } from './helpers/capture.js';
import { FAKE_SECRETS } from './helpers/fake-secrets.js';

const DEPTH = 100_000;

/** `{"properties":{"a":{"properties":{"a":…{"description":leaf}…}}}}`, parsed from text. */
function nested(leaf: string): unknown {
  return JSON.parse(`${'{"properties":{"a":'.repeat(DEPTH)}{"description":${JSON.stringify(leaf)}}${'}}'.repeat(DEPTH)}`);
}

/** The innermost object, found with a loop. */
function innermost(schema: unknown): Record<string, unknown> {
  let node = schema as { properties?: { a: unknown } };
  while (node.properties) node = node.properties.a as typeof node;
  return node as Record<string, unknown>;
}

const captureWith = (schema: unknown): Capture =>
  makeCapture({ tools: [{ name: 'get_book', inputSchema: { type: 'object', properties: { q: schema } } }] });
const schemaOf = (capture: Capture): unknown =>
  (capture.lists.tools.items[0] as { inputSchema: { properties: { q: unknown } } }).inputSchema.properties.q;

describe(`a schema nested ${DEPTH.toLocaleString('en')} levels`, () => {
  it('is frozen to the bottom', () => {
    const schema = nested('leaf');
    deepFreeze(schema);
    expect(Object.isFrozen(innermost(schema))).toBe(true);
  });

  it('is redacted to the bottom: a known value and a token-shaped string', () => {
    const value = `pw_${Math.random().toString(36).slice(2)}`;
    const capture = captureWith(nested(`key ${value} and ${FAKE_SECRETS['github-token']}`));
    const redacted = redactCapture(capture, [value]);
    expect(innermost(schemaOf(redacted)).description).toBe('key [redacted] and [redacted github-token ghp_…]');
    expect(Object.isFrozen(innermost(schemaOf(redacted)))).toBe(true);
    // Without values handed over (the JSON-text pre-filter cannot serialise it): still found.
    expect(innermost(schemaOf(redactCapture(capture))).description).toBe(`key ${value} and [redacted github-token ghp_…]`);
  });

  it('with nothing to redact, is returned as it is', () => {
    const capture = captureWith(nested('plain'));
    expect(redactCapture(capture)).toBe(capture);
    expect(redactCapture(capture, ['not-there-at-all'])).toBe(capture);
  });
});

/**
 * The `uri` format's fast path (src/schema/uri-format.ts) never changes a verdict: over URIs people
 * write and a seeded stream of near-URIs, the run-time check and the precompiled validators'
 * formats module agree with ajv-formats' full check, string by string.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_URI_PATTERN, isUri } from '../src/schema/uri-format.js';
import { MCP_SCHEMAS_DIR } from '../src/shared/paths.js';

const require = createRequire(import.meta.url);
const fullUri = (require('ajv-formats/dist/formats') as { fullFormats: { uri: (value: string) => boolean } }).fullFormats.uri;
const compiledUri = (require(join(MCP_SCHEMAS_DIR, 'compiled', 'formats.cjs')) as { formats: { uri: (value: string) => boolean } }).formats
  .uri;
const common = new RegExp(COMMON_URI_PATTERN);

const WRITTEN = [
  'https://example.com',
  'https://example.com:8443/a/b/c',
  'HTTPS://EXAMPLE.COM/Path',
  'bookstore://catalogue/stats',
  'file:///tmp/notes.txt',
  'mcplint:neutral',
  'urn:isbn:0451450523',
  'mailto:someone@example.com',
  'ui://widget/card.html',
  'https://example.com/search?q=mcp#top',
  'https://user:pw@example.com/',
  'http://[::1]:8080/',
  'http://127.0.0.1/',
  'https://example.com/a%20b',
  'data:text/plain;base64,SGVsbG8=',
  'notes/today.md',
  '/absolute/path',
  '//example.com',
  'no scheme',
  'http://exa mple.com',
  'http://example.com/<script>',
  '1http://example.com',
  ':',
  '',
  'a:',
  'a:/',
  'a://',
  'a://host:port',
  'a://host:99999999',
  'a:b:c',
  'a:@',
  'a://@host',
  'a:%zz',
  'é://x',
  'https://exämple.com',
];

/** A deterministic stream of strings over URI characters and a few that are not (mulberry32). */
function nearUris(count: number, seed: number): string[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = 'abzAZ09+-._~:/?#[]@!$&\'()*,;=% "<>\\^`{|}é\u0000';
  const prefixes = ['', 'x:', 'ab+c:', 'http://', 'http://h', 'a://b:', 'a:', '//', 'a:/', 'Z9://'];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = prefixes[Math.floor(random() * prefixes.length)]!;
    const length = Math.floor(random() * 24);
    for (let j = 0; j < length; j++) {
      // Mostly letters and digits, so many strings are valid and both paths are taken.
      text += random() < 0.5 ? 'ab09Z'[Math.floor(random() * 5)] : alphabet[Math.floor(random() * alphabet.length)];
    }
    out.push(text);
  }
  return out;
}

describe('the uri format', () => {
  const strings = [...WRITTEN, ...nearUris(20_000, 20261203)];

  it('gives the full check’s verdict on every string, at run time and in the precompiled validators', () => {
    const disagreements = strings.filter((value) => isUri(value) !== fullUri(value) || compiledUri(value) !== fullUri(value));
    expect(disagreements).toEqual([]);
  });

  it('takes the fast path for common URIs and leaves the rest to the full check', () => {
    const fast = strings.filter((value) => common.test(value));
    const fullOnly = strings.filter((value) => !common.test(value) && fullUri(value));
    // Both paths decide many strings, so the agreement above covers each of them.
    expect(fast.length).toBeGreaterThan(1000);
    expect(fullOnly.length).toBeGreaterThan(1000);
    for (const value of ['https://example.com:8443/a/b/c', 'bookstore://catalogue/stats', 'mcplint:neutral', 'file:///tmp/notes.txt']) {
      expect(common.test(value)).toBe(true);
    }
    for (const value of ['https://example.com/search?q=mcp#top', 'http://[::1]:8080/', 'https://example.com/a%20b']) {
      expect(common.test(value)).toBe(false);
      expect(isUri(value)).toBe(true);
    }
  });
});

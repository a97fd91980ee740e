/**
 * Encoded echoes of a secret the server was handed: base64 and base64url (of the value and of
 * `Bearer <value>`, and inside Basic auth), hex, another case, URL encoding, and the value split by
 * invisible characters are redacted like the value itself, in every report and in the capture.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, redactText } from '../src/model/redact.js';
import { fixturePath, ROOT } from './helpers/capture.js';
import { FAKE_SECRETS } from './helpers/fake-secrets.js';
import { runCli } from './helpers/cli.js';

const random = () => Math.random().toString(36).slice(2, 10);
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Every disguise of `key` the fixture uses, and a few more. */
function echoesOf(key: string): Record<string, string> {
  return {
    verbatim: key,
    base64: b64(key),
    base64Unpadded: b64(key).replace(/=+$/, ''),
    base64url: Buffer.from(key).toString('base64url'),
    bearer: b64(`Bearer ${key}`),
    bearerUrl: Buffer.from(`Bearer ${key}`).toString('base64url'),
    // Inside a longer base64 text (Basic auth), at each of the three alignments.
    ...Object.fromEntries(['u:', 'us:', 'use:'].map((user) => [`basic ${user}`, b64(`${user}${key}`)])),
    hex: Buffer.from(key).toString('hex'),
    hexUpper: Buffer.from(key).toString('hex').toUpperCase(),
    upper: key.toUpperCase(),
    lower: key.toLowerCase(),
    url: encodeURIComponent(key),
    urlLower: encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    form: encodeURIComponent(key).replace(/%20/g, '+'),
    zeroWidth: [...key].join('\u200b'),
    softHyphen: [...key].join('\u00ad'),
    tags: [...key].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join(''),
  };
}

/** Output text with invisible characters and their shown forms (⟨U+200B⟩) taken out, as a reader would copy it. */
const readable = (text: string) => text.replace(/⟨U\+[0-9A-F]{4,5}⟩/g, '').replace(/[\u00ad\u200b-\u200f\u2060\ufeff]/g, '');

describe('encoded echoes of a secret', () => {
  it('are redacted by redactText, each of them', () => {
    const key = `bk_live/${random()}+Q=${random()} x`;
    for (const [how, echo] of Object.entries(echoesOf(key))) {
      const out = redactText(`before ${echo} after`, [key]);
      expect(out, how).toContain('[redacted]');
      expect(readable(out), how).not.toContain(echo.length > 12 ? echo.slice(2, -2) : echo);
    }
    // Idempotent.
    const once = redactText(Object.values(echoesOf(key)).join(' '), [key]);
    expect(redactText(once, [key])).toBe(once);
  });

  it('token-shaped secrets split by invisible characters are redacted too, the invisible characters kept', () => {
    const token = FAKE_SECRETS['github-token'];
    const split = [...token].join('\u200b');
    expect(redactText(`token ${split}.`)).toBe(`token [redacted github-token ghp_…]${'\u200b'.repeat(token.length - 1)}.`);
    expect(redactText(`a\u200bb ${FAKE_SECRETS['aws-access-key']}`)).toBe('a\u200bb [redacted aws-access-key AKIA…]');
  });

  it(`leave values shorter than ${MIN_SECRET_LENGTH} characters alone (documented in docs/usage.md)`, () => {
    expect(redactText('port 443 on', ['443', 'on'])).toBe('port 443 on');
    expect(readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')).toContain(`shorter than ${MIN_SECRET_LENGTH} characters`);
  });

  it('never reach a report or the capture, from a tool description and stderr', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-echo-'));
    const key = `bk_live/${random()}+Q=${random()} x`;
    writeFileSync(
      join(dir, 'mcplint.config.json'),
      JSON.stringify({
        target: { command: process.execPath, args: [fixturePath('hostile/encoded-echo.mjs')], env: { BOOKSTORE_API_KEY: key } },
      }),
    );
    const files = { json: 'out.json', sarif: 'out.sarif', markdown: 'out.md', checklist: 'out-checklist.txt', github: 'out-github.txt' };
    const reports = Object.entries(files).flatMap(([format, file]) => ['--report', `${format}=${file}`]);
    const r = await runCli(['--format', 'text', ...reports, '--save-capture', 'capture.json'], { cwd: dir, timeoutMs: 60_000 });
    expect(r.stderr).not.toContain('internal error');
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    const capture = read('capture.json');
    const written = Object.fromEntries(Object.entries(files).map(([format, file]) => [format, read(file)]));
    const outputs: Record<string, string> = { text: r.stdout, stderr: r.stderr, capture, ...written };
    // The server did echo it, every way (so the test tests something).
    expect(capture).toContain('base64=[redacted] base64url=[redacted] bearer=[redacted]');
    expect(capture).toContain('hex=[redacted] hexUpper=[redacted] upper=[redacted] url=[redacted] zeroWidth=[redacted]');
    const echoes = echoesOf(key);
    for (const [where, text] of Object.entries(outputs)) {
      const parsed = where === 'capture' || where === 'json' || where === 'sarif' ? JSON.stringify(JSON.parse(text)) : text;
      for (const [how, echo] of Object.entries(echoes)) expect(readable(parsed).includes(echo), `${how} echo in ${where}`).toBe(false);
    }
    // The invisible characters around the redacted value are still reported.
    expect(r.stdout).toMatch(/Tool "bookstore_get_book" has 2\d invisible characters/);
  });
});

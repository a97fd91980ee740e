/**
 * Encoded echoes of a secret the server was handed: base64 and base64url (of the value and of
 * `Bearer <value>`, and inside Basic auth), hex, another case, URL encoding, and the value split by
 * invisible characters are redacted like the value itself, in every report and in the capture.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture, Frame } from '../src/model/capture.js';
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

/** JSON.stringify's escaping of `text`, without the quotes. */
const json = (text: string) => JSON.stringify(text).slice(1, -1);
const unicodeEscapes = (text: string, chars: RegExp) => text.replace(chars, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** Python's quote (safe characters kept, the rest percent-encoded byte by byte). */
const pythonQuote = (text: string, safe: RegExp, plus = false) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      b < 0x80 && safe.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : plus && b === 0x20
          ? '+'
          : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Spellings of `key` in JSON text and URLs, as common encoders write them. */
function escapedEchoesOf(key: string): Record<string, string> {
  const python = unicodeEscapes(json(key), /[^\x00-\x7f]/g);
  const php = python.replace(/\//g, '\\/');
  const go = unicodeEscapes(json(key), /[<>&]/g);
  return {
    jsonOnce: json(key),
    jsonTwice: json(json(key)),
    python,
    pythonTwice: json(python),
    php,
    phpTwice: json(php),
    go,
    encodeURI: encodeURI(key),
    quote: pythonQuote(key, /[A-Za-z0-9_.~/-]/),
    quotePlus: pythonQuote(key, /[A-Za-z0-9_.~-]/, true),
    // Base64 in PHP's JSON, every `/` written `\/`.
    base64Php: b64(key).replace(/\//g, '\\/'),
    // UTF-8 read as Latin-1 (Node's HTTP header values).
    latin1: Buffer.from(key, 'utf8').toString('latin1'),
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

  it('JSON-escaped (once and twice, as JavaScript, Python, PHP and Go escape) and URL-encoded any common way, each of them', () => {
    // `"`, `\\`, `/`, `<`, `>`, `&`, a space and a non-ASCII character: every encoder escapes something of it.
    const key = `bk"live\\${random()}/é<${random()}>&Q x`;
    for (const [how, echo] of Object.entries(escapedEchoesOf(key))) {
      expect(echo, how).not.toBe(key);
      const out = redactText(`before ${echo} after`, [key]);
      expect(out, how).toBe('before [redacted] after');
    }
  });

  it('of a value too long for a pattern (a certificate, a 100 KB variable) are redacted, without an internal error', () => {
    const key = `-----BEGIN CERTIFICATE-----\n${'MIIC"x/'.repeat(3000)}\n-----END CERTIFICATE-----`;
    const echoes = {
      verbatim: key,
      upper: key.toUpperCase(),
      jsonOnce: json(key),
      jsonTwice: json(json(key)),
      hex: Buffer.from(key).toString('hex'),
      url: encodeURIComponent(key),
      base64: b64(key),
    };
    for (const [how, echo] of Object.entries(echoes))
      expect(redactText(`before ${echo} after`, [key]), how).toBe('before [redacted] after');
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

  it('JSON-escaped by the server (its settings dumped as JSON) never reach the saved capture or a report', {
    timeout: 90_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-json-echo-'));
    const core = random();
    const key = `bk"live\\${core}/é<x>`;
    writeFileSync(
      join(dir, 'mcplint.config.json'),
      JSON.stringify({
        target: { command: process.execPath, args: [fixturePath('hostile/echo-in-names.mjs')], env: { BOOKSTORE_API_KEY: key } },
      }),
    );
    const r = await runCli(['--format', 'json', '--report', 'markdown=out.md', '--save-capture', 'capture.json'], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    expect(r.stderr).not.toContain('internal error');
    const captureText = readFileSync(join(dir, 'capture.json'), 'utf8');
    const capture = JSON.parse(captureText) as Capture;
    // The server did echo it, escaped once (stderr, a description, a log message) and twice (a raw stdout line).
    const settings = '{"BOOKSTORE_API_KEY":"[redacted]","region":"eu-west-1"}';
    expect(capture.stderr.text).toContain(`settings ${settings}`);
    const noise = capture.frames.filter((f): f is Extract<Frame, { kind: 'noise' }> => f.kind === 'noise').map((f) => f.text);
    expect(noise).toContain(JSON.stringify({ level: 'debug', settings }));
    const messages = capture.frames.flatMap((f) => (f.kind === 'message' ? [JSON.stringify(f.message)] : []));
    expect(messages.some((m) => m.includes(json(`settings ${settings}`)))).toBe(true);
    expect(JSON.stringify(capture.lists.tools.items)).toContain(json(`Settings: ${settings}.`));
    const outputs = { capture: captureText, json: r.stdout, markdown: readFileSync(join(dir, 'out.md'), 'utf8'), stderr: r.stderr };
    for (const [where, text] of Object.entries(outputs)) {
      for (const [how, echo] of Object.entries({ key, once: json(key), twice: json(json(key)), thrice: json(json(json(key))), core }))
        expect(text.includes(echo), `${how} in ${where}`).toBe(false);
    }
  });
});

/**
 * Secrets never leak: a server is given secrets in its environment (through the config file's
 * `target.env`) and leaks them — and token-shaped secrets of its own — on stderr, stdout, in
 * descriptions, tool results and log notifications. No report format and not the saved capture
 * may contain any of them; the secrets-in-surface rule still reports them, masked.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Capture } from '../src/model/capture.js';
import { runRules } from '../src/engine/run.js';
import { deepFreeze } from '../src/shared/freeze.js';
import { redactCapture, redactText } from '../src/model/redact.js';
import secretsInSurface from '../rules/secrets-in-surface.js';
import { fixturePath, makeCapture } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { FAKE_SECRETS } from './helpers/fake-secrets.js';

const random = () => Math.random().toString(36).slice(2, 12);

describe('secrets never leak', () => {
  it('from env values, tool descriptions, stderr, stdout, tool results and log messages: every format and the capture', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcplint-secrets-'));
    const apiKey = `bk_live_${random()}${random()}`;
    const dbPassword = `Pw${random()}${random()}`;
    const databaseUrl = `postgres://bookstore:${dbPassword}@db.internal:5432/books`;
    const github = FAKE_SECRETS['github-token'];
    // The fixture's own bearer token (assembled the same way, so no token-shaped literal sits in the source).
    const bearerToken = ['x9Y8w7V6u5T4s3R2', 'q1P0o9N8m7L6k5J4'].join('');
    writeFileSync(
      join(dir, 'mcplint.config.json'),
      JSON.stringify({
        target: {
          command: process.execPath,
          args: [fixturePath('hostile/leaky.mjs')],
          env: { BOOKSTORE_API_KEY: apiKey, DATABASE_URL: databaseUrl },
        },
      }),
    );
    const reports = { json: 'out.json', sarif: 'out.sarif', markdown: 'out.md', checklist: 'out-checklist.md', github: 'out-github.txt' };
    const result = await runCli(
      [
        '--format',
        'text',
        ...Object.entries(reports).flatMap(([format, file]) => ['--report', `${format}=${file}`]),
        '--save-capture',
        'capture.json',
      ],
      { cwd: dir, timeoutMs: 60_000 },
    );
    expect(result.stderr).not.toContain('internal error');
    const outputs: Record<string, string> = {
      'text (stdout)': result.stdout,
      stderr: result.stderr,
      capture: readFileSync(join(dir, 'capture.json'), 'utf8'),
      ...Object.fromEntries(Object.entries(reports).map(([format, file]) => [format, readFileSync(join(dir, file), 'utf8')])),
    };
    // The run did see the leaks (so the test tests something).
    const capture = JSON.parse(outputs.capture!) as Capture;
    expect(capture.stderr.text).toContain('[bookstore] connecting to [redacted] with key [redacted]');
    expect(outputs.capture).toContain('[redacted github-token ghp_…]');
    expect(outputs.capture).toContain('[redacted bearer-token Bearer x9Y8…]');
    expect(outputs.json).toContain('stdout-pollution');

    const planted = { apiKey, dbPassword, databaseUrl, github, bearerToken };
    for (const [where, text] of Object.entries(outputs)) {
      for (const [name, value] of Object.entries(planted)) {
        expect(text.includes(value), `${name} leaked into ${where}`).toBe(false);
      }
    }

    // The rule still sees what was redacted, and reports it masked.
    const findings = runRules(capture, { rules: [secretsInSurface], settings: new Map() }).findings;
    expect(findings.map((f) => `${f.messageId} ${f.subject.kind}${'name' in f.subject ? `:${f.subject.name}` : ''}`).sort()).toEqual([
      'callOutput tool:bookstore_search_books',
      'surface tool:bookstore_get_book',
    ]);
    expect(findings.map((f) => f.evidence).sort()).toEqual(['GitHub token: ghp_…', 'bearer token: Bearer x9Y8…']);
  }, 90_000);

  it('redacts extra secret values (header values) and token-shaped strings through one entry point', () => {
    const header = `tok_${random()}${random()}`;
    const capture = makeCapture({
      stderr: `auth header ${header}; key ${FAKE_SECRETS['openai-api-key']}; url ${FAKE_SECRETS['url-credentials']}`,
    });
    const redacted = redactCapture(capture, [header]);
    const text = JSON.stringify(redacted);
    expect(text).not.toContain(header);
    expect(text).not.toContain(FAKE_SECRETS['openai-api-key']);
    expect(text).not.toContain('Xk9!vB2qLz7w');
    expect(redacted.stderr.text).toBe(
      'auth header [redacted]; key [redacted openai-api-key sk-p…]; url [redacted url-credentials https://…@]git.bookstore.internal/repo.git',
    );
    // Idempotent, and plain text goes through the same patterns.
    expect(redactCapture(redacted, [header])).toBe(redacted);
    expect(redactText(`token ${FAKE_SECRETS['github-token']}`)).toBe('token [redacted github-token ghp_…]');
  });

  it('without secret values, returns the capture itself exactly when the full scan finds nothing', () => {
    const clean = makeCapture({
      tools: [{ name: 'get_book', description: 'Get a "book"\n(see https://example.com/docs).', inputSchema: { type: 'object' } }],
    });
    expect(redactCapture(clean)).toBe(clean);
    // A token in a key, in a nested value, after an escape sequence, in quotes; a URL without a password.
    const leaks = (capture: Capture, secret: string) => JSON.stringify(capture).includes(secret);
    for (const [where, capture, secret] of [
      [
        'key',
        makeCapture({ tools: [{ name: 'x', inputSchema: { type: 'object', properties: { [FAKE_SECRETS['github-token']]: {} } } }] }),
        FAKE_SECRETS['github-token'],
      ],
      ['value', makeCapture({ stderr: `line\n${FAKE_SECRETS['aws-access-key']}` }), FAKE_SECRETS['aws-access-key']],
      ['quoted', makeCapture({ stderr: `"${FAKE_SECRETS.jwt}"` }), FAKE_SECRETS.jwt],
      ['url', makeCapture({ stderr: `see https://user@example.com/a and ${FAKE_SECRETS['url-credentials']}` }), 'Xk9!vB2qLz7w'],
    ] as const) {
      expect(leaks(capture, secret), where).toBe(true);
      const redacted = redactCapture(capture);
      expect(redacted, where).not.toBe(capture);
      expect(leaks(redacted, secret), where).toBe(false);
    }
    const plainUrl = makeCapture({ stderr: 'see https://docs.example.com/a:b@c' });
    expect(redactCapture(plainUrl)).toBe(plainUrl);
  });

  it('redacts what JSON escapes would hide: a token after a newline or tab, a URL after a lone surrogate', () => {
    const token = FAKE_SECRETS['github-token'];
    for (const [where, text, secret] of [
      ['newline', `listing:\n${token}`, token],
      ['tab', `key\t${token}`, token],
      ['lone surrogate', `\ud83d${FAKE_SECRETS['url-credentials']}`, 'Xk9!vB2qLz7w'],
      // Inside the URL's password, where JSON text shows \u0001, \b or \udc00 (the capture-wide pre-scan must see through them).
      ['control character in a URL password', 'db: https://ops:Xk9\u0001vB2qLz7w@db.internal/x', 'vB2qLz7w'],
      ['backspace in a URL user', 'db: https://o\bps:Xk9vB2qLz7w@db.internal/x', 'Xk9vB2qLz7w'],
      ['lone surrogate in a URL password', 'db: https://ops:Xk9\udc00vB2qLz7w@db.internal/x', 'vB2qLz7w'],
    ] as const) {
      const capture = makeCapture({ stderr: text, tools: [{ name: 'x', description: text, inputSchema: { type: 'object' } }] });
      const redacted = redactCapture(capture);
      const json = JSON.stringify(redacted);
      expect(json.includes(secret), where).toBe(false);
      expect(() => JSON.parse(json), where).not.toThrow();
      expect(redacted.stderr.text, where).toContain('[redacted ');
    }
  });

  it('redacts every kind of token-shaped secret, and leaves documentation samples readable', () => {
    for (const [kind, value] of Object.entries(FAKE_SECRETS)) {
      const out = redactText(`value: ${value} end`);
      expect(out, kind).not.toContain(value.slice(8, -4));
      expect(out, kind).toContain('[redacted ');
    }
    expect(redactText('see AKIAIOSFODNN7EXAMPLE')).toBe('see AKIAIOSFODNN7EXAMPLE');
    expect(redactText('postgres://postgres:postgres@localhost/app')).toBe('[redacted sample-url-credentials postgres://…@]localhost/app');
  });

  it('scans a frozen part shared by several captures once, and never trusts a part that could still change', () => {
    const github = FAKE_SECRETS['github-token'];
    const clean = makeCapture({ tools: [{ name: 'get_note', description: 'Get a note.', inputSchema: { type: 'object' } }] });
    const frozenLists = deepFreeze(structuredClone(clean.lists));
    // A view and the final capture share the frozen lists; only the final one leaks in stderr.
    const view = { ...clean, lists: frozenLists };
    expect(redactCapture(view)).toBe(view);
    const final = { ...clean, lists: frozenLists, stderr: { text: `token ${github}`, totalBytes: 10, truncated: false } };
    const redacted = redactCapture(final);
    expect(redacted).not.toBe(final);
    expect(redacted.stderr.text).not.toContain(github);
    // A part that is not frozen is scanned every time: found clean once, then changed, it is redacted.
    const open = structuredClone(clean);
    expect(redactCapture(open)).toBe(open);
    (open.lists.tools.items[0] as { description: string }).description = `Get a note. Key ${github}`;
    expect(JSON.stringify(redactCapture(open))).not.toContain(github);
  });
});

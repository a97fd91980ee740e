import { describe, expect, it } from 'vitest';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/secrets-in-surface.js';
import type { Capture, Frame } from '../../src/model/capture.js';
import { redactCapture } from '../../src/model/redact.js';
import { FAKE_SECRETS, secretCore } from '../helpers/fake-secrets.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { REALISTIC_DESCRIPTIONS } from '../helpers/realistic-descriptions.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'secrets-in-surface';
const run = (capture: Capture) => runRule(rule, capture);
const withDescription = (description: string) =>
  makeCapture({ tools: withTool(cleanTools(), 'bookstore_get_book', (t: Record<string, unknown>) => ({ ...t, description })) });
const base = cleanTools()[1]!.description as string;

const KIND_OF: Record<keyof typeof FAKE_SECRETS, string> = {
  'aws-access-key': 'AWS access key id',
  'github-token': 'GitHub token',
  'github-pat': 'GitHub token',
  'slack-token': 'Slack token',
  'openai-api-key': 'OpenAI API key',
  'anthropic-api-key': 'Anthropic API key',
  'google-api-key': 'Google API key',
  jwt: 'JSON Web Token',
  'url-credentials': 'URL with a password',
  'bearer-token': 'bearer token',
  'private-key': 'private key',
};

describe(RULE, () => {
  it.each(Object.entries(FAKE_SECRETS))('reports a %s in a description, masked', (kind, secret) => {
    const result = run(withDescription(`${base} Uses ${secret} for the catalogue service.`));
    expect(summary(result)).toEqual([`${RULE} surface tool:bookstore_get_book#/description`]);
    const finding = result.findings[0]!;
    expect(finding.evidence).toContain(KIND_OF[kind as keyof typeof FAKE_SECRETS]);
    expect(finding.evidence).toContain('…');
    for (const text of [finding.message, finding.evidence!]) expect(text).not.toContain(secretCore(secret));
  });

  it('still reports a secret after redaction replaced it with its marker', () => {
    const capture = redactCapture(withDescription(`${base} Token: ${FAKE_SECRETS['github-token']}`));
    expect(JSON.stringify(capture)).not.toContain(FAKE_SECRETS['github-token']);
    const result = run(capture);
    expect(summary(result)).toEqual([`${RULE} surface tool:bookstore_get_book#/description`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "bookstore_get_book" exposes what looks like a GitHub token (ghp_…) in its description; everything in the tool surface reaches the model and client logs, so remove it and rotate the credential.',
    );
  });

  it('looks at schema defaults and examples, prompts, resources and serverInfo', () => {
    const tools = withTool(
      cleanTools(),
      'bookstore_search_books',
      (t: { inputSchema: { properties: { query: Record<string, unknown> } } }) => {
        t.inputSchema.properties.query.default = FAKE_SECRETS['slack-token'];
        return t;
      },
    );
    const capture = makeCapture({
      tools,
      resources: [
        {
          uri: 'bookstore://stats',
          name: 'stats',
          description: `Stats from ${FAKE_SECRETS['url-credentials']}`,
          mimeType: 'application/json',
        },
      ],
      serverInfo: { name: 'bookstore-mcp-server', version: '1.0.0', description: `key ${FAKE_SECRETS['google-api-key']}` },
    });
    expect(summary(run(capture)).sort()).toEqual(
      [
        `${RULE} surface server`,
        `${RULE} surface tool:bookstore_search_books#/inputSchema/properties/query/default`,
        `${RULE} surface resource:bookstore://stats#/description`,
      ].sort(),
    );
  });

  it('reports secrets in tool call output and in log notifications', () => {
    let seq = 0;
    const frame = (dir: 'send' | 'recv', message: unknown): Frame => ({
      kind: 'message',
      dir,
      message,
      bytes: 100,
      seq: seq++,
      at: 1,
      phase: 'probe:valid-calls',
    });
    const frames = [
      frame('send', {
        jsonrpc: '2.0',
        id: 'mcplint-7',
        method: 'tools/call',
        params: { name: 'bookstore_get_book', arguments: { book_id: 'bk_1' } },
      }),
      frame('recv', {
        jsonrpc: '2.0',
        id: 'mcplint-7',
        result: { content: [{ type: 'text', text: `Connected with ${FAKE_SECRETS['aws-access-key']}` }] },
      }),
      frame('recv', {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'debug', data: { auth: FAKE_SECRETS['bearer-token'] } },
      }),
    ];
    const result = run(makeCapture({ tools: cleanTools(), frames }));
    expect(summary(result)).toEqual([`${RULE} logMessage server`, `${RULE} callOutput tool:bookstore_get_book`]);
    expect(result.findings.map((f) => f.frame)).toEqual([2, 1]);
  });

  it('does not report placeholders and documentation samples', () => {
    for (const text of [
      'Use a key like AKIAIOSFODNN7EXAMPLE.',
      'Set GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.',
      'Connect with postgresql://postgres:postgres@localhost:5432/app or mysql://root:${MYSQL_PASSWORD}@db/app.',
      'Header: Authorization: Bearer <token>.',
      'Paste a key that starts with -----BEGIN PRIVATE KEY----- and ends with -----END PRIVATE KEY-----.',
    ]) {
      expect(run(withDescription(`${base} ${text}`)).findings).toEqual([]);
    }
  });

  it.each(REALISTIC_DESCRIPTIONS.map((d) => [d]))('stays silent on a realistic clean description: %s', (description) => {
    expect(run(withDescription(description)).findings).toEqual([]);
  });
});

import { describe, expect } from 'vitest';
import { cleanTools, withTool } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/secrets-in-surface.js';
import type { Frame } from '../../src/model/capture.js';
import { redactCapture } from '../../src/model/redact.js';
import { FAKE_SECRETS, secretCore } from '../helpers/fake-secrets.js';
import { makeCapture } from '../helpers/capture.js';
import { REALISTIC_DESCRIPTIONS } from '../helpers/realistic-descriptions.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../helpers/rule-tester.js';

const RULE = 'secrets-in-surface';
const withDescription = (description: string) =>
  makeCapture({ tools: withTool(cleanTools(), 'bookstore_get_book', (t: Record<string, unknown>) => ({ ...t, description })) });
const base = cleanTools()[1]!.description as string;
const inDescription = { messageId: 'surface', subject: 'tool:bookstore_get_book#/description' } as const;

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

const eachSecret = Object.entries(FAKE_SECRETS).map(
  ([kind, secret]): InvalidCase<'surface'> => ({
    name: `reports a ${kind} in a description, masked`,
    capture: () => withDescription(`${base} Uses ${secret} for the catalogue service.`),
    findings: [inDescription],
    assert: (result) => {
      const finding = result.findings[0]!;
      expect(finding.evidence).toContain(KIND_OF[kind as keyof typeof FAKE_SECRETS]);
      expect(finding.evidence).toContain('…');
      for (const text of [finding.message, finding.evidence!]) expect(text).not.toContain(secretCore(secret));
    },
  }),
);

const redacted = redactCapture(withDescription(`${base} Token: ${FAKE_SECRETS['github-token']}`));

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

const placeholders = [
  'Use a key like AKIAIOSFODNN7EXAMPLE.',
  'Set GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.',
  'Connect with postgresql://postgres:postgres@localhost:5432/app or mysql://root:${MYSQL_PASSWORD}@db/app.',
  'Header: Authorization: Bearer <token>.',
  'Paste a key that starts with -----BEGIN PRIVATE KEY----- and ends with -----END PRIVATE KEY-----.',
].map(
  (text): ValidCase => ({
    name: `does not report placeholders and documentation samples: ${text}`,
    capture: () => withDescription(`${base} ${text}`),
  }),
);

const realistic = REALISTIC_DESCRIPTIONS.map(
  (description): ValidCase => ({
    name: `stays silent on a realistic clean description: ${description}`,
    capture: () => withDescription(description),
  }),
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [...placeholders, ...realistic],
    invalid: [
      ...eachSecret,
      {
        name: 'still reports a secret after redaction replaced it with its marker',
        capture: redacted,
        findings: [
          {
            ...inDescription,
            message:
              'Tool "bookstore_get_book" exposes what looks like a GitHub token (ghp_…) in its description; everything in the tool surface reaches the model and client logs, so remove it and rotate the credential.',
          },
        ],
        assert: () => expect(JSON.stringify(redacted)).not.toContain(FAKE_SECRETS['github-token']),
      },
      {
        name: 'looks at schema defaults and examples, prompts, resources and serverInfo',
        capture: () =>
          makeCapture({
            tools: withTool(
              cleanTools(),
              'bookstore_search_books',
              (t: { inputSchema: { properties: { query: Record<string, unknown> } } }) => {
                t.inputSchema.properties.query.default = FAKE_SECRETS['slack-token'];
                return t;
              },
            ),
            resources: [
              {
                uri: 'bookstore://stats',
                name: 'stats',
                description: `Stats from ${FAKE_SECRETS['url-credentials']}`,
                mimeType: 'application/json',
              },
            ],
            serverInfo: { name: 'bookstore-mcp-server', version: '1.0.0', description: `key ${FAKE_SECRETS['google-api-key']}` },
          }),
        findings: [
          { messageId: 'surface', subject: 'server' },
          { messageId: 'surface', subject: 'tool:bookstore_search_books#/inputSchema/properties/query/default' },
          { messageId: 'surface', subject: 'resource:bookstore://stats#/description' },
        ],
      },
      {
        name: 'reports secrets in tool call output and in log notifications',
        capture: () =>
          makeCapture({
            tools: cleanTools(),
            frames: [
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
            ],
          }),
        findings: [
          { messageId: 'logMessage', subject: 'server', frame: 2 },
          { messageId: 'callOutput', subject: 'tool:bookstore_get_book', frame: 1 },
        ],
      },
    ],
  });
});

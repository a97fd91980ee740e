import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel, schemaReports, textField } from './lib/manifest.js';

const messages = {
  slashes:
    '{{manifest}} names the server "{{name}}", with {{count}} slashes: a registry name is a reverse-DNS namespace and a server name separated by exactly one slash, e.g. "io.github.{{user}}/{{server}}".',
  notReverseDns:
    '{{manifest}} names the server "{{name}}", whose namespace "{{namespace}}" is not reverse-DNS: the registry proves ownership of "io.github.<user>" (GitHub) or of a reversed domain such as "com.example" (DNS), so use e.g. "io.github.<user>/{{server}}".',
  forwardDns:
    '{{manifest}} names the server "{{name}}", whose namespace "{{namespace}}" reads as a domain written forwards: the registry expects it reversed, "{{reversed}}/{{server}}".',
};

/** Top-level domains a forward-written namespace ends with ("github.com"): the registry wants it reversed ("com.github"). */
const TLD_LAST = /\.(?:com|org|net|io|dev|ai|app|co|me|cloud|tech|xyz)$/i;
const TLD_FIRST = /^(?:com|org|net|io|dev|ai|app|co|me|cloud|tech|xyz)\./i;

export default defineRule({
  id: 'manifest-registry-name',
  category: 'manifest',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary: 'A server.json `name` is a reverse-DNS namespace and a server name with exactly one slash (`io.github.user/weather`).',
  references: [
    {
      title: 'MCP Registry — server.json name and namespace authentication',
      url: 'https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/official-registry-requirements.md',
    },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (manifest?.kind !== 'server.json') return;
    const name = textField(manifest.document, 'name');
    if (name === undefined) return;
    const data = { manifest: manifestLabel(manifest), name };
    const parts = name.split('/');
    const server = parts.at(-1) || 'server';
    if (parts.length !== 2) {
      // The schema's own pattern says the same: one finding is enough.
      if (schemaReports(manifest, '/name')) return;
      yield {
        messageId: 'slashes',
        data: { ...data, count: parts.length - 1, user: 'user', server },
        subject: { kind: 'server' },
        manifestAt: '/name',
      };
      return;
    }
    const namespace = parts[0]!;
    if (!namespace.includes('.')) {
      yield { messageId: 'notReverseDns', data: { ...data, namespace, server }, subject: { kind: 'server' }, manifestAt: '/name' };
    } else if (TLD_LAST.test(namespace) && !TLD_FIRST.test(namespace)) {
      const reversed = namespace.split('.').reverse().join('.');
      yield { messageId: 'forwardDns', data: { ...data, namespace, reversed, server }, subject: { kind: 'server' }, manifestAt: '/name' };
    }
  },
});

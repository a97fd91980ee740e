import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel, manifestPlace } from './lib/manifest.js';

const messages = {
  invalid:
    '{{manifest}} does not match its schema at {{place}}: {{problem}}. {{consumer}} rejects a manifest its schema rejects; fix the entry (the schema is the one its {{key}} names).',
};

export default defineRule({
  id: 'manifest-schema-valid',
  category: 'manifest',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'A published manifest (server.json, MCP Bundle manifest.json) is valid against the schema it names (`$schema`, `manifest_version`).',
  references: [
    {
      title: 'MCP Registry — server.json format and schema',
      url: 'https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md',
    },
    { title: 'MCP Bundles — manifest.json specification', url: 'https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md' },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (!manifest) return;
    for (const problem of manifest.schemaProblems) {
      yield {
        messageId: 'invalid',
        data: {
          manifest: manifestLabel(manifest),
          place: manifestPlace(problem.pointer),
          problem: problem.message,
          consumer: manifest.kind === 'mcpb' ? 'The client installing the bundle' : 'The MCP Registry',
          key: manifest.kind === 'mcpb' ? 'manifest_version' : '$schema',
        },
        subject: { kind: 'server' },
        manifestAt: problem.pointer,
        key: `${problem.pointer} ${problem.message}`,
      };
    }
  },
});

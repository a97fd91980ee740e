import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel } from './lib/manifest.js';

const messages = {
  missing:
    '{{manifest}} names server.entry_point "{{path}}", which is not a file of the bundle: the client that installs it has nothing to run; point entry_point at the server\'s main file, relative to the bundle root.',
  outside:
    '{{manifest}} names server.entry_point "{{path}}", which lies outside the bundle: only the bundle\'s own files are installed, so it cannot be found after installation; move the file into the bundle.',
};

export default defineRule({
  id: 'manifest-bundle-entry-point',
  category: 'manifest',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: "An MCP Bundle manifest's `server.entry_point` is a file inside the bundle.",
  references: [
    {
      title: 'MCP Bundles — manifest.json `server.entry_point`',
      url: 'https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md',
    },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    const entry = manifest?.project.entryPoint;
    if (manifest?.kind !== 'mcpb' || !entry) return;
    const data = { manifest: manifestLabel(manifest), path: entry.path.slice(0, 200) };
    const at = { subject: { kind: 'server' as const }, manifestAt: '/server/entry_point' };
    if (!entry.inside) yield { messageId: 'outside', data, ...at };
    else if (!entry.exists) yield { messageId: 'missing', data, ...at };
  },
});

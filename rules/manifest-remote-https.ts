import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel } from './lib/manifest.js';

const messages = {
  plainHttp:
    '{{manifest}} publishes remotes[{{index}}] at {{url}}, over plain http://: every client of the registry would send its requests, answers and tokens unencrypted; publish the https:// URL.',
};

export default defineRule({
  id: 'manifest-remote-https',
  category: 'manifest',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'A server.json `remotes` URL is https://.',
  references: [
    { title: 'Server-building guide — OAuth and Security Best Practices: "Use secure transmission (HTTPS) for all network communication"' },
    {
      title: 'MCP spec 2025-11-25 — basic/authorization § Communication Security',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#communication-security',
    },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (manifest?.kind !== 'server.json' || !Array.isArray(manifest.document.remotes)) return;
    for (const [index, remote] of manifest.document.remotes.entries()) {
      const url = typeof remote === 'object' && remote !== null ? (remote as Record<string, unknown>).url : undefined;
      // A URL template ("{baseUrl}/mcp") is the user's to fill: only a literal http:// is a finding.
      if (typeof url !== 'string' || !/^http:\/\//i.test(url)) continue;
      // Credentials in the URL are not repeated in the report.
      const bare = url.replace(/^(http:\/\/)[^/?#@]*@/i, '$1…@');
      const shown = bare.length > 120 ? `${bare.slice(0, 117)}…` : bare;
      yield {
        messageId: 'plainHttp',
        data: { manifest: manifestLabel(manifest), index, url: shown },
        subject: { kind: 'server' },
        manifestAt: `/remotes/${index}/url`,
        key: String(index),
      };
    }
  },
});

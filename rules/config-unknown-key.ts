import { editDistance } from '../src/shared/edit-distance.js';
import { CLIENT_FORMATS } from '../src/model/client-formats.js';
import type { ClientFormat } from '../src/model/capture.js';
import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  unknownKey:
    'Server "{{server}}" in {{file}} has the key "{{key}}", which {{client}} does not read in a server entry{{hint}}; the client ignores it, so the setting has no effect.',
};

/** "did you mean" for a typo, or the client the key belongs to. */
function hint(key: string, known: readonly string[], format: ClientFormat): string {
  const close = known.filter((k) => editDistance(k.toLowerCase(), key.toLowerCase()) <= 2 && k !== key);
  if (close.length > 0) return ` (did you mean "${close[0]}"?)`;
  const owners = (Object.keys(CLIENT_FORMATS) as ClientFormat[]).filter((f) => f !== format && CLIENT_FORMATS[f].keys?.includes(key));
  if (owners.length > 0) return ` ("${key}" is a ${owners.map((f) => CLIENT_FORMATS[f].label).join(' / ')} key)`;
  return '';
}

export default defineRule({
  id: 'config-unknown-key',
  category: 'config',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: 'none',
  summary: 'Every key of a server entry in a client config is one that client reads (no typos, no keys of another client).',
  references: [
    { title: 'Claude Code — MCP: project scope and .mcp.json', url: 'https://code.claude.com/docs/en/mcp' },
    { title: 'VS Code — MCP servers: configuration format', url: 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers' },
    {
      title: 'Gemini CLI — MCP servers: configuration properties',
      url: 'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md',
    },
    { title: 'Cursor — Model Context Protocol: configuration', url: 'https://cursor.com/docs/context/mcp' },
  ],
  messages,
  requires: ['clientConfig'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const config = capture.clientConfig;
    if (!config) return;
    const info = CLIENT_FORMATS[config.format];
    if (!info.keys) return;
    for (const key of config.keys) {
      if (info.keys.includes(key)) continue;
      yield {
        messageId: 'unknownKey',
        data: { server: config.serverName, file: config.file, key, client: info.label, hint: hint(key, info.keys, config.format) },
        subject: { kind: 'server' },
        key,
        evidence: `"${key}" in "${config.serverName}" (${info.label} reads: ${info.keys.join(', ')})`,
      };
    }
  },
});

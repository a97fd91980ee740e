import { defineRule, type Report } from '../src/engine/rule.js';
import { manifestLabel } from './lib/manifest.js';

const messages = {
  undeclared:
    '{{manifest}} uses ${user_config.{{key}}} in server.mcp_config, but user_config declares no "{{key}}": the client has nothing to ask the user for and passes the text unreplaced; declare it in user_config (type, title, description).',
  unused:
    '{{manifest}} declares user_config "{{key}}", but server.mcp_config never uses ${user_config.{{key}}}: the user is asked for a value that never reaches the server; pass it in mcp_config.args or mcp_config.env, or remove it.',
};

const REFERENCE = /\$\{user_config\.([^}]{1,128})\}/g;

export default defineRule({
  id: 'manifest-user-config',
  category: 'manifest',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: "Every `${user_config.*}` an MCP Bundle's `mcp_config` uses is declared in `user_config`, and every declared one is used.",
  references: [
    {
      title: 'MCP Bundles — manifest.json `user_config` and variable substitution',
      url: 'https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md',
    },
  ],
  messages,
  requires: ['manifest'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    if (manifest?.kind !== 'mcpb') return;
    const server = manifest.document.server as Record<string, unknown> | undefined;
    const config = server?.mcp_config;
    if (typeof config !== 'object' || config === null) return;
    const label = manifestLabel(manifest);
    // Every string of mcp_config (command, args, env, platform overrides), each with its pointer.
    const used = new Map<string, string>();
    const walk = (value: unknown, pointer: string, depth: number) => {
      if (depth > 8) return;
      if (typeof value === 'string') {
        for (const m of value.matchAll(REFERENCE)) if (!used.has(m[1]!)) used.set(m[1]!, pointer);
      } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`, depth + 1));
      else if (typeof value === 'object' && value !== null)
        for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    };
    walk(config, '/server/mcp_config', 0);
    const declaredConfig = manifest.document.user_config;
    const declared =
      typeof declaredConfig === 'object' && declaredConfig !== null && !Array.isArray(declaredConfig) ? Object.keys(declaredConfig) : [];
    for (const [key, pointer] of used) {
      if (!declared.includes(key))
        yield {
          messageId: 'undeclared',
          data: { manifest: label, key: key.slice(0, 80) },
          subject: { kind: 'server' },
          manifestAt: pointer,
          key: `undeclared ${key}`,
        };
    }
    for (const key of declared) {
      if (!used.has(key))
        yield {
          messageId: 'unused',
          data: { manifest: label, key: key.slice(0, 80) },
          subject: { kind: 'server' },
          manifestAt: `/user_config/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          key: `unused ${key}`,
        };
    }
  },
});

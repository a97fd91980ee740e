import { CLIENT_FORMATS } from '../src/model/client-formats.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { SECRET_NAME } from '../src/shared/secret-names.js';

const messages = {
  inline:
    'Server "{{server}}" in {{file}} has a secret written into {{where}} ({{why}}); reference it from the environment instead, e.g. {{ref}}, so the file can be shared and committed without it.',
  noInterpolation:
    'Server "{{server}}" in {{file}} has a secret written into {{where}} ({{why}}); {{client}} does not expand variables, so keep this file out of version control and readable only by you, or have the server read the secret from a file or keychain.',
};

/** A variable name for a header or flag: "X-API-Key" → "X_API_KEY". */
const varName = (text: string): string =>
  text
    .replace(/^-+/, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase() || 'API_TOKEN';

export default defineRule({
  id: 'config-inline-secret',
  category: 'config',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'A client config references secrets (${VAR}, ${env:VAR}) instead of writing tokens and keys into env, headers, args or the URL.',
  references: [
    { title: 'Server-building guide — OAuth and Security Best Practices: "Store API keys in environment variables, never in code"' },
    { title: 'Claude Code — MCP: Environment variable expansion in .mcp.json', url: 'https://code.claude.com/docs/en/mcp' },
    {
      title: 'VS Code — MCP servers: input variables for sensitive data',
      url: 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
    },
  ],
  messages,
  requires: ['clientConfig'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const config = capture.clientConfig;
    if (!config) return;
    const info = CLIENT_FORMATS[config.format];
    for (const [pointer, value] of Object.entries(config.values)) {
      if (!value.secret) continue;
      const parts = pointer
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      const where =
        parts[0] === 'env' || parts[0] === 'headers' ? `${parts[0]}.${parts[1]}` : parts[0] === 'args' ? `args[${parts[1]}]` : parts[0]!;
      let ref: string;
      if (parts[0] === 'env') ref = info.reference(parts[1]!);
      else if (parts[0] === 'headers')
        ref = /^authorization$/i.test(parts[1]!) ? `Bearer ${info.reference('API_TOKEN')}` : info.reference(varName(parts[1]!));
      else ref = info.reference(SECRET_NAME.test(where) ? varName(where) : 'API_TOKEN');
      const data = { server: config.serverName, file: config.file, where, why: value.secret, ref, client: info.label };
      yield {
        messageId: info.interpolates ? 'inline' : 'noInterpolation',
        data,
        subject: { kind: 'server' },
        key: pointer,
        evidence: `${where}: ${value.text} (${value.literalLength} literal characters)`,
      };
    }
  },
});

/**
 * What each MCP client's config file looks like: where its servers live, which keys a server entry
 * may have, and which variable syntax the client expands. Data only — used by the client-config
 * loader and by the config rules (so both agree on what a client understands).
 */
import { basename, dirname } from 'node:path';
import type { ClientFormat } from './capture.js';

export interface ClientFormatInfo {
  readonly label: string;
  /** Top-level key holding the servers. */
  readonly serversKey: 'mcpServers' | 'servers';
  /** Keys a server entry may have; undefined: not checked (generic files). */
  readonly keys?: readonly string[];
  /** How the client's docs write an environment reference, for suggestions. */
  readonly reference: (name: string) => string;
  /** Whether the client expands environment references in the file at all. */
  readonly interpolates: boolean;
  /** Where the client documents the format. */
  readonly docs: string;
}

export const CLIENT_FORMATS: Readonly<Record<ClientFormat, ClientFormatInfo>> = {
  'claude-desktop': {
    label: 'Claude Desktop',
    serversKey: 'mcpServers',
    keys: ['command', 'args', 'env'],
    reference: (name) => `\${${name}}`,
    interpolates: false,
    docs: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
  },
  'claude-code': {
    label: 'Claude Code (.mcp.json)',
    serversKey: 'mcpServers',
    keys: ['type', 'command', 'args', 'env', 'url', 'headers', 'headersHelper', 'oauth'],
    reference: (name) => `\${${name}}`,
    interpolates: true,
    docs: 'https://code.claude.com/docs/en/mcp',
  },
  cursor: {
    label: 'Cursor (.cursor/mcp.json)',
    serversKey: 'mcpServers',
    keys: ['type', 'command', 'args', 'env', 'envFile', 'url', 'headers', 'auth'],
    reference: (name) => `\${env:${name}}`,
    interpolates: true,
    docs: 'https://cursor.com/docs/context/mcp',
  },
  vscode: {
    label: 'VS Code (.vscode/mcp.json)',
    serversKey: 'servers',
    keys: ['type', 'command', 'args', 'env', 'envFile', 'cwd', 'url', 'headers', 'dev', 'sandboxEnabled', 'sandbox', 'gallery', 'version'],
    reference: (name) => `\${env:${name}}`,
    interpolates: true,
    docs: 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
  },
  gemini: {
    label: 'Gemini CLI (settings.json)',
    serversKey: 'mcpServers',
    keys: [
      'command',
      'args',
      'env',
      'cwd',
      'url',
      'httpUrl',
      'type',
      'headers',
      'timeout',
      'trust',
      'description',
      'includeTools',
      'excludeTools',
      'extensionName',
      'oauth',
      'authProviderType',
      'targetAudience',
      'targetServiceAccount',
    ],
    reference: (name) => `$${name}`,
    interpolates: true,
    docs: 'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md',
  },
  windsurf: {
    label: 'Windsurf (mcp_config.json)',
    serversKey: 'mcpServers',
    keys: ['command', 'args', 'env', 'serverUrl', 'url', 'headers', 'disabled', 'disabledTools'],
    reference: (name) => `\${env:${name}}`,
    interpolates: true,
    docs: 'https://docs.windsurf.com/windsurf/cascade/mcp',
  },
  generic: {
    label: 'MCP client config',
    serversKey: 'mcpServers',
    reference: (name) => `\${${name}}`,
    interpolates: true,
    docs: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
  },
};

/** Guess the client from the file's name and place, then from its shape. */
export function detectFormat(path: string, doc: Record<string, unknown>): ClientFormat {
  const base = basename(path);
  const parent = basename(dirname(path));
  if (base === 'claude_desktop_config.json') return 'claude-desktop';
  if (base === '.mcp.json') return 'claude-code';
  if (base === 'mcp.json' && parent === '.cursor') return 'cursor';
  if (base === 'mcp.json' && parent === '.vscode') return 'vscode';
  if (base === 'settings.json' && parent === '.gemini') return 'gemini';
  if (base === 'mcp_config.json') return 'windsurf';
  const servers = doc.mcpServers;
  if (servers === undefined && typeof doc.servers === 'object' && doc.servers !== null) return 'vscode';
  if (typeof servers === 'object' && servers !== null) {
    const entries = Object.values(servers as Record<string, unknown>).filter(
      (e): e is Record<string, unknown> => typeof e === 'object' && e !== null,
    );
    if (entries.some((e) => 'httpUrl' in e || 'includeTools' in e || 'excludeTools' in e || 'trust' in e)) return 'gemini';
    if (entries.some((e) => 'serverUrl' in e)) return 'windsurf';
  }
  return 'generic';
}

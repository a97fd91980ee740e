import { defineRule, type Report } from '../src/engine/rule.js';
import type { ManifestRecord } from '../src/model/manifest.js';
import type { EnvRead } from '../src/model/source-index.js';
import { SECRET_NAME } from '../src/shared/secret-names.js';
import { manifestLabel, manifestPackages } from './lib/manifest.js';

const messages = {
  readUndeclared:
    'The server reads the environment variable {{name}} ({{where}}), but {{manifest}} does not declare it: a client installing from the manifest never asks for it, so the server runs without it; declare it ({{how}}).',
  declaredUnread:
    "{{manifest}} declares the environment variable {{name}}, but the server's code never reads it: users are asked for a value nothing uses (a renamed or removed variable?); remove it or read it.",
  secretNotMarked:
    '{{manifest}} declares {{name}}, whose name says it holds a credential, without marking it secret: clients then show and store it as plain text; {{how}}.',
};

/** Variables every runtime or shell provides, never the user's to configure. */
const PLATFORM = new Set([
  'NODE_ENV',
  'NODE_OPTIONS',
  'NODE_DEBUG',
  'DEBUG',
  'HOME',
  'PATH',
  'PWD',
  'USER',
  'USERNAME',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'SHELL',
  'TERM',
  'LANG',
  'TMPDIR',
  'TEMP',
  'TMP',
  'CI',
  'PYTHONPATH',
  'PYTHONUNBUFFERED',
  'VIRTUAL_ENV',
]);
const PLATFORM_PREFIX = /^(?:npm_|XDG_|LC_|MCPLINT_)/;

interface Declared {
  readonly name: string;
  readonly pointer: string;
  /** undefined: the manifest has no way to say (an MCPB env value that is not a user_config reference). */
  readonly secret?: boolean;
}

export default defineRule({
  id: 'manifest-env-vars',
  category: 'manifest',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: 'none',
  summary:
    'The environment variables a manifest declares are the ones the server reads, and those whose names say they hold credentials are marked secret.',
  references: [
    {
      title: 'MCP Registry — server.json `environmentVariables` (`isRequired`, `isSecret`)',
      url: 'https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md',
    },
    {
      title: 'MCP Bundles — manifest.json `mcp_config.env` and `user_config` (`sensitive`)',
      url: 'https://github.com/modelcontextprotocol/mcpb/blob/main/MANIFEST.md',
    },
  ],
  messages,
  requires: ['manifest', 'source'],
  *check({ capture, source }): Generator<Report<keyof typeof messages>> {
    const manifest = capture.manifest;
    // An index from before env reads were recorded says nothing either way.
    if (!manifest || !source.envReads) return;
    const label = manifestLabel(manifest);
    const declared = declaredVariables(manifest);
    const names = new Set(declared.map((d) => d.name));
    const reads = new Map<string, EnvRead>();
    for (const read of source.envReads) if (!reads.has(read.name)) reads.set(read.name, read);
    const how =
      manifest.kind === 'mcpb'
        ? 'in server.mcp_config.env, its value from a user_config entry'
        : "in the package's environmentVariables, with isRequired and isSecret";
    for (const [name, read] of reads) {
      if (names.has(name) || PLATFORM.has(name) || PLATFORM_PREFIX.test(name)) continue;
      yield {
        messageId: 'readUndeclared',
        data: { name, where: `${read.file}:${read.line}`, manifest: label, how },
        subject: { kind: 'server' },
        at: read,
        key: name,
      };
    }
    for (const variable of declared) {
      const data = { name: variable.name, manifest: label };
      if (!reads.has(variable.name))
        yield {
          messageId: 'declaredUnread',
          data,
          subject: { kind: 'server' },
          manifestAt: variable.pointer,
          key: `unread ${variable.pointer}`,
        };
      if (variable.secret === false && SECRET_NAME.test(variable.name))
        yield {
          messageId: 'secretNotMarked',
          data: { ...data, how: manifest.kind === 'mcpb' ? 'give its user_config entry "sensitive": true' : 'add "isSecret": true' },
          subject: { kind: 'server' },
          manifestAt: variable.pointer,
          key: `secret ${variable.pointer}`,
        };
    }
  },
});

/** server.json: every package's environmentVariables; MCPB: mcp_config.env, secret when its value is a sensitive user_config entry. */
function declaredVariables(manifest: Pick<ManifestRecord, 'kind' | 'document'>): Declared[] {
  const out: Declared[] = [];
  if (manifest.kind === 'server.json') {
    for (const pkg of manifestPackages(manifest.document)) {
      const list = pkg.entry.environmentVariables;
      if (!Array.isArray(list)) continue;
      list.forEach((v, i) => {
        if (typeof v !== 'object' || v === null || typeof (v as Record<string, unknown>).name !== 'string') return;
        const variable = v as Record<string, unknown>;
        out.push({
          name: variable.name as string,
          pointer: `/packages/${pkg.index}/environmentVariables/${i}`,
          secret: variable.isSecret === true,
        });
      });
    }
    return out;
  }
  const server = manifest.document.server as Record<string, unknown> | undefined;
  const config = server?.mcp_config as Record<string, unknown> | undefined;
  const env = config?.env;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return out;
  const userConfig = (manifest.document.user_config ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(env as Record<string, unknown>)) {
    const key = typeof value === 'string' ? /^\$\{user_config\.([^}]+)\}$/.exec(value)?.[1] : undefined;
    const option = key !== undefined ? (userConfig[key] as Record<string, unknown> | undefined) : undefined;
    out.push({
      name,
      pointer: `/server/mcp_config/env/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      ...(key !== undefined ? { secret: option?.sensitive === true } : {}),
    });
  }
  return out;
}

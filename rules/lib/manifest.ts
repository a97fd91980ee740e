/** Naming a linted manifest and places in it, for the manifest rules' messages. */
import type { ManifestRecord } from '../../src/model/manifest.js';

/** `server.json (2025-12-11)`, `manifest.json (MCP Bundle 0.3)`. */
export function manifestLabel(manifest: Pick<ManifestRecord, 'file' | 'kind' | 'schemaVersion'>): string {
  const base = manifest.file.split(/[\\/]/).pop() ?? manifest.file;
  return `${base} (${manifest.kind === 'mcpb' ? 'MCP Bundle ' : ''}${manifest.schemaVersion})`;
}

/** A JSON pointer as a reader writes it: `/packages/0/version` → `packages[0].version`; '' → `the top level`. */
export function manifestPlace(pointer: string): string {
  if (pointer === '') return 'the top level';
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((token, i) => (/^\d+$/.test(token) ? `[${token}]` : i === 0 ? token : `.${token}`))
    .join('');
}

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

/** A server.json `packages` entry, with the fields the manifest rules read (strings only; the schema rule reports the rest). */
export interface ManifestPackage {
  readonly index: number;
  readonly registryType?: string;
  readonly identifier?: string;
  readonly version?: string;
  readonly entry: Readonly<Record<string, unknown>>;
}

export function manifestPackages(document: Readonly<Record<string, unknown>>): ManifestPackage[] {
  const packages = Array.isArray(document.packages) ? document.packages : [];
  return packages.flatMap((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
    const e = entry as Record<string, unknown>;
    const text = (key: string) => (typeof e[key] === 'string' ? { [key]: e[key] as string } : {});
    return [{ index, entry: e, ...text('registryType'), ...text('identifier'), ...text('version') }];
  });
}

/** A string field of the document, or undefined. */
export function textField(document: Readonly<Record<string, unknown>>, key: string): string | undefined {
  return typeof document[key] === 'string' ? (document[key] as string) : undefined;
}

/** Whether the schema rule already reports something at this pointer (a second finding there would say the same). */
export function schemaReports(manifest: Pick<ManifestRecord, 'schemaProblems'>, pointer: string): boolean {
  return manifest.schemaProblems.some((p) => p.pointer === pointer);
}

/** PyPI names compare normalised (PEP 503): case, and runs of `-`, `_` and `.`, do not matter. */
export function sameProject(a: string, b: string | undefined): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[-_.]+/g, '-');
  return b !== undefined && norm(a) === norm(b);
}

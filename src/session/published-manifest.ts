/** The manifest a run lints when no target is given, and that `mcplint init` points at. */
import { resolve } from 'node:path';
import { readTextIfPresent } from '../shared/read-bounded.js';

/**
 * server.json, else manifest.json, in `cwd` when it is the kind --manifest lints: a server.json
 * that names a registry schema, a manifest.json with a string `manifest_version` (or `dxt_version`)
 * and a `server` — so a browser extension's manifest.json (`"manifest_version": 3`) is left alone.
 */
export function publishedManifest(cwd: string): string | undefined {
  for (const file of ['server.json', 'manifest.json']) {
    const text = readTextIfPresent(resolve(cwd, file), 'project file', file);
    if (text === undefined) continue;
    try {
      const doc = JSON.parse(text) as Record<string, unknown>;
      if (file === 'server.json' && typeof doc.$schema === 'string' && doc.$schema.startsWith(REGISTRY_SCHEMAS)) return file;
      const version = doc.manifest_version ?? doc.dxt_version;
      if (file === 'manifest.json' && typeof version === 'string' && typeof doc.server === 'object' && doc.server !== null) return file;
    } catch {
      // Not JSON: not a manifest to find (given with --manifest, it would be one line and exit 2).
    }
  }
  return undefined;
}

const REGISTRY_SCHEMAS = 'https://static.modelcontextprotocol.io/schemas/';

/**
 * In-memory captures of a --manifest run for rule unit tests: the clean bookstore's capture with a
 * manifest record built the way src/connect/manifest/read-manifest.ts builds one (the schema
 * picked and validated for real, positions from the document's pretty-printed text).
 */
import type { Capture } from '../../src/model/capture.js';
import type { ManifestProject, ManifestRecord } from '../../src/model/manifest.js';
import { manifestSchemaOf, validateManifest } from '../../src/connect/manifest/manifest-schemas.js';
import { deepFreeze } from '../../src/shared/freeze.js';
import { jsonPointerPositions } from '../../src/shared/json-pointers.js';
import { cleanPrompts, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture } from './capture.js';

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** A valid server.json for the bookstore fixture, with `change` applied. */
export function serverJson(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: 'io.github.mcplint/bookstore',
    description: "Search a bookstore's catalogue, read book records and post reviews.",
    version: '1.0.0',
    packages: [{ registryType: 'npm', identifier: 'bookstore-mcp-server', version: '1.0.0', transport: { type: 'stdio' } }],
    ...change,
  };
}

/** A valid MCPB 0.3 manifest.json for the bookstore fixture, with `change` applied. */
export function bundleManifest(change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    manifest_version: '0.3',
    name: 'bookstore',
    version: '1.0.0',
    description: "Search a bookstore's catalogue, read book records and post reviews.",
    author: { name: 'mcplint' },
    server: {
      type: 'node',
      entry_point: 'server/index.mjs',
      mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'] },
    },
    ...change,
  };
}

export const BOOKSTORE_PROJECT: ManifestProject = {
  packageJson: { name: 'bookstore-mcp-server', version: '1.0.0', mcpName: 'io.github.mcplint/bookstore' },
};

export function manifestRecord(
  document: Record<string, unknown>,
  project: ManifestProject = BOOKSTORE_PROJECT,
  file = 'server.json',
): ManifestRecord {
  const schema = manifestSchemaOf(document, file);
  return {
    file,
    kind: schema.kind,
    schemaVersion: schema.version,
    document,
    schemaProblems: validateManifest(document, schema),
    positions: jsonPointerPositions(JSON.stringify(document, null, 2)),
    project,
  };
}

/** The clean bookstore, launched from this manifest. */
export function manifestCapture(
  document: Record<string, unknown>,
  project?: ManifestProject,
  spec: Parameters<typeof makeCapture>[0] = {},
): Capture {
  const base = makeCapture({ tools: cleanTools(), prompts: cleanPrompts(), ...spec });
  return deepFreeze({ ...base, manifest: manifestRecord(document, project, document.manifest_version ? 'manifest.json' : 'server.json') });
}

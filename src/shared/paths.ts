/** Where mcplint's own files are, whether run from dist/, from source (tests) or from npm. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  // dist/src/shared/paths.js sits two levels down, src/shared/paths.ts one: walk up to our package.json.
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'rules'))) return dir;
    if (dirname(dir) === dir) return join(from, '..', '..');
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

export const RULE_DOCS_DIR = join(PACKAGE_ROOT, 'rules');
export const MCP_SCHEMAS_DIR = join(PACKAGE_ROOT, 'schemas', 'mcp');

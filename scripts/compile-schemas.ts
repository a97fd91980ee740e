/**
 * Write the precompiled schema validators to schemas/mcp/compiled/ (see src/schema/schema-codegen.ts).
 * Run after changing a vendored schema or upgrading ajv: `npm run compile-schemas` (from source, no build).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILED_DIR, compiledSchemaSources } from '../src/schema/schema-codegen.js';

mkdirSync(COMPILED_DIR, { recursive: true });
for (const [file, source] of Object.entries(compiledSchemaSources())) {
  writeFileSync(join(COMPILED_DIR, file), source);
  process.stdout.write(`${file}: ${(source.length / 1024).toFixed(0)} KB\n`);
}

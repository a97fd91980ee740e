/**
 * `npm run docs`: regenerate everything derived from rule metadata and fixtures (a test fails
 * when any of it is stale):
 * - the rule count and table of docs/rules.md and the flag table of docs/usage.md;
 * - schema/mcplint.config.schema.json, the config's JSON Schema (published in the package);
 * - the "Example from the test fixtures" section of every rules/<id>.md (runs each fixture).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rules } from '../rules/index.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { CONFIG_SCHEMA_FILE, configSchemaText } from './config-schema.js';
import { DOC_SECTIONS, withSection } from './doc-sections.js';
import { comparable, fixtureExample, withFixtureExample } from './fixture-examples.js';

for (const section of DOC_SECTIONS) {
  const path = join(PACKAGE_ROOT, section.file);
  writeFileSync(path, withSection(readFileSync(path, 'utf8'), section, rules));
  process.stdout.write(`${section.file}: ${section.name} written\n`);
}

const schemaPath = join(PACKAGE_ROOT, CONFIG_SCHEMA_FILE);
mkdirSync(dirname(schemaPath), { recursive: true });
writeFileSync(schemaPath, configSchemaText(rules));
process.stdout.write(`${CONFIG_SCHEMA_FILE}: written\n`);

const only = process.argv.slice(2);
let changed = 0;
const pending = rules.filter((r) => only.length === 0 || only.includes(r.id));
// A few fixture servers at a time: each is a real process.
for (let i = 0; i < pending.length; i += 8) {
  await Promise.all(
    pending.slice(i, i + 8).map(async (rule) => {
      const path = join(PACKAGE_ROOT, 'rules', `${rule.id}.md`);
      const before = readFileSync(path, 'utf8');
      const after = withFixtureExample(before, await fixtureExample(rules, rule));
      // Only real changes: a new duration or session id alone does not rewrite the file.
      if (comparable(after) !== comparable(before)) {
        writeFileSync(path, after);
        changed++;
      }
    }),
  );
}
process.stdout.write(`rules/*.md fixture examples: ${pending.length} rules, ${changed} updated\n`);

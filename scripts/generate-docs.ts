/**
 * `npm run docs`: regenerate everything derived from rule metadata and fixtures (a test fails
 * when any of it is stale):
 * - the rule count and table of docs/rules.md and the flag table of docs/usage.md;
 * - schema/mcplint.config.schema.json, the config's JSON Schema (published in the package);
 * - the "Example from the test fixtures" section of every rules/<id>.md (runs each fixture), or
 *   only of the rules named: `npm run docs -- <id> [<id>…]`.
 * Runs from source (tsx): no build needed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rules } from '../rules/index.js';
import { didYouMean } from '../src/shared/did-you-mean.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { CONFIG_SCHEMA_FILE, configSchemaText } from './config-schema.js';
import { DOC_SECTIONS, withSection } from './doc-sections.js';
import { comparable, fixtureExample, withFixtureExample } from './fixture-examples.js';

const only = process.argv.slice(2);
const ids = rules.map((r) => r.id);
const unknown = only.filter((id) => !ids.includes(id));
if (unknown.length > 0) {
  for (const id of unknown) {
    process.stderr.write(`unknown rule "${id}"${didYouMean(id, ids, (close) => close)}\n`);
  }
  process.stderr.write('usage: npm run docs [-- <rule-id>…]\n');
  process.exit(2);
}

for (const section of DOC_SECTIONS) {
  const path = join(PACKAGE_ROOT, section.file);
  writeFileSync(path, withSection(readFileSync(path, 'utf8'), section, rules));
  process.stdout.write(`${section.file}: ${section.name} written\n`);
}

const schemaPath = join(PACKAGE_ROOT, CONFIG_SCHEMA_FILE);
mkdirSync(dirname(schemaPath), { recursive: true });
writeFileSync(schemaPath, configSchemaText(rules));
process.stdout.write(`${CONFIG_SCHEMA_FILE}: written\n`);

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

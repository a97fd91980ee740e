/**
 * `npm run docs`: regenerate everything derived from rule metadata and fixtures (a test fails
 * when any of it is stale):
 * - the README rule count and table;
 * - schema/mcplint.config.schema.json, the config's JSON Schema (published in the package);
 * - the "Example from the test fixtures" section of every rules/<id>.md (runs each fixture).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { rules } from '../rules/index.js';
import { withRulesTable } from '../src/report/rule-docs.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { CONFIG_SCHEMA_FILE, configSchemaText } from './config-schema.js';
import { comparable, fixtureExample, withFixtureExample } from './fixture-examples.js';

const readme = join(PACKAGE_ROOT, 'README.md');
writeFileSync(readme, withRulesTable(readFileSync(readme, 'utf8'), rules));
process.stdout.write(`README.md rule count and table: ${rules.length} rules\n`);

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

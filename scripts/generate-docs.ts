/** `npm run docs`: regenerate the README rule table from rule metadata (a test fails when stale). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rules } from '../rules/index.js';
import { withRulesTable } from '../src/docs.js';
import { PACKAGE_ROOT } from '../src/paths.js';

const path = join(PACKAGE_ROOT, 'README.md');
writeFileSync(path, withRulesTable(readFileSync(path, 'utf8'), rules));
process.stdout.write(`README.md rule table: ${rules.length} rules\n`);

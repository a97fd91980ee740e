/**
 * `npm run new-rule -- <id> <category>`: scaffold a rule. Writes the rule module, its document,
 * its one-defect fixture (bad.mjs, expected.json) and clean twin (good.mjs), its unit test, and
 * registers it in rules/index.ts. Every part left to write carries a TODO(new-rule) marker; the
 * registry test lists the markers still there, so the suite says what is left to fill in.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Category } from '../src/engine/rule.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';

export const TODO_MARKER = 'TODO(new-rule)';

/** Every category, checked against the Category type in both directions. */
const CATEGORY_SET: Readonly<Record<Category, true>> = {
  lifecycle: true,
  stdio: true,
  http: true,
  naming: true,
  annotations: true,
  descriptions: true,
  schema: true,
  ergonomics: true,
  probes: true,
  source: true,
  security: true,
  config: true,
  manifest: true,
};
export const CATEGORIES = Object.keys(CATEGORY_SET) as Category[];

const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const camelCase = (id: string): string => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function ruleModule(id: string, category: Category): string {
  return `import { defineRule, type Report } from '../src/engine/rule.js';

const messages = {
  // ${TODO_MARKER}: one message per kind of finding: what is wrong, why it matters, what to do. {{name}} takes data.name.
  found: '${TODO_MARKER}: say what is wrong with tool "{{name}}", why it matters and how to fix it.',
};

export default defineRule({
  id: '${id}',
  category: '${category}',
  // ${TODO_MARKER}: basis 'spec' (an MCP specification requirement: MUST → error, SHOULD → warning) or 'guideline' (warning or note).
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  // ${TODO_MARKER}: declare \`checklist: [...]\`, the Quality Checklist items (src/model/checklist-items.ts) its findings fail, or 'none'.
  summary: '${TODO_MARKER}: one sentence saying what a good server does.',
  references: [
    {
      title: '${TODO_MARKER}: the specification section or guideline this rule enforces',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25',
    },
  ],
  messages,
  // ${TODO_MARKER}: what the rule reads (see Requirement in src/engine/rule.ts); without it the rule is skipped.
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      // ${TODO_MARKER}: decide whether the tool has the defect.
      const defective = false;
      if (defective) yield { messageId: 'found', data: { name: tool.name }, subject: { kind: 'tool', name: tool.name } };
    }
  },
});
`;
}

function ruleDoc(): string {
  return `${TODO_MARKER}: the summary paragraph: what the rule checks and what a good server does (SARIF shows it as the full description).

## Why

${TODO_MARKER}: why it matters to clients, agents or users; quote the specification or the guide.

## Bad

${TODO_MARKER}: a short example of the defect.

## Good

${TODO_MARKER}: the same example, fixed.
`;
}

function unitTest(id: string): string {
  return `import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/${id}.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

describe('${id}', () => {
  ruleTester(rule).run({
    valid: [{ name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) }],
    // ${TODO_MARKER}: invalid cases, e.g.
    // { name: 'reports …', capture: () => makeCapture({ tools: [...] }), findings: [{ messageId: 'found', subject: 'tool:<name>' }] },
    invalid: [],
  });

  it('has invalid cases', () => {
    // ${TODO_MARKER}: delete this test once \`invalid\` has cases.
    expect.fail('test/rules/${id}.test.ts: fill in the invalid cases (a capture with the defect, and the findings expected)');
  });
});
`;
}

function badFixture(): string {
  return `// Defect: ${TODO_MARKER}: one sentence naming the one defect this server has (the rule doc's example quotes it).
import { cleanTools, serveRaw } from '../../lib/raw-server.mjs';

// ${TODO_MARKER}: change the clean tools so that this server has exactly that defect.
serveRaw({ tools: cleanTools() });
`;
}

function goodFixture(): string {
  return `// The clean twin of bad.mjs. ${TODO_MARKER}: make it bad.mjs without the defect,
// or delete it (then fixtures/clean-server.mjs is the twin).
import { cleanTools, serveRaw } from '../../lib/raw-server.mjs';

serveRaw({ tools: cleanTools() });
`;
}

function expectedFindings(id: string): string {
  const update = `UPDATE_FIXTURES=1 npx vitest run test/rule-fixtures.test.ts -t "${id}: bad.mjs"`;
  const todo = `${TODO_MARKER}: every finding of all rules on bad.mjs, as "${id} <messageId> <subject>" (\`${update}\` writes them here)`;
  return JSON.stringify({ findings: [todo] }, null, 2) + '\n';
}

/** rules/index.ts with the rule imported and listed, both in id order. */
export function withRegistered(index: string, id: string): string {
  const importLine = /^import (\w+) from '\.\/([a-z0-9-]+)\.js';\n/gm;
  const ids = [...index.matchAll(importLine)].map((m) => m[2]!);
  if (ids.includes(id)) throw new Error(`rules/index.ts already registers ${id}`);
  const sorted = [...ids, id].sort();
  const first = index.search(importLine);
  const withoutImports = index.replace(importLine, '');
  const imports = sorted.map((i) => `import ${camelCase(i)} from './${i}.js';\n`).join('');
  const withImports = withoutImports.slice(0, first) + imports + withoutImports.slice(first);
  return withImports.replace(
    /(export const rules: readonly Rule\[\] = \[\n)[\s\S]*?(\n\];)/,
    (_, open: string, close: string) => open + sorted.map((i) => `  ${camelCase(i)},`).join('\n') + close,
  );
}

/** Write every file of a new rule under `root`; returns the paths written, relative to root. */
export function scaffoldRule(root: string, id: string, category: string): string[] {
  if (!RULE_ID.test(id)) throw new Error(`rule id "${id}" is not kebab-case (e.g. tool-name-verb)`);
  if (!(CATEGORIES as string[]).includes(category)) throw new Error(`category "${category}" is not one of ${CATEGORIES.join(', ')}`);
  const files: Record<string, string> = {
    [`rules/${id}.ts`]: ruleModule(id, category as Category),
    [`rules/${id}.md`]: ruleDoc(),
    [`fixtures/rules/${id}/bad.mjs`]: badFixture(),
    [`fixtures/rules/${id}/good.mjs`]: goodFixture(),
    [`fixtures/rules/${id}/expected.json`]: expectedFindings(id),
    [`test/rules/${id}.test.ts`]: unitTest(id),
  };
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Error(`${path} exists already`);
  const indexPath = join(root, 'rules', 'index.ts');
  const index = withRegistered(readFileSync(indexPath, 'utf8'), id);
  mkdirSync(join(root, 'fixtures', 'rules', id), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  writeFileSync(indexPath, index);
  return [...Object.keys(files), 'rules/index.ts'];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [id, category] = process.argv.slice(2);
  if (!id || !category) {
    process.stderr.write(`usage: npm run new-rule -- <id> <category>\ncategories: ${CATEGORIES.join(', ')}\n`);
    process.exit(2);
  }
  try {
    const written = scaffoldRule(PACKAGE_ROOT, id, category);
    process.stdout.write(
      [
        ...written.map((path) => `wrote ${path}`),
        '',
        `Next: fill in every ${TODO_MARKER} marker (CONTRIBUTING.md, "Adding a rule"), then run npm run docs and npm test;`,
        'the registry test lists the markers that are left.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    process.stderr.write(`new-rule: ${(error as Error).message}\n`);
    process.exit(2);
  }
}

/** `mcplint rules` and `mcplint explain <rule>` (moved verbatim from src/cli.ts). */
import { EXIT } from './exit-codes.js';

export async function rulesCommand(format: 'text' | 'json' | 'markdown'): Promise<number> {
  const [{ rules }, docs] = await Promise.all([import('../../rules/index.js'), import('../docs.js')]);
  if (format === 'markdown') process.stdout.write(docs.rulesTable(rules) + '\n');
  else if (format === 'json') {
    const list = rules.map((r) => ({ id: r.id, category: r.category, severity: r.severity, basis: r.basis, precision: r.precision, summary: r.summary, since: r.since ?? null, docs: docs.docsUrl(r.id) }));
    process.stdout.write(JSON.stringify(list, null, 2) + '\n');
  } else {
    const width = Math.max(...rules.map((r) => r.id.length));
    const byCategory = new Map<string, typeof rules[number][]>();
    for (const r of rules) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
    const lines: string[] = [];
    for (const [category, list] of byCategory) {
      lines.push(`${category}`);
      for (const r of list) lines.push(`  ${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${r.summary}`);
      lines.push('');
    }
    lines.push(`${rules.length} rules. mcplint explain <rule> prints one rule's documentation.`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  return EXIT.ok;
}

export async function explainCommand(id: string, format: 'text' | 'markdown'): Promise<number> {
  const [{ rules }, docs] = await Promise.all([import('../../rules/index.js'), import('../docs.js')]);
  const rule = rules.find((r) => r.id === id);
  if (!rule) return usage(`unknown rule "${id}". mcplint rules lists them all.`);
  process.stdout.write(format === 'markdown' ? docs.ruleMarkdown(rule) : docs.ruleText(rule));
  return EXIT.ok;
}

function usage(message: string): number {
  process.stderr.write(`mcplint: ${message}\n`);
  return EXIT.usage;
}

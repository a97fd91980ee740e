/** `mcplint rules` and `mcplint explain <rule>`: the rule catalogue (src/report/rule-catalog.ts) on stdout. */
import { EXIT } from './exit-codes.js';

export async function rulesCommand(format: 'text' | 'json' | 'markdown'): Promise<number> {
  const [{ rules }, catalog] = await Promise.all([import('../../rules/index.js'), import('../report/rule-catalog.js')]);
  process.stdout.write(catalog.rulesListing(rules, format));
  return EXIT.ok;
}

export async function explainCommand(id: string, format: 'text' | 'markdown' | 'json'): Promise<number> {
  const [{ rules }, catalog] = await Promise.all([import('../../rules/index.js'), import('../report/rule-catalog.js')]);
  const explained = catalog.explainRule(rules, id, format);
  if (!explained.ok) return usage(explained.error);
  process.stdout.write(explained.text);
  return EXIT.ok;
}

function usage(message: string): number {
  process.stderr.write(`mcplint: ${message}\n`);
  return EXIT.usage;
}

/**
 * `mcplint rules [--search <words>]` and `mcplint explain <rule>`: the rule catalogue
 * (src/report/rule-catalog.ts) on stdout.
 */
import { EXIT } from './exit-codes.js';

/** `search`: the words of `--search` (each value may hold several); undefined lists every rule. */
export async function rulesCommand(format: 'text' | 'json' | 'markdown', search?: readonly string[]): Promise<number> {
  const query = search?.join(' ').trim();
  if (query === '') return usage('--search needs words to look for, e.g. mcplint rules --search description name');
  const [{ rules }, catalog] = await Promise.all([import('../../rules/index.js'), import('../report/rule-catalog.js')]);
  process.stdout.write(query === undefined ? catalog.rulesListing(rules, format) : catalog.searchListing(rules, query, format));
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

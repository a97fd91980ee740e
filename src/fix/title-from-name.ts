/**
 * A tool's title made from its name: `get_forecast` → "Get Forecast", `listOpenIssues` → "List
 * Open Issues". A service prefix every tool of the server shares (`weather_get_forecast`,
 * `weather_list_cities`) is the server's name, not the tool's: the title leaves it out.
 */
import { words } from '../shared/name-words.js';

export function titleFromName(name: string, siblings: readonly string[] = []): string {
  const own = words(name);
  const prefix = sharedPrefix([name, ...siblings]);
  const kept = prefix && own.length > 1 && own[0] === prefix ? own.slice(1) : own;
  return kept.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');
}

/** The first word of every name, when there are at least two names and they all start with it. */
function sharedPrefix(names: readonly string[]): string | undefined {
  const distinct = [...new Set(names)];
  if (distinct.length < 2) return undefined;
  const first = words(distinct[0]!)[0];
  return first !== undefined && distinct.every((n) => words(n)[0] === first && words(n).length > 1) ? first : undefined;
}

/**
 * A tool's parameters as its input schema declares them: names compared loosely, declared types,
 * and which parameters set a page size. Used by the ergonomics rules and by the pagination probe.
 */
import { actionVerb } from './verbs.js';
import { isObject, type JsonObject } from './json.js';

/** The top-level parameters of a judgeable input schema, as [name, schema] pairs. */
export function topLevelParams(schema: JsonObject): [string, unknown][] {
  return isObject(schema.properties) ? Object.entries(schema.properties) : [];
}

const NAME_SEPARATORS = /[_\-.\s]/g;

/** A parameter name reduced for comparison: lower case, without `_`, `-`, `.` (page_size ≡ pageSize). */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(NAME_SEPARATORS, '');
}

/** The `type` keyword as a list of type names ([] when absent or malformed). */
export function typesOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

/** Parameter names that set how many results a call returns (compared after normalizeName). */
export const LIMIT_NAMES: ReadonlySet<string> = new Set(
  [
    'limit',
    'max_results',
    'max_items',
    'max_count',
    'page_size',
    'per_page',
    'results_per_page',
    'num_results',
    'count',
    'top',
    'size',
    'max',
    'n',
    'first',
    'last',
  ].map(normalizeName),
);

/**
 * Limit names that are also common for other things (a crop's `top`, a file's `size`, a random
 * number's `max`, fibonacci's `n`). They count as limits only in context: see isLimitParam.
 */
export const AMBIGUOUS_LIMIT_NAMES: ReadonlySet<string> = new Set(['count', 'top', 'size', 'max', 'n', 'first', 'last']);

/** Parameter names that select the next page (compared after normalizeName). */
export const OFFSET_NAMES: ReadonlySet<string> = new Set(
  [
    'offset',
    'cursor',
    'page',
    'page_token',
    'next_cursor',
    'next_page_token',
    'next_token',
    'continuation_token',
    'page_number',
    'starting_after',
    'after',
    'skip',
    'start',
    'marker',
  ].map(normalizeName),
);

/** Verbs of tools that return a collection and so should paginate. */
export const LISTING_VERBS: ReadonlySet<string> = new Set(['list', 'search', 'find', 'query', 'browse', 'scan']);

/** Whether the tool's name says it returns a collection (list_…, search_…, service_find_…). */
export function isListingTool(toolName: string): boolean {
  const verb = actionVerb(toolName);
  return verb !== undefined && LISTING_VERBS.has(verb);
}

/**
 * Is this top-level parameter a result-count limit? Unambiguous names (limit, page_size, …) always
 * are; ambiguous ones (count, top, size, max, n, first, last) only on a listing tool, next to a
 * pagination parameter, or when their description talks about results.
 */
export function isLimitParam(toolName: string, schema: JsonObject, param: string, paramSchema: unknown): boolean {
  const norm = normalizeName(param);
  if (!LIMIT_NAMES.has(norm)) return false;
  if (!AMBIGUOUS_LIMIT_NAMES.has(norm)) return true;
  if (isListingTool(toolName)) return true;
  if (topLevelParams(schema).some(([name]) => OFFSET_NAMES.has(normalizeName(name)))) return true;
  const description = isObject(paramSchema) && typeof paramSchema.description === 'string' ? paramSchema.description : '';
  return /\b(results?|items?|records?|entries|rows|matches|hits|to return|per page|page size)\b/i.test(description);
}

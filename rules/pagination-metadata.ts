import { isObject, type JsonObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { frameOf, payloadOf, probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

const norm = (key: string): string => key.toLowerCase().replace(/[_\-\s]/g, '');
const HAS_MORE = new Set(['hasmore', 'hasnext', 'hasnextpage', 'hasmoreresults', 'hasmoreitems', 'more', 'moreavailable', 'ismore']);
const NEXT = new Set(['nextoffset', 'nextcursor', 'nextpagetoken', 'nexttoken', 'nextpage', 'nextpagecursor', 'next', 'cursor']);
const ITEM_KEYS = ['items', 'results', 'data', 'entries', 'records', 'rows', 'hits', 'matches', 'list'];

/** The page's item array: a well-known key first, else the longest array; one nesting level deep. */
function itemsOf(page: JsonObject, depth = 0): unknown[] | undefined {
  for (const key of ITEM_KEYS) if (Array.isArray(page[key])) return page[key] as unknown[];
  const arrays = Object.values(page).filter(Array.isArray) as unknown[][];
  if (arrays.length > 0) return arrays.reduce((a, b) => (b.length > a.length ? b : a));
  if (depth > 0) return undefined;
  for (const value of Object.values(page)) {
    if (isObject(value)) {
      const nested = itemsOf(value, depth + 1);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** Pagination fields of the page: top-level keys and those of nested objects (e.g. `pagination: {…}`). */
function fieldsOf(page: JsonObject): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(page)) {
    fields.set(norm(key), value);
    if (isObject(value)) for (const [k, v] of Object.entries(value)) if (!fields.has(norm(k))) fields.set(norm(k), v);
  }
  return fields;
}

const messages = {
  bareArray:
    'Tool "{{name}}" answered a page request ({{limit}}) with a bare list, so there is no room for pagination metadata; return an object with the items plus has_more, next_offset (or next_cursor) and total.',
  tooMany:
    'Tool "{{name}}" returned {{count}} items when asked for {{limit}}; respect the limit parameter, so the agent decides how much enters its context.',
  missingHasMore:
    'Tool "{{name}}" answered a page request ({{limit}}) without has_more, so the agent cannot tell whether there is more; add has_more, next_offset (or next_cursor) and total to the response.',
  missingNext:
    'Tool "{{name}}" says there are more results (has_more) but not how to get them; add next_offset or next_cursor to the response.',
};

export default defineRule({
  id: 'pagination-metadata',
  category: 'probes',
  basis: 'guideline',
  severity: 'warning',
  precision: 'medium',
  checklist: ['pagination', 'sample-tool-calls'],
  summary:
    'List and search tools called with a small limit return no more items than asked, and say whether there are more (has_more) and how to get them (next_offset or next_cursor).',
  references: [
    {
      title:
        'Server-building guide — Pagination Best Practices: "Always respect the limit parameter", "Return pagination metadata: has_more, next_offset/next_cursor, total_count"',
    },
  ],
  messages,
  requires: ['probe:pagination'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const call of probeCalls(capture, 'pagination')) {
      const answer = call.answer;
      if (answer.kind !== 'result' || !answer.view || answer.view.isError) continue;
      const name = call.tool ?? '';
      const limit = Number(call.detail?.limit ?? 1);
      const limitText = `${String(call.detail?.limitParam ?? 'limit')}: ${limit}`;
      const payload = payloadOf(answer.view);
      if (!payload.found) continue; // prose only: nothing to judge reliably
      const base = { subject: { kind: 'tool', name } as const, ...frameOf(call) };
      const value = payload.value;
      if (Array.isArray(value)) {
        yield { messageId: 'bareArray', data: { name, limit: limitText }, evidence: shorten(jsonText(value) ?? '', 200), ...base };
        if (value.length > limit) yield { messageId: 'tooMany', data: { name, count: value.length, limit: limitText }, ...base };
        continue;
      }
      if (!isObject(value)) continue;
      const items = itemsOf(value);
      if (!items) continue; // not a list answer after all
      const fields = fieldsOf(value);
      const evidence = `keys: ${shorten(Object.keys(value).join(', '), 200)}`;
      if (items.length > limit) yield { messageId: 'tooMany', data: { name, count: items.length, limit: limitText }, evidence, ...base };
      const hasMoreKey = [...fields.keys()].find((k) => HAS_MORE.has(k));
      if (hasMoreKey === undefined) {
        yield { messageId: 'missingHasMore', data: { name, limit: limitText }, evidence, ...base };
      } else if (fields.get(hasMoreKey) === true && ![...fields.entries()].some(([k, v]) => NEXT.has(k) && v !== null && v !== undefined)) {
        yield { messageId: 'missingNext', data: { name }, evidence, ...base };
      }
    }
  },
});

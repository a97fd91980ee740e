import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { escapePointer, judgeableObjectSchema, normalizeName, shortJson, topLevelParams, typesOf } from './lib/schema-rules.js';

/** Parameter names that always choose from a closed set (after normalizeName), with an example enum. */
const CLOSED_SET_NAMES: Readonly<Record<string, string>> = {
  responseformat: '["markdown", "json"]',
  outputformat: '["markdown", "json"]',
  sortorder: '["asc", "desc"]',
  sortdirection: '["asc", "desc"]',
  format: '["markdown", "json"]',
  order: '["asc", "desc"]',
  direction: '["asc", "desc"]',
};

/**
 * `format` may be a date pattern, `order` an order number, `direction` a compass point given as
 * free text: these count only when their description names the values of a closed set.
 */
const AMBIGUOUS = new Set(['format', 'order', 'direction']);
const CLOSED_VALUE_WORDS = /\b(json|markdown|md|csv|html|xml|yaml|plain ?text|asc|desc|ascending|descending|newest|oldest|one of)\b/i;

/** Keywords that already restrict a string to known values. */
const RESTRICTING = ['enum', 'const', 'anyOf', 'oneOf', 'allOf', '$ref', '$dynamicRef', 'pattern', 'not'];

const messages = {
  freeString:
    'Tool "{{name}}" parameter "{{param}}" chooses from a fixed set of values but accepts any string; declare them with "enum" (e.g. {{example}}) so the model cannot send a value the tool does not support.',
};

export default defineRule({
  id: 'input-schema-closed-sets',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['typed-described-fields'],
  summary:
    'Parameters that choose from a fixed set of values (response_format, sort order, direction) declare it with "enum" instead of taking any string.',
  references: [
    { title: 'Server-building guide — Response Format Guidelines: response_format="json" | "markdown"' },
    { title: 'Server-building guide — Response Formats, Implementation: response_format: z.nativeEnum(ResponseFormat)' },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      for (const [param, sub] of topLevelParams(schema)) {
        const norm = normalizeName(param);
        const example = CLOSED_SET_NAMES[norm];
        if (example === undefined || !isObject(sub)) continue;
        const types = typesOf(sub);
        // Untyped parameters are input-schema-typed's business; only plain strings are judged here.
        if (!types.includes('string') || types.some((t) => t !== 'string' && t !== 'null')) continue;
        if (RESTRICTING.some((k) => k in sub)) continue;
        if (AMBIGUOUS.has(norm) && !(typeof sub.description === 'string' && CLOSED_VALUE_WORDS.test(sub.description))) continue;
        yield {
          messageId: 'freeString',
          data: { name: tool.name, param, example },
          subject: { kind: 'tool', name: tool.name, pointer: `/inputSchema/properties/${escapePointer(param)}` },
          evidence: shortJson(sub),
        };
      }
    }
  },
});

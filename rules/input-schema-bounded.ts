import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Subject, type Report } from '../src/engine/rule.js';
import { escapePointer, isLimitParam, judgeableObjectSchema, shortJson, topLevelParams, typesOf } from './lib/schema-rules.js';

interface Options {
  /** The largest page a limit-like parameter may allow. */
  readonly maxLimit: number;
}

/** The largest value a numeric schema admits, from maximum / exclusiveMaximum (numeric form). */
function effectiveMaximum(schema: Record<string, unknown>, integer: boolean): number | undefined {
  const candidates: number[] = [];
  if (typeof schema.maximum === 'number') candidates.push(schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number')
    candidates.push(integer ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.exclusiveMaximum);
  return candidates.length > 0 ? Math.min(...candidates) : undefined;
}

/** Where a parameter's finding points; built only for a report (most parameters have none). */
const paramSubject = (name: string, param: string): Subject => ({
  kind: 'tool',
  name,
  pointer: `/inputSchema/properties/${escapePointer(param)}`,
});

/** An array schema whose length is capped: maxItems, or a closed tuple. */
function arrayBounded(schema: Record<string, unknown>): boolean {
  if (typeof schema.maxItems === 'number') return true;
  if (Array.isArray(schema.prefixItems) && (schema.items === false || schema.unevaluatedItems === false)) return true;
  return Array.isArray(schema.items) && schema.additionalItems === false;
}

const messages = {
  unboundedLimit:
    'Tool "{{name}}" parameter "{{param}}" sets how many results come back but has no maximum; add "maximum": {{maxLimit}} (or lower) so one call cannot flood the agent\'s context.',
  limitTooHigh:
    'Tool "{{name}}" parameter "{{param}}" allows up to {{maximum}} results per call; cap it at {{maxLimit}} or less and let the agent paginate for more.',
  defaultOutOfRange:
    'Tool "{{name}}" parameter "{{param}}" defaults to {{default}}; use a default between 1 and {{maxLimit}} (20–50 is typical) so a call without it returns a small page.',
  unboundedArray:
    'Tool "{{name}}" parameter "{{param}}" is an array without "maxItems"; bound it so one call cannot carry an unbounded batch.',
};

export default defineRule({
  id: 'input-schema-bounded',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'high',
  checklist: ['typed-described-fields'],
  summary: 'Limit-like parameters have a maximum no higher than the page cap and a sensible default, and array parameters have maxItems.',
  references: [
    { title: 'Server-building guide — Pagination Best Practices: "Default to reasonable limits: 20-50 items is typical"' },
    { title: 'Server-building guide — Pagination & Character Limits: limit = Field(default=20, ge=1, le=100)' },
    { title: 'Server-building guide — Python guide, Tool Structure with FastMCP: tags … max_items=10' },
  ],
  messages,
  options: {
    schema: {
      type: 'object',
      properties: {
        maxLimit: { type: 'integer', minimum: 1, description: 'The largest page a limit-like parameter may allow (default 100).' },
      },
      additionalProperties: false,
    },
    defaults: { maxLimit: 100 } as Options,
  },
  requires: ['tools'],
  fix: {
    safety: 'unsafe',
    summary:
      'Caps a limit-like parameter at maxLimit: zod `.max(N)` right after `z.number()` when the code sets no max, `maximum: N` in a JSON Schema literal (or its maximum lowered); TypeScript and JavaScript only.',
    messages: ['unboundedLimit', 'limitTooHigh'],
    languages: ['javascript'],
  },
  *check({ index, options }): Generator<Report<keyof typeof messages>> {
    const maxLimit = options.maxLimit;
    for (const tool of index.tools) {
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      for (const [param, sub] of topLevelParams(schema)) {
        if (!isObject(sub)) continue;
        const types = typesOf(sub);

        if ((types.includes('integer') || types.includes('number')) && isLimitParam(tool.name, schema, param, sub)) {
          const maximum = effectiveMaximum(sub, !types.includes('number'));
          if (maximum === undefined) {
            yield {
              messageId: 'unboundedLimit',
              data: { name: tool.name, param, maxLimit },
              subject: paramSubject(tool.name, param),
              evidence: shortJson(sub),
            };
          } else if (maximum > maxLimit) {
            yield {
              messageId: 'limitTooHigh',
              data: { name: tool.name, param, maximum, maxLimit },
              subject: paramSubject(tool.name, param),
              evidence: `"maximum": ${maximum}`,
            };
          }
          if (typeof sub.default === 'number' && (sub.default < 1 || sub.default > maxLimit)) {
            yield {
              messageId: 'defaultOutOfRange',
              data: { name: tool.name, param, default: sub.default, maxLimit },
              subject: paramSubject(tool.name, param),
              evidence: `"default": ${sub.default}`,
            };
          }
        }

        if (types.includes('array') && !arrayBounded(sub)) {
          yield {
            messageId: 'unboundedArray',
            data: { name: tool.name, param },
            subject: paramSubject(tool.name, param),
            evidence: shortJson(sub),
          };
        }
      }
    }
  },
});

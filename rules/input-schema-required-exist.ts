import { isObject, type JsonObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { allDistinct } from '../src/shared/distinct.js';
import { escapePointer, judgeableObjectSchema, typesOf } from './lib/schema-rules.js';
import { linearRegExp } from '../src/shared/linear-regexp.js';
import { jsonText } from '../src/shared/json-text.js';

/** Keywords through which an object schema can define properties elsewhere; such objects are not judged. */
const INDIRECT = ['$ref', '$dynamicRef', 'allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'dependentSchemas', 'dependencies'];

const MAX_DEPTH = 6;

type Id = 'notDefined' | 'unsatisfiable';

const messages = {
  notDefined:
    'Tool "{{name}}" requires "{{param}}"{{where}}, but the schema does not define it under "properties"; define it (type and description) or remove it from "required", since the model cannot know what to send.',
  unsatisfiable:
    'Tool "{{name}}" requires "{{param}}"{{where}}, but the schema neither defines it nor allows undeclared properties, so no call can ever be valid; define it under "properties" or remove it from "required".',
};

export default defineRule({
  id: 'input-schema-required-exist',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['input-validation-models'],
  summary: 'Every name listed in a tool inputSchema\'s "required" (at the root and in nested objects) is defined under "properties".',
  references: [
    { title: 'Server-building guide — Tool Development Best Practices: "Use parameter validation with detailed JSON schemas"' },
    {
      title: 'JSON Schema 2020-12 Validation § 6.5.3 required',
      url: 'https://json-schema.org/draft/2020-12/json-schema-validation#section-6.5.3',
    },
  ],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      const reports: Report<Id>[] = [];
      judgeObject(tool.name, schema, '/inputSchema', '', 0, reports);
      yield* reports;
    }
  },
});

function definedByPattern(schema: JsonObject, name: string): boolean {
  if (!isObject(schema.patternProperties)) return false;
  return Object.keys(schema.patternProperties).some((pattern) => {
    try {
      // The server's pattern, on the linear-time engine: a backtracking one could be hung by it.
      return linearRegExp(pattern).test(name);
    } catch {
      return true; // a pattern that cannot run here (input-schema-valid says so): give the benefit of the doubt
    }
  });
}

// Plain recursion into an array, not nested generators: one generator per property is slow to start.
function judgeObject(name: string, schema: JsonObject, pointer: string, path: string, depth: number, out: Report<Id>[]): void {
  if (depth > MAX_DEPTH) return;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const where = path === '' ? '' : ` in "${path}"`;
  // A malformed `required` (not an array of unique strings) is invalid JSON Schema: input-schema-valid reports it.
  // `required` only applies to objects; on a schema typed otherwise it is inert.
  const types = typesOf(schema);
  const wellFormed = Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string') && allDistinct(schema.required);
  if (wellFormed && (types.length === 0 || types.includes('object')) && !INDIRECT.some((k) => k in schema)) {
    const closed = schema.additionalProperties === false || schema.unevaluatedProperties === false;
    for (const [i, required] of (schema.required as string[]).entries()) {
      if (Object.hasOwn(properties, required) || definedByPattern(schema, required)) continue;
      out.push({
        messageId: closed ? 'unsatisfiable' : 'notDefined',
        data: { name, param: required, where },
        subject: { kind: 'tool', name, pointer: `${pointer}/required/${i}` },
        evidence: `"required": ${(jsonText(schema.required) ?? '').slice(0, 160)}`,
      });
    }
  }
  for (const [prop, sub] of Object.entries(properties)) {
    if (!isObject(sub)) continue;
    // Most parameters are leaves: no `required` or `properties` of their own, no items.
    if (!Array.isArray(sub.required) && !isObject(sub.properties) && !isObject(sub.items)) continue;
    const p = `${pointer}/properties/${escapePointer(prop)}`;
    const label = path === '' ? prop : `${path}.${prop}`;
    judgeObject(name, sub, p, label, depth + 1, out);
    if (isObject(sub.items)) judgeObject(name, sub.items, `${p}/items`, `${label}[]`, depth + 1, out);
  }
}

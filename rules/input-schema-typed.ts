import { isObject, type JsonObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { escapePointer, judgeableObjectSchema, shortJson } from './lib/schema-rules.js';

/** Keywords that tell the model what kind of value to send. */
const TYPING = ['type', 'enum', 'const', '$ref', '$dynamicRef', 'anyOf', 'oneOf', 'allOf'];

/** How deep nested objects and arrays are followed. */
const MAX_DEPTH = 6;

type Id = 'untypedProperty' | 'untypedItems';

const isTyped = (schema: JsonObject): boolean => TYPING.some((k) => k in schema);

const messages = {
  untypedProperty:
    'Tool "{{name}}" parameter "{{param}}" declares no type; add "type" (or enum, const, $ref, anyOf/oneOf) so the model knows what value to send and invalid values are rejected.',
  untypedItems:
    'Tool "{{name}}" parameter "{{param}}" has array items that declare no type; give "items" a "type" (or enum, const, $ref, anyOf/oneOf) so the model knows what each element must be.',
};

export default defineRule({
  id: 'input-schema-typed',
  category: 'schema',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['typed-described-fields'],
  summary: 'Every parameter of a tool inputSchema, nested ones and array items included, declares its type.',
  references: [{ title: 'Server-building guide — Tool Development Best Practices: "Use parameter validation with detailed JSON schemas"' }],
  messages,
  requires: ['tools'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const schema = judgeableObjectSchema(tool.inputSchema);
      if (!schema) continue; // input-schema-valid's business
      const reports: Report<Id>[] = [];
      objectProperties(tool.name, schema, '/inputSchema', '', 0, reports);
      yield* reports;
    }
  },
});

// Plain recursion into an array, not nested generators: one generator per property is slow to start.
function objectProperties(name: string, schema: JsonObject, pointer: string, path: string, depth: number, out: Report<Id>[]): void {
  if (!isObject(schema.properties)) return;
  for (const [prop, sub] of Object.entries(schema.properties)) {
    const untyped = sub === true || (isObject(sub) && !isTyped(sub));
    // Most parameters are typed leaves: nothing to report, nothing below to follow.
    if (!untyped && !(isObject(sub) && hasNested(sub))) continue;
    const p = `${pointer}/properties/${escapePointer(prop)}`;
    const label = path === '' ? prop : `${path}.${prop}`;
    if (untyped) {
      out.push({
        messageId: 'untypedProperty',
        data: { name, param: label },
        subject: { kind: 'tool', name, pointer: p },
        evidence: shortJson(sub),
      });
    }
    if (isObject(sub)) nested(name, sub, p, label, depth + 1, out);
  }
}

/** Whether nested() has anything to follow in this schema. */
const hasNested = (schema: JsonObject): boolean =>
  isObject(schema.properties) || schema.items !== undefined || Array.isArray(schema.prefixItems);

/** Follow nested object properties and array items of one (sub)schema. */
function nested(name: string, schema: JsonObject, pointer: string, label: string, depth: number, out: Report<Id>[]): void {
  if (depth > MAX_DEPTH) return;
  objectProperties(name, schema, pointer, label, depth, out);
  const itemSchemas: [unknown, string][] = [];
  if (Array.isArray(schema.items)) schema.items.forEach((s, i) => itemSchemas.push([s, `${pointer}/items/${i}`]));
  else if (schema.items !== undefined) itemSchemas.push([schema.items, `${pointer}/items`]);
  if (Array.isArray(schema.prefixItems)) schema.prefixItems.forEach((s, i) => itemSchemas.push([s, `${pointer}/prefixItems/${i}`]));
  for (const [items, p] of itemSchemas) {
    if (isObject(items) && !isTyped(items)) {
      out.push({
        messageId: 'untypedItems',
        data: { name, param: label },
        subject: { kind: 'tool', name, pointer: p },
        evidence: shortJson(items),
      });
    }
    if (isObject(items)) nested(name, items, p, `${label}[]`, depth + 1, out);
  }
}

import { defineRule, type Report } from '../src/engine/rule.js';
import { isObject, type JsonObject } from '../src/engine/capture-index.js';

/** RFC 6901 escaping of one pointer segment. */
const segment = (name: string): string => (name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name);

const nonBlank = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;

/** Resolve a local `#/$defs/X` or `#/definitions/X` reference within the tool's input schema. */
function resolveLocal(root: JsonObject, ref: unknown): JsonObject | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

/**
 * A property is described when it has a description itself, or when it is only a reference
 * (`$ref`, or an `allOf`/`anyOf`/`oneOf` of one) to a definition that has one — the shape
 * Pydantic and zod-to-json-schema produce for nested models.
 */
function isDescribed(root: JsonObject, property: JsonObject): boolean {
  if (nonBlank(property.description)) return true;
  const target = resolveLocal(root, property.$ref);
  if (target && nonBlank(target.description)) return true;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = property[key];
    if (
      Array.isArray(list) &&
      list.some((s) => isObject(s) && (nonBlank(s.description) || nonBlank(resolveLocal(root, s.$ref)?.description)))
    )
      return true;
  }
  return false;
}

const messages = {
  missing:
    'Tool "{{name}}" has a parameter "{{parameter}}" without a description; say what it means, its format and an example value, so the model can fill it in correctly.',
};

export default defineRule({
  id: 'parameter-description-present',
  category: 'descriptions',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: ['typed-described-fields'],
  summary: 'Every tool parameter (and every field of an object parameter) has a description.',
  references: [
    { title: 'Server-building guide — Quality checklist: "All Pydantic Fields have explicit types and descriptions with constraints"' },
    { title: 'Server-building guide — Tool Documentation: "Explicit parameter types with examples"' },
  ],
  messages,
  requires: ['tools'],
  scoreScope: 'parameters',
  *check({ index }): Generator<Report<keyof typeof messages>> {
    for (const tool of index.tools) {
      const schema = tool.inputSchema;
      if (!isObject(schema) || !isObject(schema.properties)) continue;
      for (const [name, property] of Object.entries(schema.properties)) {
        // Boolean and malformed property schemas are the schema rules' business.
        if (!isObject(property)) continue;
        const described = isDescribed(schema, property);
        // Most parameters are described leaves: no pointer to build.
        if (described && !isObject(property.properties)) continue;
        const pointer = `/inputSchema/properties/${segment(name)}`;
        if (!described) {
          yield {
            messageId: 'missing',
            data: { name: tool.name, parameter: name },
            subject: { kind: 'tool', name: tool.name, pointer },
            key: name,
          };
        }
        // One level down: the fields of an object parameter.
        if (!isObject(property.properties)) continue;
        for (const [field, sub] of Object.entries(property.properties)) {
          if (!isObject(sub) || isDescribed(schema, sub)) continue;
          yield {
            messageId: 'missing',
            data: { name: tool.name, parameter: `${name}.${field}` },
            subject: { kind: 'tool', name: tool.name, pointer: `${pointer}/properties/${segment(field)}` },
            key: `${name}.${field}`,
          };
        }
      }
    }
  },
});

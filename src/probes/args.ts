/**
 * Arguments for probe calls, derived from a tool's inputSchema. Valid arguments come only from the
 * user's config or from what the schema itself offers (`default`, `examples`, `enum`, `const`);
 * invalid ones break the schema in one obvious way (a required property left out, a value of the
 * wrong type) and never carry payloads: no injection strings, no paths, no URLs.
 */
import { isObject, type JsonObject } from '../shared/json.js';
import { setOwn } from '../shared/json-walk.js';

/** A value the schema itself offers for a property, if any. */
export function schemaValue(schema: unknown): { found: true; value: unknown; from: string } | { found: false } {
  if (!isObject(schema)) return { found: false };
  if ('default' in schema) return { found: true, value: schema.default, from: 'default' };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0], from: 'examples' };
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return { found: true, value: schema.enum[0], from: 'enum' };
  if ('const' in schema) return { found: true, value: schema.const, from: 'const' };
  return { found: false };
}

export function requiredOf(schema: unknown): string[] {
  if (!isObject(schema) || !Array.isArray(schema.required)) return [];
  return schema.required.filter((r): r is string => typeof r === 'string');
}

export function propertiesOf(schema: unknown): JsonObject {
  return isObject(schema) && isObject(schema.properties) ? schema.properties : {};
}

export type ValidArgs = { ok: true; args: Record<string, unknown>; from: string } | { ok: false; missing: string[] };

/**
 * Arguments for a valid call: the user's `probes.args.<tool>` when given, else a value for every
 * required property from the schema. Optional properties are left to the server's defaults.
 */
export function validArguments(
  inputSchema: unknown,
  userArgs: Readonly<Record<string, unknown>> | undefined,
  userArgsOnly: boolean,
): ValidArgs {
  if (userArgs) return { ok: true, args: { ...userArgs }, from: 'probes.args' };
  if (userArgsOnly) return { ok: false, missing: requiredOf(inputSchema) };
  const properties = propertiesOf(inputSchema);
  const args: Record<string, unknown> = {};
  const missing: string[] = [];
  const sources = new Set<string>();
  for (const name of requiredOf(inputSchema)) {
    const value = schemaValue(properties[name]);
    if (value.found) {
      setOwn(args, name, value.value); // a property named __proto__ is sent too
      sources.add(value.from);
    } else missing.push(name);
  }
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, args, from: sources.size === 0 ? 'no required arguments' : `schema ${[...sources].sort().join('/')}` };
}

/** The single JSON Schema type a property declares (`["string","null"]` counts as string), if any. */
export function simpleType(schema: unknown): string | undefined {
  if (!isObject(schema)) return undefined;
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const real = t.filter((x) => x !== 'null');
    return real.length === 1 && typeof real[0] === 'string' ? real[0] : undefined;
  }
  return undefined;
}

/** A harmless value that is certainly not of this type. */
export function wrongValueFor(type: string): unknown {
  switch (type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not-an-array';
    case 'object':
      return 'not-an-object';
    default:
      return undefined;
  }
}

export type InvalidArgs =
  | { ok: true; args: Record<string, unknown>; purpose: 'missing-required'; property: string }
  | { ok: true; args: Record<string, unknown>; purpose: 'wrong-type'; property: string; expected: string; sent: string }
  | { ok: false; reason: string };

/**
 * One obviously invalid set of arguments: the first required property left out (the others filled
 * as for a valid call where possible), else the first typed property given a value of another type.
 */
export function invalidArguments(inputSchema: unknown, userArgs: Readonly<Record<string, unknown>> | undefined): InvalidArgs {
  const properties = propertiesOf(inputSchema);
  const required = requiredOf(inputSchema);
  if (required.length > 0) {
    const [left, ...others] = required as [string, ...string[]];
    const args: Record<string, unknown> = {};
    if (userArgs) {
      for (const [k, v] of Object.entries(userArgs)) if (k !== left) setOwn(args, k, v);
    } else {
      for (const name of others) {
        const value = schemaValue(properties[name]);
        if (value.found) setOwn(args, name, value.value);
      }
    }
    return { ok: true, args, purpose: 'missing-required', property: left };
  }
  for (const [name, schema] of Object.entries(properties)) {
    const type = simpleType(schema);
    if (type === undefined) continue;
    const wrong = wrongValueFor(type);
    if (wrong === undefined) continue;
    const args: Record<string, unknown> = {};
    if (userArgs) for (const [k, v] of Object.entries(userArgs)) if (k !== name) setOwn(args, k, v);
    setOwn(args, name, wrong);
    return { ok: true, args, purpose: 'wrong-type', property: name, expected: type, sent: typeof wrong };
  }
  return { ok: false, reason: 'its inputSchema has no required property and no typed property, so no argument can be obviously invalid' };
}

/**
 * Whether a value conforms to a plain schema, without compiling it. Most output schemas are made of
 * a few keywords (type, properties, required, items, enum, bounds), and most results conform: for
 * those, loading ajv and compiling the schema (tens of milliseconds, most of the rule time on a
 * small server) only to hear "valid" is waste. This judges exactly the keywords it knows, as ajv
 * does with mcplint's options (json-schema.ts USER_AJV_OPTIONS), and answers "unknown" for a
 * schema holding any other keyword — a format, a pattern, a reference, a vendor keyword — which
 * the compiler then judges. Callers trust only "valid"; the compiler explains anything else.
 */
import { SCHEMA_DEPTH_LIMIT } from '../shared/json-depth.js';

export type Conformance = 'valid' | 'invalid' | 'unknown';

/** Keywords that only annotate: no effect on validity. */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'definitions',
  '$defs',
]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural equality of JSON values, as enum and const compare them. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], other[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key) || !jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function hasType(value: unknown, type: unknown): boolean | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return undefined;
  }
}

/** String length in code points, as JSON Schema (and ajv) count it. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    count++;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/**
 * A name the compiler's generated code may find on any object's prototype (`data.constructor !== undefined`):
 * whether such a property is "present" is the compiler's answer, not this one's.
 */
const inherited = (name: string): boolean => name in Object.prototype;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isBound = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Combine parts: any invalid part makes it invalid, else any unknown part makes it unknown. */
const all = (parts: readonly Conformance[]): Conformance =>
  parts.includes('invalid') ? 'invalid' : parts.includes('unknown') ? 'unknown' : 'valid';

/** How `value` conforms to `schema` (a schema valid against its meta-schema). */
export function plainConformance(schema: unknown, value: unknown, depth = 0): Conformance {
  if (schema === true) return 'valid';
  if (schema === false) return 'invalid';
  if (!isRecord(schema) || depth > SCHEMA_DEPTH_LIMIT) return 'unknown';
  const results: Conformance[] = [];
  // Assertions first: they decide a keyword's meaning (an unknown keyword makes the whole schema unknown).
  for (const key of Object.keys(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    const rule = schema[key];
    const result = keyword(key, rule, schema, value, depth);
    if (result === 'unknown') return 'unknown';
    results.push(result);
  }
  return all(results);
}

function keyword(key: string, rule: unknown, schema: Record<string, unknown>, value: unknown, depth: number): Conformance {
  const verdict = (ok: boolean): Conformance => (ok ? 'valid' : 'invalid');
  switch (key) {
    case 'type': {
      const types = Array.isArray(rule) ? rule : [rule];
      let any = false;
      for (const type of types) {
        const has = hasType(value, type);
        if (has === undefined) return 'unknown';
        any ||= has;
      }
      return verdict(any);
    }
    case 'enum':
      return Array.isArray(rule) ? verdict(rule.some((option) => jsonEqual(option, value))) : 'unknown';
    case 'const':
      return verdict(jsonEqual(rule, value));
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      if (!isBound(rule)) return 'unknown'; // draft-04's boolean exclusive bounds
      if (typeof value !== 'number') return 'valid';
      if (key === 'minimum') return verdict(value >= rule);
      if (key === 'maximum') return verdict(value <= rule);
      if (key === 'exclusiveMinimum') return verdict(value > rule);
      return verdict(value < rule);
    }
    case 'minLength':
    case 'maxLength':
      if (!isCount(rule)) return 'unknown';
      if (typeof value !== 'string') return 'valid';
      return verdict(key === 'minLength' ? codePoints(value) >= rule : codePoints(value) <= rule);
    case 'minItems':
    case 'maxItems':
      if (!isCount(rule)) return 'unknown';
      if (!Array.isArray(value)) return 'valid';
      return verdict(key === 'minItems' ? value.length >= rule : value.length <= rule);
    case 'minProperties':
    case 'maxProperties':
      if (!isCount(rule)) return 'unknown';
      if (!isRecord(value)) return 'valid';
      return verdict(key === 'minProperties' ? Object.keys(value).length >= rule : Object.keys(value).length <= rule);
    case 'required':
      if (!Array.isArray(rule) || !rule.every((name) => typeof name === 'string' && !inherited(name))) return 'unknown';
      if (!isRecord(value)) return 'valid';
      return verdict(rule.every((name: string) => Object.hasOwn(value, name)));
    case 'properties': {
      if (!isRecord(rule) || Object.keys(rule).some(inherited)) return 'unknown';
      if (!isRecord(value)) return 'valid';
      const parts: Conformance[] = [];
      for (const name of Object.keys(rule)) {
        if (Object.hasOwn(value, name)) parts.push(plainConformance(rule[name], value[name], depth + 1));
      }
      return all(parts);
    }
    case 'additionalProperties': {
      // Beside patternProperties, which properties are "additional" takes patterns: the compiler's case.
      if ('patternProperties' in schema) return 'unknown';
      if (!isRecord(value)) return 'valid';
      const declared = isRecord(schema.properties) ? schema.properties : {};
      const parts: Conformance[] = [];
      for (const name of Object.keys(value)) {
        if (inherited(name)) return 'unknown';
        if (!Object.hasOwn(declared, name)) parts.push(plainConformance(rule, value[name], depth + 1));
      }
      return all(parts);
    }
    case 'items': {
      if (Array.isArray(rule)) return 'unknown'; // the tuple form: additionalItems' business too
      if (!Array.isArray(value)) return 'valid';
      return all(value.map((item) => plainConformance(rule, item, depth + 1)));
    }
    case 'allOf':
    case 'anyOf':
    case 'oneOf': {
      if (!Array.isArray(rule) || rule.length === 0) return 'unknown';
      const parts = rule.map((branch) => plainConformance(branch, value, depth + 1));
      if (parts.includes('unknown')) return 'unknown';
      const valid = parts.filter((p) => p === 'valid').length;
      if (key === 'allOf') return verdict(valid === parts.length);
      if (key === 'anyOf') return verdict(valid > 0);
      return verdict(valid === 1);
    }
    case 'not': {
      const inner = plainConformance(rule, value, depth + 1);
      return inner === 'unknown' ? 'unknown' : verdict(inner === 'invalid');
    }
    default:
      return 'unknown';
  }
}

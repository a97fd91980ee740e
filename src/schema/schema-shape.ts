/**
 * A fast proof that a schema is valid against its dialect's meta-schema, for schemas made of the
 * common keywords (type, properties, required, descriptions, bounds, enum, combinators…). The
 * precompiled meta-schema validator costs tens of microseconds per schema (more while V8 is cold),
 * checking the keywords' shapes a few: with a thousand tools that was most of input-schema-valid.
 *
 * It mirrors the precompiled validators in schemas/mcp/compiled/ (which check no formats) and only
 * ever answers "valid" when they would: false means "not proven", and the validator decides (and
 * explains). Every keyword a supported dialect constrains is either checked here, as strictly as
 * the strictest dialect does, or listed in UNPROVEN_KEYWORDS; keywords no meta-schema knows are
 * unconstrained. test/schema-shape.test.ts holds both claims to the meta-schemas themselves.
 */
import { isObject } from '../shared/json.js';
import { allDistinct } from '../shared/distinct.js';

const SIMPLE_TYPES: ReadonlySet<string> = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** Deeper schemas are left to the validator. */
const MAX_DEPTH = 64;

type ShapeCheck = (value: unknown, strictEnum: boolean, depth: number) => boolean;

const isString: ShapeCheck = (value) => typeof value === 'string';
const isBoolean: ShapeCheck = (value) => typeof value === 'boolean';
const isArray: ShapeCheck = (value) => Array.isArray(value);
const anything: ShapeCheck = () => true;
// Finite only: stricter than the validator, which is allowed.
const isNumber: ShapeCheck = (value) => typeof value === 'number' && Number.isFinite(value);
const nonNegativeInteger: ShapeCheck = (value) => Number.isInteger(value) && (value as number) >= 0;
const positiveNumber: ShapeCheck = (value) => isNumber(value, false, 0) && (value as number) > 0;

function uniqueStrings(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return allDistinct(value);
}

function typeKeyword(value: unknown): boolean {
  if (typeof value === 'string') return SIMPLE_TYPES.has(value);
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (typeof item !== 'string' || !SIMPLE_TYPES.has(item)) return false;
  return allDistinct(value);
}

/** draft-07 wants a non-empty enum of distinct values; distinctness is only judged here for scalars. */
function enumKeyword(value: unknown, strictEnum: boolean): boolean {
  if (!Array.isArray(value)) return false;
  if (!strictEnum) return true;
  if (value.length === 0) return false;
  for (const item of value) if (typeof item === 'object' && item !== null) return false;
  return allDistinct(value);
}

const subschema: ShapeCheck = (value, strictEnum, depth) => provenSchema(value, strictEnum, depth + 1);

function schemaMap(value: unknown, strictEnum: boolean, depth: number): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++)
    if (!provenSchema((value as Record<string, unknown>)[keys[i]!], strictEnum, depth + 1)) return false;
  return true;
}

function schemaArray(value: unknown, strictEnum: boolean, depth: number): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const item of value) if (!provenSchema(item, strictEnum, depth + 1)) return false;
  return true;
}

/** `items` as one schema (valid in every dialect; the draft-07/2019-09 array form is left to the validator). */
const singleSchema: ShapeCheck = (value, strictEnum, depth) =>
  typeof value === 'boolean' || (isObject(value) && subschema(value, strictEnum, depth));

/** Keywords whose values are checked here, each as strictly as the strictest supported dialect. */
export const PROVEN_KEYWORDS: ReadonlyMap<string, ShapeCheck> = new Map<string, ShapeCheck>([
  ['$schema', isString],
  ['$comment', isString],
  // Where a reference lands is judged apart (local-references.ts); the meta-schemas ask only for a string (format uri-reference, not checked by the precompiled validators).
  ['$ref', isString],
  ['title', isString],
  ['description', isString],
  ['format', isString],
  ['pattern', isString],
  ['contentMediaType', isString],
  ['contentEncoding', isString],
  ['default', anything],
  ['const', anything],
  ['examples', isArray],
  ['readOnly', isBoolean],
  ['writeOnly', isBoolean],
  ['deprecated', isBoolean],
  ['uniqueItems', isBoolean],
  ['type', typeKeyword],
  ['enum', enumKeyword],
  ['required', uniqueStrings],
  ['multipleOf', positiveNumber],
  ['maximum', isNumber],
  ['exclusiveMaximum', isNumber],
  ['minimum', isNumber],
  ['exclusiveMinimum', isNumber],
  ['maxLength', nonNegativeInteger],
  ['minLength', nonNegativeInteger],
  ['maxItems', nonNegativeInteger],
  ['minItems', nonNegativeInteger],
  ['maxProperties', nonNegativeInteger],
  ['minProperties', nonNegativeInteger],
  ['maxContains', nonNegativeInteger],
  ['minContains', nonNegativeInteger],
  ['properties', schemaMap],
  ['patternProperties', schemaMap],
  ['definitions', schemaMap],
  ['$defs', schemaMap],
  ['dependentSchemas', schemaMap],
  ['items', singleSchema],
  ['additionalItems', subschema],
  ['additionalProperties', subschema],
  ['unevaluatedItems', subschema],
  ['unevaluatedProperties', subschema],
  ['contains', subschema],
  ['propertyNames', subschema],
  ['if', subschema],
  ['then', subschema],
  ['else', subschema],
  ['not', subschema],
  ['contentSchema', subschema],
  ['allOf', schemaArray],
  ['anyOf', schemaArray],
  ['oneOf', schemaArray],
  ['prefixItems', schemaArray],
]);

/** Keywords a meta-schema constrains that are not checked here: a schema using one is left to the validator. */
export const UNPROVEN_KEYWORDS: ReadonlySet<string> = new Set([
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
  'dependencies',
  'dependentRequired',
]);

function provenSchema(value: unknown, strictEnum: boolean, depth: number): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth > MAX_DEPTH) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const check = PROVEN_KEYWORDS.get(key);
    if (check) {
      if (!check((value as Record<string, unknown>)[key], strictEnum, depth)) return false;
    } else if (UNPROVEN_KEYWORDS.has(key)) {
      return false;
    }
  }
  return true;
}

/**
 * True when `schema` is certainly valid against the meta-schema of `dialect` (as the precompiled
 * validator judges it); false when that is not proven here.
 */
export function provablyValidSchema(schema: unknown, dialect: 'draft-07' | '2019-09' | '2020-12'): boolean {
  return provenSchema(schema, dialect === 'draft-07', 0);
}

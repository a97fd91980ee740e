/**
 * Whether a schema's references resolve, without compiling it. Most referencing schemas are the
 * shape zod 4 and Pydantic emit: `$ref`s of the form `#/$defs/Name` (or `#`) into the same
 * document. Such a schema is valid when it is valid against its meta-schema and every reference
 * lands on a subschema — the meta-schema has then already judged the subschema it lands on.
 * Compiling (ajv, tens of milliseconds for a 20 KB schema) was the whole cost of judging them.
 *
 * Anything this cannot settle — a reference to another document or an anchor, a nested `$id` or
 * anchor (which change what a reference means, and must be distinct), `$dynamicRef`/`$recursiveRef`, a pointer through a
 * keyword that does not hold subschemas — is left to the compiler: `undefined`.
 */
import type { SchemaProblem } from './schema-problem.js';

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
  'contentSchema',
]);
/** Keywords whose value maps names to subschemas; the applicators among them are walked from the root. */
const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
]);
const APPLICATOR_MAP_KEYWORDS: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'dependentSchemas', 'dependencies']);
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** Dynamic references resolve at validation time: only the compiler judges them. */
const UNSETTLED_KEYWORDS: ReadonlySet<string> = new Set(['$dynamicRef', '$recursiveRef']);

const isSchema = (value: unknown): boolean =>
  typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));

type Landing = { readonly subschema: unknown } | 'nothing' | 'unsettled';

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * Where a JSON pointer (split and unescaped) lands, walking only through positions that hold
 * subschemas: on one, on nothing, or somewhere only the compiler can judge (a vendor keyword, a
 * value that is not a schema, `$defs` where the meta-schema does not judge it).
 */
function landing(root: unknown, segments: readonly string[], defsJudged: boolean): Landing {
  let node: unknown = root;
  for (let i = 0; i < segments.length; i++) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return 'unsettled';
    const keyword = segments[i]!;
    if (!Object.hasOwn(node, keyword)) return 'nothing';
    const value = (node as Record<string, unknown>)[keyword];
    if (SCHEMA_KEYWORDS.has(keyword) || (keyword === 'items' && !Array.isArray(value))) {
      node = value;
    } else if (SCHEMA_ARRAY_KEYWORDS.has(keyword) || keyword === 'items') {
      const index = segments[++i];
      if (!Array.isArray(value) || index === undefined || !INDEX.test(index)) return 'unsettled';
      if (Number(index) >= value.length) return 'nothing';
      node = value[Number(index)];
    } else if (SCHEMA_MAP_KEYWORDS.has(keyword) && (defsJudged || keyword !== '$defs')) {
      const name = segments[++i];
      if (name === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return 'unsettled';
      if (!Object.hasOwn(value, name)) return 'nothing';
      node = (value as Record<string, unknown>)[name];
    } else {
      return 'unsettled';
    }
  }
  return isSchema(node) ? { subschema: node } : 'unsettled';
}

const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);
const RESOURCE_KEYWORDS: ReadonlySet<string> = new Set(['$id', '$anchor', '$dynamicAnchor']);

/**
 * Whether anything below the root names a resource or an anchor (`$id`, `$anchor`,
 * `$dynamicAnchor`), definitions nothing refers to included: a compiler registers them all, and
 * two alike fail it.
 */
function namesResources(root: unknown): boolean {
  const walk = (node: unknown, top: boolean): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (walk(node[i], false)) return true;
      return false;
    }
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (RESOURCE_KEYWORDS.has(key) && !(top && key === '$id')) return true;
      if (!DATA_KEYWORDS.has(key) && walk((node as Record<string, unknown>)[key], false)) return true;
    }
    return false;
  };
  return walk(root, true);
}

/** `#/a/b~1c` → ['a', 'b/c']; undefined when it is not a JSON pointer fragment. */
function pointerSegments(reference: string): string[] | undefined {
  if (reference === '#') return [];
  if (!reference.startsWith('#/')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(reference.slice(2));
  } catch {
    return undefined;
  }
  return fragment.split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const toPointer = (segments: readonly string[]): string => segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * The references of `schema` that resolve to nothing (each at the pointer of its `$ref`), or
 * `undefined` when some reference needs the compiler to judge. Like a compiler, it follows the
 * schema from its root through applicators and references: a definition nothing refers to is not
 * judged, and a property merely named "$ref" is not a reference. Call on schemas no deeper than
 * the depth limit. `defsJudged`: whether the meta-schema that judged the schema judges `$defs`
 * entries (draft-07's does not know the keyword).
 */
export function localReferenceProblems(schema: Record<string, unknown>, defsJudged: boolean): SchemaProblem[] | undefined {
  if (namesResources(schema)) return undefined;
  const problems: SchemaProblem[] = [];
  const followed = new Set<string>();
  let unsettled = false;
  const walk = (node: unknown, path: string[]): void => {
    if (unsettled || typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let i = 0; i < keys.length && !unsettled; i++) {
      const key = keys[i]!;
      const value = record[key];
      if (UNSETTLED_KEYWORDS.has(key)) {
        unsettled = true;
      } else if (key === '$ref' && typeof value === 'string') {
        const segments = pointerSegments(value);
        const landed = segments === undefined ? 'unsettled' : landing(schema, segments, defsJudged);
        if (landed === 'unsettled') unsettled = true;
        else if (landed === 'nothing')
          problems.push({ pointer: toPointer([...path, '$ref']), message: `can't resolve reference ${value}` });
        else if (!followed.has(value)) {
          followed.add(value);
          walk(landed.subschema, segments!);
        }
      } else if (SCHEMA_KEYWORDS.has(key) || (key === 'items' && !Array.isArray(value))) {
        walk(value, [...path, key]);
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) || key === 'items') {
        if (Array.isArray(value)) for (let n = 0; n < value.length; n++) walk(value[n], [...path, key, String(n)]);
      } else if (APPLICATOR_MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        for (const name of Object.keys(value)) walk((value as Record<string, unknown>)[name], [...path, key, name]);
      }
      // Definitions are reached through references only; other keywords hold data (enum, const,
      // default, examples) or vendor extensions, which no compiler reads as schemas.
    }
  };
  walk(schema, []);
  return unsettled ? undefined : problems;
}

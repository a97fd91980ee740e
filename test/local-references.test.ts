/**
 * Schemas whose references point into themselves are judged without compiling them
 * (src/schema/local-references.ts). The verdict must be the compiler's: each case is also compiled
 * with ajv, and wherever the fast path answers, it answers as ajv does.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvType } from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkUserSchema } from '../src/schema/json-schema.js';
import { localReferenceProblems } from '../src/schema/local-references.js';

const require = createRequire(import.meta.url);
type AjvClass = new (options: Record<string, unknown>) => AjvType;
const load = (module: string): AjvClass => {
  const mod = require(module) as { default?: AjvClass } & AjvClass;
  return mod.default ?? mod;
};
const compilers = { 'draft-07': load('ajv'), '2020-12': load('ajv/dist/2020') } as const;

/** Does ajv compile it (the verdict the fast path must agree with)? */
function compiles(schema: object, dialect: keyof typeof compilers): boolean {
  const ajv = new compilers[dialect]({ strict: false, allErrors: true, logger: false, validateFormats: false });
  try {
    ajv.compile(schema);
    return true;
  } catch {
    return false;
  }
}

const zodLike = {
  type: 'object',
  properties: {
    home: { $ref: '#/$defs/address' },
    others: { type: 'array', items: { $ref: '#/$defs/address' } },
    tree: { $ref: '#/$defs/node' },
    variant: { anyOf: [{ $ref: '#/$defs/address' }, { type: 'null' }] },
  },
  additionalProperties: false,
  $defs: {
    address: { type: 'object', properties: { street: { type: 'string' } }, required: ['street'] },
    node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
  },
};

const settledCases: [string, object][] = [
  ['zod 4 style $defs', zodLike],
  ['the whole document', { type: 'object', properties: { self: { $ref: '#' } } }],
  [
    'definitions (draft-07 style)',
    { type: 'object', properties: { a: { $ref: '#/definitions/a' } }, definitions: { a: { type: 'string' } } },
  ],
  ['a pointer into properties', { type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/properties/a' } } }],
  ['an escaped pointer', { type: 'object', properties: { 'a/b': { type: 'string' }, c: { $ref: '#/properties/a~1b' } } }],
  ['a percent-encoded pointer', { type: 'object', properties: { 'a b': { type: 'string' }, c: { $ref: '#/properties/a%20b' } } }],
  ['into anyOf by index', { anyOf: [{ type: 'string' }, { type: 'number' }], not: { $ref: '#/anyOf/1' } }],
  ['a missing definition', { type: 'object', properties: { a: { $ref: '#/$defs/missing' } }, $defs: {} }],
  ['a missing index', { anyOf: [{ type: 'string' }], not: { $ref: '#/anyOf/3' } }],
  [
    'a missing definition reached through another',
    { properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { items: { $ref: '#/$defs/gone' } } } },
  ],
];

const unsettledCases: [string, object][] = [
  ['another document', { properties: { a: { $ref: 'other.json#/a' } } }],
  ['an anchor', { properties: { a: { $ref: '#here' } }, $defs: { h: { $anchor: 'here', type: 'string' } } }],
  ['a nested $id', { properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { $id: 'https://example.com/a', type: 'string' } } }],
  ['a vendor keyword', { properties: { a: { $ref: '#/x-models/a' } }, 'x-models': { a: { type: 'string' } } }],
  ['a value that is not a schema', { properties: { a: { $ref: '#/required' } }, required: ['a'] }],
  ['a dynamic reference', { $dynamicRef: '#meta', $defs: {} }],
];

describe('local references', () => {
  it.each(settledCases)('settles %s as ajv compiles it', (_name, schema) => {
    const problems = localReferenceProblems(schema as Record<string, unknown>, true);
    expect(problems).toBeDefined();
    expect(problems!.length === 0).toBe(compiles(schema, '2020-12'));
  });

  it.each(unsettledCases)('leaves %s to the compiler', (_name, schema) => {
    expect(localReferenceProblems(schema as Record<string, unknown>, true)).toBeUndefined();
  });

  it('points at the $ref that resolves to nothing', () => {
    const problems = localReferenceProblems({ properties: { 'a/b': { $ref: '#/$defs/x' } }, $defs: {} }, true);
    expect(problems).toEqual([{ pointer: '/properties/a~1b/$ref', message: "can't resolve reference #/$defs/x" }]);
  });

  it('judges only what the root reaches, like a compiler: an unused definition is not followed', () => {
    const schema = { type: 'object', $defs: { unused: { $ref: '#/$defs/gone' } } };
    expect(localReferenceProblems(schema, true)).toEqual([]);
    expect(compiles(schema, '2020-12')).toBe(true);
  });

  it('treats a property named $ref as a property, not a reference', () => {
    expect(localReferenceProblems({ type: 'object', properties: { $ref: { type: 'string' } } }, true)).toEqual([]);
  });

  it('leaves $defs to the compiler where the meta-schema did not judge it (draft-07)', () => {
    expect(localReferenceProblems(zodLike, false)).toBeUndefined();
    expect(localReferenceProblems({ properties: { a: { $ref: '#/definitions/a' } }, definitions: { a: {} } }, false)).toEqual([]);
  });

  it('an invalid definition behind a reference is still found (the meta-schema judges $defs)', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'strng' } } };
    expect(checkUserSchema(schema, '2020-12')).toMatchObject({ ok: false });
    expect(checkUserSchema({ ...schema, $schema: 'http://json-schema.org/draft-07/schema#' }, '2020-12')).toMatchObject({ ok: false });
  });

  it('gives the verdicts ajv gives on every schema of the bench’s realistic tools', async () => {
    const { realisticTools } = (await import(new URL('../fixtures/bench/realistic-tools.mjs', import.meta.url).href)) as {
      realisticTools: (count: number) => { inputSchema: Record<string, unknown> }[];
    };
    const tools = realisticTools(188);
    const withReferences = tools.filter((t) => JSON.stringify(t.inputSchema).includes('"$ref"'));
    expect(withReferences.length).toBeGreaterThanOrEqual(10);
    for (const { inputSchema } of withReferences) {
      const dialect = inputSchema.$schema === 'http://json-schema.org/draft-07/schema#' ? 'draft-07' : '2020-12';
      const { $schema: _declared, ...body } = inputSchema;
      expect(checkUserSchema(inputSchema, '2020-12').ok).toBe(compiles(body, dialect));
      // A broken copy: one reference renamed to a definition that does not exist.
      const broken = JSON.parse(JSON.stringify(inputSchema).replace('"$ref":"#/', '"$ref":"#/nowhere/')) as Record<string, unknown>;
      expect(checkUserSchema(broken, '2020-12').ok).toBe(false);
    }
  });
});

/**
 * Values judged against plain schemas without compiling them (src/schema/plain-conformance.ts):
 * wherever it answers "valid" or "invalid", ajv (with mcplint's options) must answer the same.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvType } from 'ajv';
import { describe, expect, it } from 'vitest';
import { USER_AJV_OPTIONS, validateAgainstUserSchema } from '../src/schema/json-schema.js';
import { plainConformance } from '../src/schema/plain-conformance.js';
import { seededRandom } from './helpers/seeded-text.js';

const require = createRequire(import.meta.url);
const Ajv = ((m) => m.default ?? m)(require('ajv/dist/2020') as { default?: new (o: object) => AjvType } & (new (o: object) => AjvType));
const ajv = new Ajv({ ...USER_AJV_OPTIONS, validateFormats: false });
const ajvSays = (schema: object | boolean, value: unknown): 'valid' | 'invalid' => (ajv.validate(schema, value) ? 'valid' : 'invalid');

const object = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 2, maxLength: 5 },
    count: { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
    tags: { type: 'array', items: { enum: ['a', 'b', { c: 1 }] }, maxItems: 2 },
    kind: { const: 'book' },
    either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    one: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
    none: { not: { type: 'boolean' } },
  },
  required: ['id'],
  additionalProperties: false,
};

const cases: [string, object | boolean, unknown][] = [
  ['a conforming object', object, { id: 'abc', count: 3, tags: ['a', { c: 1 }], kind: 'book', either: null, none: 1 }],
  ['a missing required property', object, { count: 3 }],
  ['an extra property', object, { id: 'abc', extra: 1 }],
  ['a string too long in code points', object, { id: '😀😀😀😀😀😀' }],
  ['a string of astral characters within bounds', object, { id: '😀😀😀' }],
  ['a number at an exclusive bound', object, { id: 'ab', count: 10 }],
  ['a float for an integer', object, { id: 'ab', count: 1.5 }],
  ['an enum object by structure', object, { id: 'ab', tags: [{ c: 1 }] }],
  ['too many items', object, { id: 'ab', tags: ['a', 'b', 'a'] }],
  ['a wrong const', object, { id: 'ab', kind: 'film' }],
  ['oneOf matching both branches', object, { id: 'ab', one: 3 }],
  ['oneOf matching one branch', object, { id: 'ab', one: 3.5 }],
  ['not', object, { id: 'ab', none: true }],
  ['a type array', { type: ['string', 'null'] }, null],
  ['the false schema', false, 1],
  ['allOf', { allOf: [{ minProperties: 1 }, { maxProperties: 1 }] }, { a: 1 }],
];

describe('plain conformance', () => {
  it.each(cases)('%s: as ajv judges it', (_name, schema, value) => {
    const plain = plainConformance(schema, value);
    expect(plain).not.toBe('unknown');
    expect(plain).toBe(ajvSays(schema, value));
  });

  it.each([
    ['a format', { type: 'string', format: 'email' }],
    ['a pattern', { type: 'string', pattern: '^a' }],
    ['a reference', { $ref: '#/$defs/a', $defs: { a: {} } }],
    ['a vendor keyword', { type: 'string', 'x-order': 1 }],
    ['nullable', { type: 'string', nullable: true }],
    ['an inherited property name', { required: ['constructor'] }],
    ['patternProperties beside additionalProperties', { patternProperties: { '^x': {} }, additionalProperties: false }],
    ['the tuple form of items', { items: [{ type: 'string' }] }],
  ])('leaves %s to the compiler', (_name, schema) => {
    expect(plainConformance(schema, 'a')).toBe('unknown');
  });

  it('never contradicts ajv (randomised schemas and values)', () => {
    const random = seededRandom(20261202);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const values: unknown[] = [null, true, 0, 1, 2.5, -3, '', 'ab', 'abcdef', '😀', [], [1], ['a', 'b'], {}, { a: 1 }, { a: 'x', b: null }];
    const leaf = (): object | boolean =>
      pick<() => object | boolean>([
        () => ({ type: pick(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']) }),
        () => ({ type: [pick(['string', 'number']), pick(['null', 'array'])] }),
        () => ({ enum: [pick(values), pick(values)] }),
        () => ({ const: pick(values) }),
        () => ({ [pick(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'])]: pick([0, 1, 2]) }),
        () => ({ [pick(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'])]: pick([0, 1, 2]) }),
        () => ({ required: [pick(['a', 'b'])] }),
        () => pick([true, false]),
      ])();
    const schemaOf = (depth: number): object | boolean => {
      if (depth > 2) return leaf();
      return pick<() => object | boolean>([
        leaf,
        () => ({ ...(leaf() as object), ...(leaf() as object) }),
        () => ({
          properties: { a: schemaOf(depth + 1), b: schemaOf(depth + 1) },
          additionalProperties: pick([true, false, schemaOf(depth + 1)]),
        }),
        () => ({ items: schemaOf(depth + 1) }),
        () => ({ [pick(['allOf', 'anyOf', 'oneOf'])]: [schemaOf(depth + 1), schemaOf(depth + 1)] }),
        () => ({ not: schemaOf(depth + 1) }),
      ])();
    };
    let judged = 0;
    for (let i = 0; i < 1200; i++) {
      const schema = schemaOf(0);
      const value = pick(values);
      const plain = plainConformance(schema, value);
      if (plain === 'unknown') continue;
      judged++;
      expect(plain, JSON.stringify({ schema, value })).toBe(ajvSays(schema, value));
    }
    expect(judged).toBeGreaterThan(1000);
  });

  it('validateAgainstUserSchema still explains a value that does not conform (through the compiler)', () => {
    const verdict = validateAgainstUserSchema(object, '2020-12', { count: 3 });
    expect(verdict).toMatchObject({ ok: false, problems: [{ pointer: '', message: "must have required property 'id'" }] });
    expect(validateAgainstUserSchema(object, '2020-12', { id: 'abc' })).toEqual({ ok: true, dialect: '2020-12' });
  });
});

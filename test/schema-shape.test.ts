/**
 * The fast proof of schema validity (src/schema/schema-shape.ts) never calls a schema valid that
 * the precompiled meta-schema validator rejects, and knows every keyword the meta-schemas constrain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { COMPILED_DIR } from '../src/schema/schema-codegen.js';
import { PROVEN_KEYWORDS, provablyValidSchema, UNPROVEN_KEYWORDS } from '../src/schema/schema-shape.js';

const require = createRequire(import.meta.url);
const DIALECTS = ['draft-07', '2019-09', '2020-12'] as const;
type Validate = (value: unknown) => boolean;
const metaValidator = (dialect: string): Validate => (require(join(COMPILED_DIR, `meta-${dialect}.cjs`)) as { meta: Validate }).meta;

/** Every meta-schema document ajv ships for the supported dialects. */
function metaDocuments(): unknown[] {
  const refs = join(dirname(require.resolve('ajv/package.json')), 'dist', 'refs');
  const docs: unknown[] = [JSON.parse(readFileSync(join(refs, 'json-schema-draft-07.json'), 'utf8'))];
  for (const dir of ['json-schema-2019-09', 'json-schema-2020-12']) {
    docs.push(JSON.parse(readFileSync(join(refs, dir, 'schema.json'), 'utf8')));
    for (const file of readdirSync(join(refs, dir, 'meta'))) docs.push(JSON.parse(readFileSync(join(refs, dir, 'meta', file), 'utf8')));
  }
  return docs;
}

/** A small deterministic PRNG, so a failure reproduces. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('provablyValidSchema', () => {
  it('knows every keyword a supported meta-schema constrains', () => {
    const constrained = new Set<string>();
    for (const doc of metaDocuments())
      for (const key of Object.keys((doc as { properties?: object }).properties ?? {})) constrained.add(key);
    const unknown = [...constrained].filter((k) => !PROVEN_KEYWORDS.has(k) && !UNPROVEN_KEYWORDS.has(k));
    expect(unknown).toEqual([]);
  });

  it('proves the clean tools valid in every dialect', () => {
    for (const dialect of DIALECTS) for (const tool of cleanTools()) expect(provablyValidSchema(tool.inputSchema, dialect)).toBe(true);
  });

  it.each([
    [{ type: 'strng' }],
    [{ type: [] }],
    [{ type: ['string', 'string'] }],
    [{ properties: { a: { minimum: 'x' } } }],
    [{ required: ['a', 'a'] }],
    [{ required: 'a' }],
    [{ minLength: -1 }],
    [{ maxItems: 1.5 }],
    [{ multipleOf: 0 }],
    [{ anyOf: [] }],
    [{ items: [{ type: 'string' }] }],
    [{ $ref: 5 }],
    [{ properties: { a: { $id: 'x#y' } } }],
    [{ enum: [] }],
  ])('leaves %j to the validator', (schema) => {
    expect(provablyValidSchema(schema, 'draft-07')).toBe(false);
  });

  it('never calls a schema valid that the precompiled validator rejects (randomised)', () => {
    const random = prng(20240611);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const keywords = [...PROVEN_KEYWORDS.keys(), ...UNPROVEN_KEYWORDS, 'x-vendor', 'nullable', 'id', '__proto__', 'toString'];
    const scalars: unknown[] = [
      'string',
      'object',
      'strng',
      '',
      'x#y',
      '#',
      'https://json-schema.org/draft/2020-12/schema',
      0,
      -1,
      1,
      1.5,
      100,
      true,
      false,
      null,
    ];
    const value = (depth: number): unknown => {
      const r = random();
      if (r < 0.45 || depth > 3) return pick(scalars);
      if (r < 0.6)
        return Array.from({ length: Math.floor(random() * 3) }, () =>
          random() < 0.5 ? pick(['string', 'integer', 'a', 'b']) : value(depth + 1),
        );
      if (r < 0.8) return schema(depth + 1);
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 3) }, () => [pick(['a', 'b', 'c']), schema(depth + 1)]));
    };
    const schema = (depth: number): unknown => {
      if (random() < 0.1) return random() < 0.5;
      const out: Record<string, unknown> = {};
      const n = Math.floor(random() * 4);
      for (let i = 0; i < n; i++)
        Object.defineProperty(out, pick(keywords), { value: value(depth), enumerable: true, configurable: true, writable: true });
      return out;
    };
    let proven = 0;
    for (const dialect of DIALECTS) {
      const validate = metaValidator(dialect);
      for (let i = 0; i < 4000; i++) {
        const candidate = schema(0);
        if (!provablyValidSchema(candidate, dialect)) continue;
        proven++;
        expect(validate(candidate), `${dialect}: ${JSON.stringify(candidate)}`).toBe(true);
      }
    }
    expect(proven).toBeGreaterThan(1000);
  });
});

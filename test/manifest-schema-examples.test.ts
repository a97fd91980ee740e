/**
 * The vendored manifest schemas judge the examples published for them as their publishers do: the
 * MCP Bundle format's example manifests (fixtures/manifests/published-examples/) get the official
 * validator's verdict, and the server.json schemas accept the examples they carry on their own
 * properties. A schema vendored wrong, or validated with the wrong dialect or formats, would not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv as AjvType } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  MCPB_VERSIONS,
  manifestSchemaOf,
  SERVER_JSON_VERSIONS,
  schemaFile,
  validateManifest,
} from '../src/connect/manifest/manifest-schemas.js';
import { PACKAGE_ROOT } from '../src/shared/paths.js';

const EXAMPLES = join(PACKAGE_ROOT, 'fixtures', 'manifests', 'published-examples', 'mcpb');
const mcpbExamples = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));

/** Each `examples` array in a schema, with the JSON pointer of the (sub)schema that holds it. */
function examplesIn(schema: unknown): { pointer: string; examples: unknown[] }[] {
  const found: { pointer: string; examples: unknown[] }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${pointer}/${i}`));
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' && Array.isArray(value)) found.push({ pointer, examples: value });
      else walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(schema, '');
  return found;
}

const require = createRequire(import.meta.url);

describe('vendored manifest schemas accept their published examples', () => {
  // Four of the five published examples break the strict schema of the version they declare (they
  // use fields of later versions, or leave out a required one). The official validator, which
  // `mcpb validate` and `mcpb pack` run (MANIFEST_SCHEMAS of @anthropic-ai/mcpb 2.1.2), rejects the
  // same four for the same keys; its loose schemas accept all five. Recorded here from running it,
  // so mcplint's verdict is held to the official one, example by example.
  const OFFICIAL: Record<string, readonly string[]> = {
    'chrome-applescript.json': ['has an unknown property "scripts"', 'has an unknown property "privacy_policies"'],
    'file-manager-python.json': ['has an unknown property "privacy_policies"'],
    'file-system-node.json': ['has an unknown property "id"', 'has an unknown property "privacy_policies"'],
    'hello-world-node.json': [],
    'hello-world-uv.json': ['lacks the required property "mcp_config"'],
  };

  it('the published MCPB examples are every one the test knows the official verdict of', () => {
    expect(mcpbExamples.sort()).toEqual(Object.keys(OFFICIAL).sort());
  });

  it.each(mcpbExamples)("MCPB example %s gets the official validator's verdict from the schema of its manifest_version", (file) => {
    const document = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as unknown;
    const schema = manifestSchemaOf(document, file);
    expect(schema.kind).toBe('mcpb');
    expect(
      validateManifest(document, schema)
        .map((p) => p.message)
        .sort(),
    ).toEqual([...OFFICIAL[file]!].sort());
  });

  it('the MCPB examples cover more than one manifest version, and every version mcplint knows has a schema', () => {
    const versions = new Set(mcpbExamples.map((f) => manifestSchemaOf(JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8')), f).version));
    expect(versions.size).toBeGreaterThan(1);
    for (const version of MCPB_VERSIONS) expect(() => readFileSync(schemaFile({ kind: 'mcpb', version }))).not.toThrow();
  });

  it.each(SERVER_JSON_VERSIONS)('server.json %s: each example on its properties validates against that property', (version) => {
    const Ajv = (require('ajv') as { default: new (o: object) => AjvType }).default;
    const addFormats = (require('ajv-formats') as { default: (a: AjvType) => void }).default;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const schema = JSON.parse(readFileSync(schemaFile({ kind: 'server.json', version }), 'utf8')) as { $id: string };
    ajv.addSchema(schema);
    const all = examplesIn(schema);
    expect(all.reduce((n, e) => n + e.examples.length, 0)).toBeGreaterThan(10);
    const rejected: string[] = [];
    for (const { pointer, examples } of all) {
      const validate = ajv.getSchema(`${schema.$id}#${pointer}`)!;
      for (const example of examples)
        if (!validate(example)) rejected.push(`${pointer}: ${JSON.stringify(example)} (${ajv.errorsText(validate.errors)})`);
    }
    expect(rejected).toEqual([]);
  });
});

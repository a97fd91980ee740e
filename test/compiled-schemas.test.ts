/**
 * The precompiled validators in schemas/mcp/compiled/ are current (regenerate with
 * `npm run compile-schemas`) and judge exactly like run-time ajv.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import { checkUserSchema, officialDefines, validateOfficial } from '../src/schema/json-schema.js';
import { COMPILED_DIR, compiledSchemaSources } from '../src/schema/schema-codegen.js';

describe('precompiled schema validators', () => {
  it('are up to date', () => {
    for (const [file, source] of Object.entries(compiledSchemaSources())) {
      expect(readFileSync(join(COMPILED_DIR, file), 'utf8'), `${file} is stale: run npm run compile-schemas`).toBe(source);
    }
  });

  it('judge user schemas and official definitions as before', () => {
    expect(checkUserSchema(cleanTools()[0]!.inputSchema, '2020-12')).toEqual({ ok: true, dialect: '2020-12' });
    expect(checkUserSchema({ type: 'object', properties: { a: { type: 'strng' } } }, '2020-12')).toMatchObject({
      ok: false,
      dialect: '2020-12',
    });
    expect(checkUserSchema({ type: 'object', properties: { a: { minimum: 'x' } } }, 'draft-07')).toMatchObject({
      ok: false,
      dialect: 'draft-07',
    });
    // A reference still has to resolve: compiled at run time.
    expect(checkUserSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, '2020-12')).toMatchObject({ ok: false });
    expect(validateOfficial('2025-11-25', 'Tool', cleanTools()[0])).toEqual([]);
    expect(validateOfficial('2025-11-25', 'Tool', { name: 3 }).map((p) => p.pointer)).toEqual(['', '/name']);
    expect(
      validateOfficial('2024-11-05', 'InitializeResult', {
        protocolVersion: '2024-11-05',
        capabilities: {},
        serverInfo: { name: 'x', version: '1' },
      }),
    ).toEqual([]);
  });

  it('answer for the result definitions, and for definitions a version lacks', () => {
    expect(validateOfficial('2025-11-25', 'CallToolResult', { content: [{ type: 'text', text: 'hi' }] })).toEqual([]);
    expect(validateOfficial('2025-11-25', 'TextContent', { type: 'text' })).toEqual([
      { pointer: '', message: "must have required property 'text'" },
    ]);
    // AudioContent arrived in 2025-03-26, ResourceLink in 2025-06-18.
    expect(officialDefines('2024-11-05', 'AudioContent')).toBe(false);
    expect(officialDefines('2025-03-26', 'AudioContent')).toBe(true);
    expect(officialDefines('2025-03-26', 'ResourceLink')).toBe(false);
    expect(officialDefines('2025-06-18', 'ResourceLink')).toBe(true);
    // Not precompiled: still compiled at run time.
    expect(officialDefines('2025-11-25', 'ListToolsResult')).toBe(true);
  });
});

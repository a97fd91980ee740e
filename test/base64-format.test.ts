/**
 * The `byte` format (base64) judges the whole string: ajv-formats' own pattern is multiline, so a
 * blob or image `data` with a line break passed when any one of its lines was base64.
 */
import { describe, expect, it } from 'vitest';
import { isBase64 } from '../src/schema/base64-format.js';
import { validateAgainstUserSchema, validateOfficial } from '../src/schema/json-schema.js';

const NOT_BASE64 = ['aGVsbG8=\n%%%%', 'aGVsbG8=\n', '\naGVsbG8=', 'aGVs\nbG8=', '%68%65%6c%6c%6f', 'aGVsbG8', 'aGVsbG8=aGVs', 'aGVs bG8='];
const BASE64 = ['', 'aGVsbG8=', 'aGVsbG8h', 'aGk=', '+/+/'];

describe('base64 (the byte format)', () => {
  it('is the whole string, without line breaks or stray characters', () => {
    for (const value of NOT_BASE64) expect(isBase64(value), JSON.stringify(value)).toBe(false);
    for (const value of BASE64) expect(isBase64(value), JSON.stringify(value)).toBe(true);
  });

  it('is how the precompiled MCP definitions judge a blob and an image', () => {
    for (const version of ['2025-06-18', '2025-11-25'] as const) {
      const blob = (value: string) => validateOfficial(version, 'BlobResourceContents', { uri: 'file:///a.bin', blob: value });
      const image = (value: string) => validateOfficial(version, 'ImageContent', { type: 'image', mimeType: 'image/png', data: value });
      for (const value of NOT_BASE64) {
        expect(
          blob(value).map((p) => p.pointer),
          `${version} blob ${JSON.stringify(value)}`,
        ).toContain('/blob');
        expect(
          image(value).map((p) => p.pointer),
          `${version} image ${JSON.stringify(value)}`,
        ).toContain('/data');
      }
      expect(blob('aGVsbG8=')).toEqual([]);
      expect(image('aGVsbG8=')).toEqual([]);
    }
  });

  it("is how a server's own schema with format byte is judged at run time", () => {
    const schema = { type: 'object', properties: { file: { type: 'string', format: 'byte' } } };
    expect(validateAgainstUserSchema(schema, '2020-12', { file: 'aGVsbG8=' })).toMatchObject({ ok: true });
    expect(validateAgainstUserSchema(schema, '2020-12', { file: 'aGVsbG8=\n%%%%' })).toMatchObject({ ok: false });
  });
});

/**
 * The JSON Schema `byte` format (base64, RFC 4648: no line breaks, padding only at the end) as the
 * MCP schemas use it for `blob` and image/audio `data`. ajv-formats' own pattern carries the `m`
 * flag, so one valid line made a whole multi-line string pass ("aGVsbG8=\n%%%" was base64); this
 * one matches the whole string. The precompiled validators (schema-codegen.ts) and the run-time
 * ajv (json-schema.ts) both use it.
 */
export const BASE64_PATTERN = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

const BASE64 = new RegExp(BASE64_PATTERN);

export function isBase64(value: string): boolean {
  return BASE64.test(value);
}

/**
 * The JSON Schema `uri` format, with the same verdicts as ajv-formats' full check (RFC 3986) and
 * a fast path. V8 takes about 5 ms to compile ajv-formats' long case-insensitive URI expression
 * the first time it runs (docs/performance.md): a lint of a saved capture pays that for its first
 * resource URI, a live lint during the server's start. COMMON_URI_PATTERN accepts only strings
 * the full check also accepts: a scheme, then either `//` and a plain host with an optional port,
 * or plain path characters, then plain path segments; no query, fragment, percent escape, user
 * info or IP literal. Any other string goes to the full check. The precompiled validators
 * (schema-codegen.ts) and the run-time ajv (json-schema.ts) both use it; test/uri-format.test.ts
 * checks that the two checks agree.
 */
import { createRequire } from 'node:module';

/** Character classes of RFC 3986 without percent escapes, as ajv-formats spells them: reg-name and pchar. */
const REG_NAME = "[A-Za-z0-9._~!$&'()*+,;=-]";
const PCHAR = "[A-Za-z0-9._~!$&'()*+,;=:@-]";

export const COMMON_URI_PATTERN = `^[A-Za-z][A-Za-z0-9+.-]*:(?://${REG_NAME}*(?::[0-9]*)?|${PCHAR}+)(?:/${PCHAR}*)*$`;

const COMMON_URI = new RegExp(COMMON_URI_PATTERN);

type FormatCheck = (value: string) => boolean;
/** ajv-formats' own check, loaded on the first string the fast path does not settle. */
let fullUri: FormatCheck | undefined;

export function isUri(value: string): boolean {
  if (COMMON_URI.test(value)) return true;
  fullUri ??= (createRequire(import.meta.url)('ajv-formats/dist/formats') as { fullFormats: { uri: FormatCheck } }).fullFormats.uri;
  return fullUri(value);
}

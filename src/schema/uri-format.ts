/**
 * The JSON Schema `uri` format, with the same verdicts as ajv-formats' full check (RFC 3986) and
 * a fast path. V8 takes 4–6 ms to compile ajv-formats' long case-insensitive URI expression the
 * first time it runs. A lint of a saved capture pays that for its first resource URI, and a live
 * lint pays it during the server's start. COMMON_URI_PATTERN accepts only strings the full check
 * also accepts: a scheme, then either `//` and a plain host with an optional port, or plain path
 * characters, then plain path segments. It has no query, fragment, percent escape, user info or IP
 * literal. Any other string goes to the full check. The precompiled validators (schema-codegen.ts)
 * and the run-time ajv (json-schema.ts) both use it. test/uri-format.test.ts checks that the two
 * checks agree.
 */
import { createRequire } from 'node:module';

/** Character classes of RFC 3986 without percent escapes, as ajv-formats spells them: reg-name and pchar. */
const REG_NAME = "[A-Za-z0-9._~!$&'()*+,;=-]";
const PCHAR = "[A-Za-z0-9._~!$&'()*+,;=:@-]";

export const COMMON_URI_PATTERN = `^[A-Za-z][A-Za-z0-9+.-]*:(?://${REG_NAME}*(?::[0-9]*)?|${PCHAR}+)(?:/${PCHAR}*)*$`;

const COMMON_URI = new RegExp(COMMON_URI_PATTERN);

type FormatCheck = (value: string) => boolean;
let fullUri: FormatCheck | undefined;

/** ajv-formats' own check, loaded on the first string the fast path does not settle. */
export function fullUriCheck(): FormatCheck {
  const require = createRequire(import.meta.url);
  return (fullUri ??= (require('ajv-formats/dist/formats') as { fullFormats: { uri: FormatCheck } }).fullFormats.uri);
}

export function isUri(value: string): boolean {
  return COMMON_URI.test(value) || fullUriCheck()(value);
}

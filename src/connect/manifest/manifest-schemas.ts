/**
 * The vendored manifest schemas (schemas/manifests/, schemas/README.md): which one a manifest
 * names, and validating it. A server.json names its schema by the `$schema` URL (each released
 * schema's `$id`); an MCP Bundle manifest by `manifest_version` (`dxt_version` before the rename).
 * ajv and ajv-formats load on the first validation only: a run without --manifest never pays for them.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from 'ajv';
import type { ManifestKind, ManifestProblem } from '../../model/manifest.js';
import { ConfigError } from '../../shared/errors.js';
import { isObject } from '../../shared/json.js';
import { ajvLinearRegExp } from '../../shared/linear-regexp.js';
import { PACKAGE_ROOT } from '../../shared/paths.js';
import { readBoundedText } from '../../shared/read-bounded.js';

const MANIFEST_SCHEMAS_DIR = join(PACKAGE_ROOT, 'schemas', 'manifests');

/** The released server.json schemas, oldest first (schemas/manifests/server-json/<date>/). */
export const SERVER_JSON_VERSIONS = ['2025-07-09', '2025-09-16', '2025-09-29', '2025-10-11', '2025-10-17', '2025-12-11'] as const;
/** The MCPB manifest versions @anthropic-ai/mcpb ships schemas for (schemas/manifests/mcpb/). */
export const MCPB_VERSIONS = ['0.1', '0.2', '0.3', '0.4'] as const;

const SERVER_JSON_URL = (date: string) => `https://static.modelcontextprotocol.io/schemas/${date}/server.schema.json`;

export interface ManifestSchema {
  readonly kind: ManifestKind;
  readonly version: string;
}

/**
 * Which schema the document names; a ConfigError naming the known ones when it names none of
 * them, or when it does not say which manifest it is.
 */
export function manifestSchemaOf(document: unknown, shown: string): ManifestSchema {
  if (!isObject(document)) throw new ConfigError(`--manifest ${shown}: a manifest is a JSON object`);
  const mcpb = document.manifest_version ?? document.dxt_version;
  if (mcpb !== undefined) {
    const key = document.manifest_version !== undefined ? 'manifest_version' : 'dxt_version';
    const version = MCPB_VERSIONS.find((v) => v === mcpb);
    if (version) return { kind: 'mcpb', version };
    throw new ConfigError(
      `--manifest ${shown}: ${key} ${JSON.stringify(mcpb).slice(0, 40)} is not an MCP Bundle manifest version mcplint knows (it knows ${MCPB_VERSIONS.join(', ')})`,
    );
  }
  const schema = document.$schema;
  if (typeof schema === 'string') {
    const version = SERVER_JSON_VERSIONS.find((date) => SERVER_JSON_URL(date) === schema);
    if (version) return { kind: 'server.json', version };
    throw new ConfigError(
      `--manifest ${shown}: "$schema" ${JSON.stringify(schema).slice(0, 120)} is not a server.json schema mcplint knows (it knows ${SERVER_JSON_VERSIONS.map(SERVER_JSON_URL).join(', ')})`,
    );
  }
  throw new ConfigError(
    `--manifest ${shown}: neither a server.json (no "$schema", e.g. ${SERVER_JSON_URL(SERVER_JSON_VERSIONS.at(-1)!)}) nor an MCP Bundle manifest.json (no "manifest_version", e.g. "${MCPB_VERSIONS.at(-1)}")`,
  );
}

/** The vendored schema file of a version. */
export function schemaFile(schema: ManifestSchema): string {
  return schema.kind === 'mcpb'
    ? join(MANIFEST_SCHEMAS_DIR, 'mcpb', `mcpb-manifest-v${schema.version}.schema.json`)
    : join(MANIFEST_SCHEMAS_DIR, 'server-json', schema.version, 'server.schema.json');
}

let ajv: AjvType | undefined;
const compiled = new Map<string, ValidateFunction>();

function validatorOf(schema: ManifestSchema): ValidateFunction {
  const file = schemaFile(schema);
  let validate = compiled.get(file);
  if (validate) return validate;
  if (!ajv) {
    const require = createRequire(import.meta.url);
    const Ajv = (require('ajv') as { default: new (o: object) => AjvType }).default;
    const addFormats = (require('ajv-formats') as { default: (a: AjvType) => void }).default;
    // The schemas are ours (vendored); the documents are not: patterns run in linear time.
    ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: ajvLinearRegExp } });
    addFormats(ajv);
  }
  const parsed = JSON.parse(readBoundedText(file, 'project file', file)) as Record<string, unknown>;
  // The MCPB schemas have no $id; the server.json ones do, and ajv keys them by it.
  validate = ajv.compile(parsed);
  compiled.set(file, validate);
  return validate;
}

/** At most this many schema problems are kept: a broken manifest of 10,000 entries is not 10,000 findings. */
const MAX_PROBLEMS = 100;

/** What the schema rejects in the document: one problem per failed keyword, as ajv words it. */
export function validateManifest(document: unknown, schema: ManifestSchema): ManifestProblem[] {
  const validate = validatorOf(schema);
  if (validate(document)) return [];
  return problemsOf(validate.errors ?? []).slice(0, MAX_PROBLEMS);
}

/**
 * ajv's errors as one line each, without the noise of the alternatives a failed anyOf/oneOf
 * tried: the branch errors stay (they say what is wrong), the summary "must match a schema in
 * anyOf" is dropped when a deeper error at or below its pointer says more.
 */
function problemsOf(errors: readonly ErrorObject[]): ManifestProblem[] {
  const seen = new Set<string>();
  const out: ManifestProblem[] = [];
  for (const error of errors) {
    if (
      (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') &&
      errors.some((e) => e !== error && e.instancePath.startsWith(error.instancePath) && e.keyword !== error.keyword)
    )
      continue;
    const message = messageOf(error);
    const key = `${error.instancePath}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: error.instancePath, message });
  }
  return out;
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `has an unknown property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'required') return `lacks the required property "${String(params.missingProperty)}"`;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    return `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'const') return `must be ${JSON.stringify(params.allowedValue)}`;
  return error.message ?? error.keyword;
}

/**
 * JSON Schema services for rules: validity of a server's own schemas under their dialect, and
 * validation of captured messages against the official MCP schema of the negotiated version.
 * The meta-schemas and the official definitions rules use are precompiled (schemas/mcp/compiled/,
 * see schema-codegen.ts), so most runs never load ajv. Anything else loads ajv on first use
 * (synchronously: rules are synchronous), and every distinct schema is compiled once per process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv as AjvType, ErrorObject, ValidateFunction } from 'ajv';
import { isBase64 } from './base64-format.js';
import { isUri } from './uri-format.js';
import { nestsDeeperThan, SCHEMA_DEPTH_LIMIT } from '../shared/json-depth.js';
import { atLeast, isKnownProtocolVersion, type ProtocolVersion } from '../shared/protocol-version.js';
import { MCP_SCHEMAS_DIR } from '../shared/paths.js';
import { ajvLinearRegExp, patternProblem } from '../shared/linear-regexp.js';
import { localReferenceProblems } from './local-references.js';
import type { SchemaProblem } from './schema-problem.js';
import { plainConformance } from './plain-conformance.js';
import { provablyValidSchema } from './schema-shape.js';

const require = createRequire(import.meta.url);

type AjvClass = new (options: Record<string, unknown>) => AjvType;
type Dialect = 'draft-07' | '2019-09' | '2020-12';

/** Options of the ajv instances; the precompiled validators are generated with the same ones. */
export const USER_AJV_OPTIONS = { strict: false, allErrors: true, logger: false, validateFormats: true } as const;
export const OFFICIAL_AJV_OPTIONS = { strict: false, allErrors: true, allowUnionTypes: true, logger: false } as const;

const COMPILED_DIR = join(MCP_SCHEMAS_DIR, 'compiled');

/**
 * The official definitions rules validate against, precompiled (schema-codegen.ts) for every
 * version that defines them. A version's module lacking one of these means the version does not
 * define it: no need to load ajv to find that out.
 */
export const PRECOMPILED_DEFINITIONS = [
  'InitializeResult',
  'DiscoverResult',
  'Tool',
  'Prompt',
  'Resource',
  'ResourceTemplate',
  // result-schema-valid (rules/lib/result-schema.ts): the results and the blocks inside them.
  'CallToolResult',
  'GetPromptResult',
  'ReadResourceResult',
  'CompleteResult',
  'TextContent',
  'ImageContent',
  'AudioContent',
  'EmbeddedResource',
  'ResourceLink',
  'TextResourceContents',
  'BlobResourceContents',
  // notification-schema-valid: the notifications a server sends.
  'ProgressNotification',
  'LoggingMessageNotification',
  'ResourceListChangedNotification',
  'ResourceUpdatedNotification',
  'PromptListChangedNotification',
  'ToolListChangedNotification',
] as const;
const PRECOMPILED: ReadonlySet<string> = new Set(PRECOMPILED_DEFINITIONS);
const compiledModules = new Map<string, Readonly<Record<string, ValidateFunction>> | null>();

/** A precompiled module (meta-<dialect>.cjs, mcp-<version>.cjs), or undefined when absent. */
function precompiled(file: string): Readonly<Record<string, ValidateFunction>> | undefined {
  if (!compiledModules.has(file)) {
    let mod: Record<string, ValidateFunction> | null = null;
    try {
      mod = require(join(COMPILED_DIR, file)) as Record<string, ValidateFunction>;
    } catch {
      mod = null;
    }
    compiledModules.set(file, mod);
  }
  return compiledModules.get(file) ?? undefined;
}

const DIALECT_BY_URI: Record<string, Dialect> = {
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
};

const MODULE_BY_DIALECT: Record<Dialect, string> = { 'draft-07': 'ajv', '2019-09': 'ajv/dist/2019', '2020-12': 'ajv/dist/2020' };

function loadAjv(dialect: Dialect): AjvClass {
  const mod = require(MODULE_BY_DIALECT[dialect]) as { default?: AjvClass } & AjvClass;
  return mod.default ?? mod;
}

function addFormats(ajv: AjvType): void {
  const mod = require('ajv-formats') as { default?: (a: AjvType) => void } & ((a: AjvType) => void);
  (mod.default ?? mod)(ajv);
  ajv.addFormat('byte', isBase64);
  ajv.addFormat('uri', isUri);
}

export type { SchemaProblem } from './schema-problem.js';

export type SchemaVerdict =
  | { readonly ok: true; readonly dialect: Dialect }
  | { readonly ok: false; readonly dialect?: Dialect; readonly problems: readonly SchemaProblem[]; readonly tooDeep?: true };

/** The verdict on a schema nested deeper than SCHEMA_DEPTH_LIMIT: not judged (schema-depth-limit reports it). */
const TOO_DEEP: SchemaVerdict = {
  ok: false,
  tooDeep: true,
  problems: [{ pointer: '', message: `nests deeper than ${SCHEMA_DEPTH_LIMIT} levels; mcplint judged it no further` }],
};

/** Which dialect a schema declares; `undefined` when it names one mcplint cannot check. */
export function dialectOf(schema: Record<string, unknown>, fallback: Dialect): Dialect | undefined {
  const declared = schema.$schema;
  if (typeof declared !== 'string') return fallback;
  return DIALECT_BY_URI[declared.replace(/#$/, '')];
}

/** The dialect a schema without `$schema` is in: 2020-12 from protocol 2025-11-25, draft-07 before. */
export function defaultDialect(protocolVersion: string | undefined): Dialect {
  return atLeast(protocolVersion, '2025-11-25') ? '2020-12' : 'draft-07';
}

const userAjv = new Map<Dialect, AjvType>();
const userVerdicts = new Map<string, SchemaVerdict>();
const userValidators = new Map<string, ValidateFunction>();

function userAjvFor(dialect: Dialect): AjvType {
  let ajv = userAjv.get(dialect);
  if (!ajv) {
    const Ajv = loadAjv(dialect);
    // Not strict: servers may use vendor keywords; validity is the meta-schema plus resolvable refs.
    // The server's patterns run on a linear-time engine: a backtracking one can be hung by them.
    ajv = new Ajv({ ...USER_AJV_OPTIONS, code: { regExp: ajvLinearRegExp } });
    addFormats(ajv);
    userAjv.set(dialect, ajv);
  }
  return ajv;
}

/** Is this a valid JSON Schema of its declared (or default) dialect? Cached per distinct schema (when the fast proof does not settle it). */
export function checkUserSchema(schema: unknown, fallback: Dialect): SchemaVerdict {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, problems: [{ pointer: '', message: 'is not a JSON object' }] };
  }
  // Every check below (the meta-schema validators, ajv, the cache key) recurses into the schema.
  if (nestsDeeperThan(schema, SCHEMA_DEPTH_LIMIT)) return TOO_DEEP;
  const dialect = dialectOf(schema as Record<string, unknown>, fallback);
  if (!dialect) {
    return {
      ok: false,
      problems: [
        { pointer: '/$schema', message: `declares an unsupported dialect ${String((schema as Record<string, unknown>).$schema)}` },
      ],
    };
  }
  // One walk says whether the schema holds any pattern or reference at all: most hold neither.
  const features = schemaFeatures(schema);
  if (features.pattern) {
    const patterns = patternProblems(schema);
    if (patterns.length > 0) return { ok: false, dialect, problems: patterns };
  }
  // Most schemas are plainly valid and refer to nothing, or only to their own subschemas (zod 4,
  // Pydantic): settled without the validator, the compiler or a cache key (their JSON text).
  const record = stripId(schema as Record<string, unknown>);
  const proven = hasPrecompiledMeta(dialect) && provablyValidSchema(record, dialect);
  const references = features.reference ? localReferenceProblems(record, proven || dialect !== 'draft-07') : [];
  if (proven && references !== undefined) {
    return references.length === 0 ? { ok: true, dialect } : { ok: false, dialect, problems: references };
  }
  const key = `${dialect}\u0000${JSON.stringify(schema)}`;
  const cached = userVerdicts.get(key);
  if (cached) return cached;
  let verdict: SchemaVerdict;
  const meta = metaValidate(dialect, record);
  if (!meta.valid) {
    verdict = { ok: false, dialect, problems: toProblems(meta.errors) };
  } else if (references !== undefined) {
    // Valid against the meta-schema and every reference lands on a subschema it judged: valid.
    // Compiling (the costly part) waits until a value is validated against it, which most schemas never are.
    verdict = references.length === 0 ? { ok: true, dialect } : { ok: false, dialect, problems: references };
  } else {
    verdict = compileUserSchema(userAjvFor(dialect), key, schema as Record<string, unknown>, dialect);
  }
  userVerdicts.set(key, verdict);
  return verdict;
}

const precompiledMeta = new Map<Dialect, boolean>();

/** The fast proof mirrors the precompiled validator (run-time ajv also checks formats): only used when that is the judge. */
function hasPrecompiledMeta(dialect: Dialect): boolean {
  let present = precompiledMeta.get(dialect);
  if (present === undefined) precompiledMeta.set(dialect, (present = existsSync(join(COMPILED_DIR, `meta-${dialect}.cjs`))));
  return present;
}

/** Validate a schema against its dialect's meta-schema: precompiled when available. */
function metaValidate(dialect: Dialect, schema: Record<string, unknown>): { valid: boolean; errors?: ErrorObject[] | null } {
  const validate = precompiled(`meta-${dialect}.cjs`)?.meta;
  if (validate) return { valid: validate(schema) as boolean, errors: validate.errors };
  const ajv = userAjvFor(dialect);
  return { valid: ajv.validateSchema(schema) as boolean, errors: ajv.errors };
}

function compileUserSchema(ajv: AjvType, key: string, schema: Record<string, unknown>, dialect: Dialect): SchemaVerdict {
  try {
    userValidators.set(key, ajv.compile(stripId(schema)));
    return { ok: true, dialect };
  } catch (error) {
    return { ok: false, dialect, problems: [{ pointer: '', message: error instanceof Error ? error.message : String(error) }] };
  }
}

/** Keywords whose values hold no schema with patterns (data: const, enum…; properties: walked by name above). */
const NOT_WALKED: ReadonlySet<string> = new Set(['properties', 'const', 'enum', 'default', 'examples']);

/**
 * Patterns (`pattern` values, `patternProperties` keys) that the linear-time engine cannot run.
 * Only keyword positions count: a property merely named "pattern" is not one. The path is a stack
 * of segments, joined into a pointer only for a problem: this walks every schema of every tool.
 */
function patternProblems(schema: unknown): SchemaProblem[] {
  const found: SchemaProblem[] = [];
  const path: string[] = [];
  const pointer = (...last: string[]): string => [...path, ...last].map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  const report = (pattern: string, ...last: string[]) => {
    const problem = patternProblem(pattern);
    if (problem) found.push({ pointer: pointer(...last), message: problem });
  };
  const walk = (value: unknown, depth: number): void => {
    if (depth > 200 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(String(i));
        walk(value[i], depth + 1);
        path.pop();
      }
      return;
    }
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = (value as Record<string, unknown>)[k];
      if (k === 'pattern' && typeof v === 'string') {
        report(v, k);
      } else if (k === 'properties' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        // Property names are data, not keywords: look only inside each property's schema.
        path.push(k);
        const names = Object.keys(v);
        for (let j = 0; j < names.length; j++) {
          path.push(names[j]!);
          walk((v as Record<string, unknown>)[names[j]!], depth + 1);
          path.pop();
        }
        path.pop();
        continue;
      } else if (k === 'patternProperties' && typeof v === 'object' && v !== null) {
        for (const key of Object.keys(v)) report(key, k, key);
      }
      if (!NOT_WALKED.has(k) && typeof v === 'object' && v !== null) {
        path.push(k);
        walk(v, depth + 1);
        path.pop();
      }
    }
  };
  walk(schema, 0);
  return found;
}

interface SchemaFeatures {
  /** A `$ref`, `$dynamicRef` or `$recursiveRef` string somewhere: only compiling can resolve it. */
  reference: boolean;
  /** A key named `pattern` or `patternProperties` somewhere (a superset of the keyword positions patternProblems judges). */
  pattern: boolean;
}

const REFERENCE_KEYS: ReadonlySet<string> = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

/** What a schema holds, in one walk that stops once both are found (it walks every schema of every tool). */
function schemaFeatures(root: unknown): SchemaFeatures {
  const found: SchemaFeatures = { reference: false, pattern: false };
  const walk = (value: unknown, depth: number): boolean => {
    if (depth > 200 || typeof value !== 'object' || value === null) return false;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (walk(value[i], depth + 1)) return true;
      return false;
    }
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const v = (value as Record<string, unknown>)[k];
      if (REFERENCE_KEYS.has(k) && typeof v === 'string') found.reference = true;
      else if (k === 'pattern' || k === 'patternProperties') found.pattern = true;
      if (found.reference && found.pattern) return true;
      if (walk(v, depth + 1)) return true;
    }
    return false;
  };
  walk(root, 0);
  return found;
}

/** Validate a value (e.g. structuredContent) against a server's own schema. */
export function validateAgainstUserSchema(schema: unknown, fallback: Dialect, value: unknown): SchemaVerdict {
  const verdict = checkUserSchema(schema, fallback);
  if (!verdict.ok) return verdict;
  // A plain schema the value conforms to needs no compiler (plain-conformance.ts); anything else is the compiler's to explain.
  if (plainConformance(schema, value) === 'valid') return verdict;
  const key = `${verdict.dialect}\u0000${JSON.stringify(schema)}`;
  if (!userValidators.has(key)) {
    const compiled = compileUserSchema(userAjvFor(verdict.dialect), key, schema as Record<string, unknown>, verdict.dialect);
    if (!compiled.ok) return compiled;
  }
  const validate = userValidators.get(key)!;
  return validate(value) ? verdict : { ok: false, dialect: verdict.dialect, problems: toProblems(validate.errors) };
}

/** `$id`s would collide across tools compiled into one Ajv instance; validity does not depend on them. */
function stripId(schema: Record<string, unknown>): Record<string, unknown> {
  if (!('$id' in schema) && !('id' in schema && typeof schema.id === 'string')) return schema;
  const { $id: _a, ...rest } = schema;
  return rest;
}

function toProblems(errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  return (errors ?? []).map((e) => ({
    pointer: e.instancePath,
    message: `${e.message ?? 'is invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  }));
}

// ---------------------------------------------------------------------------------------------
// The official MCP schema

const officialAjv = new Map<ProtocolVersion, AjvType>();
const officialValidators = new Map<string, ValidateFunction | undefined>();

/** The vendored schema version to judge a server by: its negotiated version, else the newest legacy one. */
export function schemaVersionFor(protocolVersion: string | undefined): Exclude<ProtocolVersion, never> {
  return isKnownProtocolVersion(protocolVersion) ? protocolVersion : '2025-11-25';
}

function officialAjvFor(version: ProtocolVersion): AjvType {
  let ajv = officialAjv.get(version);
  if (!ajv) {
    // mcplint's own vendored data file, not the target: reading it keeps rules deterministic.
    const schema = JSON.parse(readFileSync(join(MCP_SCHEMAS_DIR, version, 'schema.json'), 'utf8')) as Record<string, unknown>;
    const dialect: Dialect = '$defs' in schema ? '2020-12' : 'draft-07';
    const Ajv = loadAjv(dialect);
    // The vendored schema is trusted: validating it against its meta-schema would only cost time.
    ajv = new Ajv({ ...OFFICIAL_AJV_OPTIONS, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(schema, `mcp-${version}`);
    officialAjv.set(version, ajv);
  }
  return ajv;
}

/**
 * Load the precompiled official validators of the schema `protocolVersion` is judged by (≈200 KB
 * of code to compile), so that a lint can do it while its server starts instead of after it exits.
 */
export function preloadOfficial(protocolVersion: string | undefined): void {
  precompiled(`mcp-${schemaVersionFor(protocolVersion)}.cjs`);
}

/** Does the official schema of `version` define this type (e.g. `ToolAnnotations` in 2024-11-05: no)? */
export function officialDefines(version: ProtocolVersion, definition: string): boolean {
  return officialValidator(version, definition) !== undefined;
}

function officialValidator(version: ProtocolVersion, definition: string): ValidateFunction | undefined {
  const key = `${version}#${definition}`;
  if (officialValidators.has(key)) return officialValidators.get(key);
  const compiledModule = precompiled(`mcp-${version}.cjs`);
  const compiled = compiledModule?.[definition];
  if (compiled) {
    officialValidators.set(key, compiled);
    return compiled;
  }
  if (compiledModule && PRECOMPILED.has(definition)) {
    officialValidators.set(key, undefined);
    return undefined;
  }
  const ajv = officialAjvFor(version);
  // The vendored schemas are draft-07 (definitions) before 2025-11-25 and 2020-12 ($defs) from it.
  const defsKey = atLeast(version, '2025-11-25') ? '$defs' : 'definitions';
  let validate: ValidateFunction | undefined;
  try {
    validate = ajv.getSchema(`mcp-${version}#/${defsKey}/${definition}`);
  } catch {
    validate = undefined;
  }
  if (validate) officialValidators.set(key, validate);
  return validate;
}

/** Validate a value against a definition of the official schema, e.g. `InitializeResult`, `Tool`. */
export function validateOfficial(version: ProtocolVersion, definition: string, value: unknown): readonly SchemaProblem[] {
  const validate = officialValidator(version, definition);
  if (!validate) throw new Error(`The MCP ${version} schema has no definition ${definition}`);
  return validate(value) ? [] : dedupe(toProblems(validate.errors));
}

/** anyOf branches repeat themselves; keep the first message per pointer and text. */
function dedupe(problems: SchemaProblem[]): SchemaProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.pointer}\u0000${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

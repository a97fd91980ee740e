/**
 * mcplint's configuration: its JSON Schema (built from the rule registry, so rule ids and options
 * are checked), validation with one clear message per problem, presets, and resolution of the
 * effective level and options of every rule (preset → config file → --rule flags).
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvType, ErrorObject } from 'ajv';
import { didYouMean } from '../shared/did-you-mean.js';
import { LEVELS, type Level, type Rule } from '../engine/rule.js';
import { ruleEntryProblems, type SchemaCheck } from '../engine/rule-entries.js';
import type { IgnoreEntry, RuleSetting } from '../engine/run.js';
import { PROBES_CONFIG_SCHEMA } from '../probes/config-schema.js';
import type { ProbesConfig } from '../model/probe-types.js';
import { ConfigError } from '../shared/errors.js';
import { MAX_TIMEOUT_MS } from '../model/timeouts.js';

export const PRESETS = ['recommended', 'strict', 'spec'] as const;
export type Preset = (typeof PRESETS)[number];

export type RuleEntry = Level | [Level] | [Level, Record<string, unknown>];

export interface StdioTargetConfig {
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

export interface McplintConfig {
  readonly $schema?: string;
  readonly extends?: Preset;
  readonly target?: StdioTargetConfig;
  readonly rules?: Readonly<Record<string, RuleEntry>>;
  readonly ignore?: readonly IgnoreEntry[];
  /** Per-request timeout in ms. */
  readonly timeout?: number;
  /** Origins (besides the --url's own) that an HTTP server may redirect mcplint to, headers included. */
  readonly allowOrigins?: readonly string[];
  /** Source mapping: where the server's code is, or `enabled: false` to turn it off. */
  readonly source?: SourceConfig;
  /** Behaviour probes: which tools may be called, with which arguments (src/probes). */
  readonly probes?: ProbesConfig;
  /** A server of the --config-file that was skipped (not linted) fails the run (--fail-on-skipped wins). */
  readonly failOnSkipped?: boolean;
}

export interface SourceConfig {
  /** Project directory, relative to the config file (default: the launched script's package). */
  readonly project?: string;
  /** false turns source mapping off (like --no-source). Default true. */
  readonly enabled?: boolean;
  /** false: build the source index afresh every run, no on-disk cache (like --no-cache). Default true. */
  readonly cache?: boolean;
}

// Defined in the shared layer so connect/ can raise it too; importers of this module keep finding it here.
export { ConfigError };

const levelSchema = { enum: [...LEVELS] };

/** The config's JSON Schema, generated from the registry (also published for editors). */
export function configSchema(rules: readonly Rule[]): Record<string, unknown> {
  const ruleProps: Record<string, unknown> = {};
  for (const rule of rules) {
    const withOptions = rule.options
      ? [{ type: 'array', prefixItems: [levelSchema, rule.options.schema], minItems: 1, maxItems: 2, items: false }]
      : [{ type: 'array', prefixItems: [levelSchema], minItems: 1, maxItems: 1, items: false }];
    ruleProps[rule.id] = { description: rule.summary, oneOf: [levelSchema, ...withOptions] };
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'mcplint configuration',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      extends: { enum: [...PRESETS], description: 'Base preset: recommended (default), strict or spec.' },
      target: {
        type: 'object',
        additionalProperties: false,
        required: ['command'],
        description: 'The stdio server to lint when no target is given on the command line.',
        properties: {
          command: { type: 'string', minLength: 1 },
          args: { type: 'array', items: { type: 'string' } },
          env: { type: 'object', additionalProperties: { type: 'string' } },
          cwd: { type: 'string' },
        },
      },
      rules: { type: 'object', additionalProperties: false, properties: ruleProps },
      ignore: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['rule', 'reason'],
          properties: {
            rule: { type: 'string' },
            tool: { type: 'string' },
            prompt: { type: 'string' },
            resource: { type: 'string' },
            reason: { type: 'string', minLength: 1, description: 'Why this finding is accepted (required).' },
          },
        },
      },
      timeout: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_TIMEOUT_MS,
        description: 'Per-request timeout in milliseconds (at most 600000: 10 minutes).',
      },
      allowOrigins: {
        type: 'array',
        items: { type: 'string', pattern: '^https?://[^/?#]+/?$' },
        description:
          "Origins (scheme://host[:port]) besides the --url's own that an HTTP server may send mcplint to by a redirect or a legacy SSE endpoint; your headers go with it. Default: none.",
      },
      source: {
        type: 'object',
        additionalProperties: false,
        description: 'Source mapping: findings point at the line that registers the tool.',
        properties: {
          project: {
            type: 'string',
            minLength: 1,
            description: "The server's project directory, relative to this file (default: the launched script's nearest package.json).",
          },
          enabled: { type: 'boolean', description: 'false turns source mapping off, like --no-source.' },
          cache: {
            type: 'boolean',
            description:
              'false builds the source index afresh on every run instead of reusing it from node_modules/.cache/mcplint, like --no-cache.',
          },
        },
      },
      probes: PROBES_CONFIG_SCHEMA,
      failOnSkipped: {
        type: 'boolean',
        description:
          'With --config-file: exit 1 when a server of the client config was skipped (not linted). Default false; --fail-on-skipped / --no-fail-on-skipped win.',
      },
    },
  };
}

let validator:
  | { rules: readonly Rule[]; schema: Readonly<Record<string, unknown>>; validate: (value: unknown) => ErrorObject[] }
  | undefined;
let ajv: AjvType | undefined;
const optionChecks = new WeakMap<object, (value: unknown) => readonly ErrorObject[]>();

function loadAjv(): AjvType {
  if (ajv) return ajv;
  const require = createRequire(import.meta.url);
  const Ajv2020 = (require('ajv/dist/2020') as { default: new (o: object) => AjvType }).default;
  // Every problem at once: the whole config's and each rule entry's options.
  ajv = new Ajv2020({ allErrors: true, strict: false });
  return ajv;
}

/** One compiled check per rule options schema. */
const optionsCheck: SchemaCheck = (schema) => {
  let check = optionChecks.get(schema);
  if (!check) {
    const compiled = loadAjv().compile(schema);
    check = (v) => (compiled(v) ? [] : (compiled.errors ?? []));
    optionChecks.set(schema, check);
  }
  return check;
};

/**
 * Validate a loaded config; throws one ConfigError holding every problem, one line each
 * ("file: where: what", with a did-you-mean for a misspelt key, preset, level or rule id).
 */
export function validateConfig(value: unknown, rules: readonly Rule[], file: string): McplintConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(`${file}: the configuration must be an object`);
  const problems: string[] = [];
  const ruleIds = rules.map((r) => r.id);
  const known = new Set(ruleIds);
  const ruleSection = (value as Record<string, unknown>).rules;
  if (ruleSection && typeof ruleSection === 'object' && !Array.isArray(ruleSection)) {
    for (const id of Object.keys(ruleSection)) {
      if (!known.has(id)) problems.push(`${file}: rules.${id}: unknown rule "${id}"${didYouMean(id, ruleIds)}`);
    }
    problems.push(...ruleEntryProblems(ruleSection as Record<string, unknown>, rules, file, optionsCheck));
  }
  for (const [at, entry] of ignoreEntries(value)) {
    if (typeof entry.rule === 'string' && !known.has(entry.rule))
      problems.push(`${file}: ignore.${at}.rule: unknown rule "${entry.rule}"${didYouMean(entry.rule, ruleIds)}`);
  }
  if (!validator || validator.rules !== rules) {
    const schema = configSchema(rules);
    const compiled = loadAjv().compile(schema);
    validator = { rules, schema, validate: (v) => (compiled(v) ? [] : (compiled.errors ?? [])) };
  }
  const { schema } = validator;
  // The rules entries were checked above, each named with what it accepts.
  const schemaErrors = validator.validate(value).filter((error) => !/^\/rules\//.test(error.instancePath) && !isRulesKeyError(error));
  problems.push(...schemaErrors.map((error) => `${file}: ${describe(error, schema, value)}`));
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return value as McplintConfig;
}

const isRulesKeyError = (error: ErrorObject): boolean => error.instancePath === '/rules' && error.keyword === 'additionalProperties';

function ignoreEntries(config: object): [number, Record<string, unknown>][] {
  const ignore = (config as Record<string, unknown>).ignore;
  if (!Array.isArray(ignore)) return [];
  return ignore.flatMap((entry, at) => (entry !== null && typeof entry === 'object' ? [[at, entry as Record<string, unknown>]] : []));
}

function describe(error: ErrorObject, schema: Readonly<Record<string, unknown>>, config: unknown): string {
  const where = error.instancePath ? error.instancePath.slice(1).split('/').map(decodePointer).join('.') : '(root)';
  if (error.keyword === 'additionalProperties') {
    const key = String(error.params.additionalProperty);
    const parent = schemaAt(schema, error.schemaPath.split('/').slice(1, -1));
    const known = Object.keys((parent?.properties as Record<string, unknown> | undefined) ?? {});
    return `${where}: unknown key "${key}"${didYouMean(key, known)}`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params.allowedValues as unknown[]).map(String);
    const given = valueAt(config, error.instancePath);
    const hint = typeof given === 'string' ? didYouMean(given, allowed) : '';
    return `${where}: must be one of ${allowed.join(', ')}${hint}`;
  }
  return `${where}: ${error.message ?? 'is invalid'}`;
}

/** The subschema a JSON pointer's segments lead to in `schema` (Ajv's schemaPath), or undefined. */
function schemaAt(schema: Readonly<Record<string, unknown>>, segments: readonly string[]): Record<string, unknown> | undefined {
  let at: unknown = schema;
  for (const segment of segments) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[decodePointer(segment)];
  }
  return at !== null && typeof at === 'object' ? (at as Record<string, unknown>) : undefined;
}

function valueAt(value: unknown, pointer: string): unknown {
  let at = value;
  for (const segment of pointer.split('/').slice(1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[decodePointer(segment)];
  }
  return at;
}

const decodePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** Parse `--rule id=level` flags; given the rules, a flag naming none of them is an error too. */
export function parseRuleFlags(flags: readonly string[], rules?: readonly Rule[]): Map<string, Level> {
  const ids = rules ? new Set(rules.map((r) => r.id)) : undefined;
  const out = new Map<string, Level>();
  for (const flag of flags) {
    const match = /^([^=]+)=(.+)$/.exec(flag);
    if (!match) throw new ConfigError(`--rule ${flag}: expected id=level, e.g. --rule tool-name-verb=off`);
    const [, id, level] = match as unknown as [string, string, string];
    if (ids && !ids.has(id)) throw new ConfigError(`--rule ${flag}: unknown rule "${id}"${didYouMean(id, ids)}`);
    if (!(LEVELS as readonly string[]).includes(level)) throw new ConfigError(`--rule ${flag}: level must be one of ${LEVELS.join(', ')}`);
    out.set(id, level as Level);
  }
  return out;
}

/** The level of a rule in a preset. */
export function presetLevel(rule: Rule, preset: Preset): Level {
  switch (preset) {
    case 'recommended':
      return rule.severity;
    case 'strict':
      // Every guideline at warning or above.
      return rule.severity === 'error' ? 'error' : 'warning';
    case 'spec':
      return rule.basis === 'spec' ? rule.severity : 'off';
  }
}

/**
 * The rules the config file or a --rule flag sets: the config's entry (level and options), a
 * flag's level over it. Every other rule runs at its preset's level (ruleSettings).
 */
export function configuredRules(config: McplintConfig, flags: ReadonlyMap<string, Level>): Record<string, RuleSetting> {
  const configured: Record<string, RuleSetting> = {};
  for (const [id, entry] of Object.entries(config.rules ?? {})) {
    configured[id] = typeof entry === 'string' ? { level: entry, options: {} } : { level: entry[0], options: entry[1] ?? {} };
  }
  for (const [id, level] of flags) configured[id] = { level, options: configured[id]?.options ?? {} };
  return configured;
}

/** Effective level and options of every rule: as configured, else its level in the preset. */
export function ruleSettings(
  rules: readonly Rule[],
  preset: Preset,
  configured: Readonly<Record<string, RuleSetting>>,
): Map<string, RuleSetting> {
  return new Map(
    rules.map((rule) => [
      rule.id,
      Object.hasOwn(configured, rule.id) ? configured[rule.id]! : { level: presetLevel(rule, preset), options: {} },
    ]),
  );
}

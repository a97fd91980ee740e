/**
 * The `rules` section of the config, checked entry by entry apart from the whole-config schema, so
 * a mistake is named by rule, option and value with what would be accepted (the config schema's
 * oneOf could only say "must be a level or [level, options]").
 */
import type { ErrorObject } from 'ajv';
import { LEVELS, type Rule } from './rule.js';
import { didYouMean } from '../shared/did-you-mean.js';
import { clip } from '../shared/text.js';

/** Compiles a JSON Schema once; returns the value's errors (empty: valid). */
export type SchemaCheck = (schema: Record<string, unknown>) => (value: unknown) => readonly ErrorObject[];

const LEVEL_LIST = LEVELS.join(', ');

/** One line per bad entry of `section` (a `rules` object; unknown ids are reported before this), each option error its own line. */
export function ruleEntryProblems(
  section: Readonly<Record<string, unknown>>,
  rules: readonly Rule[],
  file: string,
  check: SchemaCheck,
): string[] {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const problems: string[] = [];
  for (const [id, entry] of Object.entries(section)) {
    const rule = byId.get(id);
    if (rule) problems.push(...entryProblems(rule, entry, `${file}: rules.${id}`, check));
  }
  return problems;
}

function entryProblems(rule: Rule, entry: unknown, where: string, check: SchemaCheck): string[] {
  const names = Object.keys((rule.options?.schema.properties as Record<string, unknown> | undefined) ?? {});
  const shape = rule.options ? `a level (${LEVEL_LIST}) or [level, { ${names.join(', ')} }]` : `a level (${LEVEL_LIST}) or [level]`;
  if (typeof entry === 'string') return levelProblems(entry, where);
  if (!Array.isArray(entry) || entry.length < 1 || entry.length > 2) return [`${where}: must be ${shape}, got ${shown(entry)}`];
  const level = levelProblems(entry[0], where);
  if (entry.length === 1) return level;
  if (!rule.options) return [...level, `${where}: this rule takes no options, so give only its level (${shown(entry[0])})`];
  const options: unknown = entry[1];
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return [...level, `${where}: the options must be an object (accepted options: ${names.join(', ')}), got ${shown(options)}`];
  const schema = rule.options.schema;
  return [...level, ...check(schema)(options).map((error) => `${where}${describeOptionError(error, schema, options)}`)];
}

function levelProblems(value: unknown, where: string): string[] {
  if (typeof value === 'string' && (LEVELS as readonly string[]).includes(value)) return [];
  const hint = typeof value === 'string' ? didYouMean(value, LEVELS) : '';
  return [`${where}: ${shown(value)} is not a level${hint} (accepted: ${LEVEL_LIST})`];
}

/** ".option: must be …(accepted: …), got …" or ": unknown option …", for one Ajv error against a rule's options schema. */
function describeOptionError(error: ErrorObject, schema: Record<string, unknown>, options: object): string {
  const properties = (schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {};
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    const known = Object.keys(properties);
    return `: unknown option "${name}"${didYouMean(name, known)} (accepted options: ${known.join(', ')})`;
  }
  const name = error.instancePath.split('/')[1] ?? '';
  const property = properties[decodePointer(name)];
  const value = (options as Record<string, unknown>)[decodePointer(name)];
  const path = error.instancePath.slice(1).split('/').map(decodePointer).join('.');
  const accepted = property ? accepts(property) : undefined;
  return `${path ? `.${path}` : ''}: ${error.message ?? 'is invalid'}${accepted ? ` (accepted: ${accepted})` : ''}, got ${shown(value)}`;
}

/** What a property schema accepts, in words: "one of a, b", "a whole number ≥ 1", "true or false". */
export function accepts(schema: Readonly<Record<string, unknown>>): string | undefined {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`;
  const type = schema.type;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (type === 'integer' || type === 'number') {
    const noun = type === 'integer' ? 'a whole number' : 'a number';
    if (min !== undefined && max !== undefined) return `${noun} from ${min} to ${max}`;
    if (min !== undefined) return `${noun} ≥ ${min}`;
    if (max !== undefined) return `${noun} ≤ ${max}`;
    return noun;
  }
  if (type === 'boolean') return 'true or false';
  if (type === 'string') return 'a string';
  if (type === 'array') return 'a list';
  return undefined;
}

const decodePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A config value quoted for a one-line error (the CLI makes it inert). */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  return clip(JSON.stringify(value) ?? String(value), 60, { fit: true });
}

/**
 * Helpers shared by the schema-strictness and agent-ergonomics rules: judging a whole schema
 * document (input-schema-valid, output-schema-valid), walking parameters, matching parameter and
 * tool-name words. Pure functions over captured JSON; no I/O.
 */
import { isObject, type JsonObject } from '../../src/engine/capture-index.js';
import { actionVerb as actionVerbOf } from './verbs.js';
import { checkUserSchema, defaultDialect } from '../../src/engine/json-schema.js';
import type { Report } from '../../src/engine/rule.js';
import { clip } from '../../src/shared/text.js';

// ---------------------------------------------------------------------------------------------
// JSON pointers and quoting

/** One JSON-pointer reference token (RFC 6901). */
export function escapePointer(token: string): string {
  // Called for every parameter of every tool: most names need no escaping.
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The value at a JSON pointer (RFC 6901) inside `root`, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let value: unknown = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

/** Short JSON of a value, for evidence. */
export function shortJson(value: unknown, max = 160): string {
  const text = JSON.stringify(value) ?? String(value);
  return clip(text, max);
}

/** "null", "an array", "a string", … */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'absent';
  return `a ${typeof value}`;
}

// ---------------------------------------------------------------------------------------------
// Whole-document judgement (input-schema-valid, output-schema-valid)

export type DocumentProblem =
  | { readonly kind: 'notObject'; readonly actual: string }
  | { readonly kind: 'rootNotObject'; readonly actual: string }
  | { readonly kind: 'unsupportedDialect'; readonly declared: string }
  | {
      readonly kind: 'invalid';
      readonly dialect: string;
      /** Pointer into the schema, '' for the root. */
      readonly pointer: string;
      readonly problem: string;
      /** How many other places in the schema have problems. */
      readonly more: number;
    };

const DIALECT_LABEL: Record<string, string> = {
  'draft-07': 'JSON Schema draft-07',
  '2019-09': 'JSON Schema 2019-09',
  '2020-12': 'JSON Schema 2020-12',
};

const SIMPLE_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

/** Ajv's words, made actionable where they are vague (a misspelt `type` is the usual case). */
function explain(schema: JsonObject, pointer: string, message: string): string {
  const value = valueAt(schema, pointer);
  if (pointer.endsWith('/type') && message.includes('allowed values') && typeof value === 'string' && !SIMPLE_TYPES.includes(value)) {
    return `${JSON.stringify(value)} is not a JSON Schema type (use one of ${SIMPLE_TYPES.join(', ')})`;
  }
  return message;
}

/**
 * Judge a tool's inputSchema/outputSchema as a document: a JSON object, (optionally) with root
 * `type: "object"`, valid in its declared dialect or in the default dialect of the negotiated
 * protocol version (2020-12 from 2025-11-25, draft-07 before).
 */
export function judgeSchemaDocument(schema: unknown, protocolVersion: string | undefined, requireObjectRoot: boolean): DocumentProblem[] {
  if (!isObject(schema)) return [{ kind: 'notObject', actual: describeValue(schema) }];
  const problems: DocumentProblem[] = [];
  const rootWrong = requireObjectRoot && schema.type !== 'object';
  if (rootWrong) problems.push({ kind: 'rootNotObject', actual: schema.type === undefined ? 'not declared' : shortJson(schema.type, 60) });

  const verdict = checkUserSchema(schema, defaultDialect(protocolVersion));
  if (verdict.ok) return problems;
  if (verdict.dialect === undefined) {
    problems.push({ kind: 'unsupportedDialect', declared: shortJson(schema.$schema, 120) });
    return problems;
  }
  // A wrong root type is already reported; do not report it a second time as a meta-schema problem.
  const rest = verdict.problems.filter((p) => !(rootWrong && p.pointer === '/type'));
  const first = rest[0];
  if (first) {
    const places = new Set(rest.map((p) => p.pointer));
    problems.push({
      kind: 'invalid',
      dialect: DIALECT_LABEL[verdict.dialect] ?? verdict.dialect,
      pointer: first.pointer,
      problem: explain(schema, first.pointer, first.message),
      more: places.size - 1,
    });
  }
  return problems;
}

export type DocumentMessageId = 'notObject' | 'rootNotObject' | 'invalid' | 'unsupportedDialect';

/** Turn document problems into reports (input-schema-valid, output-schema-valid). */
export function* documentReports(name: string, base: string, schema: unknown, problems: readonly DocumentProblem[]): Generator<Report<DocumentMessageId>> {
  for (const p of problems) {
    switch (p.kind) {
      case 'notObject':
        yield { messageId: 'notObject', data: { name, actual: p.actual }, subject: { kind: 'tool', name, pointer: base }, evidence: shortJson(schema) };
        break;
      case 'rootNotObject': {
        const type = (schema as Record<string, unknown>).type;
        yield {
          messageId: 'rootNotObject',
          data: { name, actual: p.actual },
          subject: { kind: 'tool', name, pointer: base },
          ...(type !== undefined ? { evidence: `"type": ${shortJson(type)}` } : {}),
        };
        break;
      }
      case 'unsupportedDialect':
        yield {
          messageId: 'unsupportedDialect',
          data: { name, declared: p.declared },
          subject: { kind: 'tool', name, pointer: `${base}/$schema` },
          evidence: `"$schema": ${p.declared}`,
        };
        break;
      case 'invalid': {
        const at = valueAt(schema, p.pointer);
        const last = p.pointer.split('/').pop() ?? '';
        yield {
          messageId: 'invalid',
          data: {
            name,
            dialect: p.dialect,
            location: p.pointer === '' ? 'the root' : p.pointer,
            problem: p.problem,
            more: p.more > 0 ? `; ${p.more} more place${p.more === 1 ? '' : 's'} with problems` : '',
          },
          subject: { kind: 'tool', name, pointer: `${base}${p.pointer}` },
          ...(p.pointer !== '' && at !== undefined ? { evidence: `"${last.replace(/~1/g, '/').replace(/~0/g, '~')}": ${shortJson(at)}` } : {}),
        };
        break;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Parameters

/** An input schema the parameter rules can judge: an object schema with root `type: "object"`. */
export function judgeableObjectSchema(schema: unknown): JsonObject | undefined {
  return isObject(schema) && schema.type === 'object' ? schema : undefined;
}

/** The top-level parameters of a judgeable input schema, as [name, schema] pairs. */
export function topLevelParams(schema: JsonObject): [string, unknown][] {
  return isObject(schema.properties) ? Object.entries(schema.properties) : [];
}

const NAME_SEPARATORS = /[_\-.\s]/g;

/** A parameter name reduced for comparison: lower case, without `_`, `-`, `.` (page_size ≡ pageSize). */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(NAME_SEPARATORS, '');
}

/** The `type` keyword as a list of type names ([] when absent or malformed). */
export function typesOf(schema: unknown): string[] {
  if (!isObject(schema)) return [];
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  return [];
}

/** Parameter names that set how many results a call returns (compared after normalizeName). */
export const LIMIT_NAMES: ReadonlySet<string> = new Set(
  [
    'limit', 'max_results', 'max_items', 'max_count', 'page_size', 'per_page', 'results_per_page', 'num_results',
    'count', 'top', 'size', 'max', 'n', 'first', 'last',
  ].map(normalizeName),
);

/**
 * Limit names that are also common for other things (a crop's `top`, a file's `size`, a random
 * number's `max`, fibonacci's `n`). They count as limits only in context: see isLimitParam.
 */
export const AMBIGUOUS_LIMIT_NAMES: ReadonlySet<string> = new Set(['count', 'top', 'size', 'max', 'n', 'first', 'last']);

/** Parameter names that select the next page (compared after normalizeName). */
export const OFFSET_NAMES: ReadonlySet<string> = new Set(
  [
    'offset',
    'cursor',
    'page',
    'page_token',
    'next_cursor',
    'next_page_token',
    'next_token',
    'continuation_token',
    'page_number',
    'starting_after',
    'after',
    'skip',
    'start',
    'marker',
  ].map(normalizeName),
);

// ---------------------------------------------------------------------------------------------
// Tool-name verbs

export { actionVerb } from './verbs.js';

/** Verbs of tools that return a collection and so should paginate. */
export const LISTING_VERBS: ReadonlySet<string> = new Set(['list', 'search', 'find', 'query', 'browse', 'scan']);

/**
 * Is this top-level parameter a result-count limit? Unambiguous names (limit, page_size, …) always
 * are; ambiguous ones (count, top, size, max, n, first, last) only on a listing tool, next to a
 * pagination parameter, or when their description talks about results.
 */
export function isLimitParam(toolName: string, schema: JsonObject, param: string, paramSchema: unknown): boolean {
  const norm = normalizeName(param);
  if (!LIMIT_NAMES.has(norm)) return false;
  if (!AMBIGUOUS_LIMIT_NAMES.has(norm)) return true;
  const verb = actionVerbOf(toolName);
  if (verb !== undefined && LISTING_VERBS.has(verb)) return true;
  if (topLevelParams(schema).some(([name]) => OFFSET_NAMES.has(normalizeName(name)))) return true;
  const description = isObject(paramSchema) && typeof paramSchema.description === 'string' ? paramSchema.description : '';
  return /\b(results?|items?|records?|entries|rows|matches|hits|to return|per page|page size)\b/i.test(description);
}

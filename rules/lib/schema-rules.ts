/**
 * Helpers shared by the schema-strictness and agent-ergonomics rules: judging a whole schema
 * document (input-schema-valid, output-schema-valid), walking parameters, matching parameter and
 * tool-name words. Pure functions over captured JSON; no I/O.
 */
import { isObject, type JsonObject } from '../../src/engine/capture-index.js';
import { checkUserSchema, defaultDialect } from '../../src/schema/json-schema.js';
import type { Report } from '../../src/engine/rule.js';
import { clip } from '../../src/shared/text.js';
import { jsonText } from '../../src/shared/json-text.js';

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
  const text = jsonText(value) ?? String(value);
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
    return `${jsonText(value)} is not a JSON Schema type (use one of ${SIMPLE_TYPES.join(', ')})`;
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
  if (verdict.ok || verdict.tooDeep) return problems; // too deep to judge: schema-depth-limit says so
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
export function* documentReports(
  name: string,
  base: string,
  schema: unknown,
  problems: readonly DocumentProblem[],
): Generator<Report<DocumentMessageId>> {
  for (const p of problems) {
    switch (p.kind) {
      case 'notObject':
        yield {
          messageId: 'notObject',
          data: { name, actual: p.actual },
          subject: { kind: 'tool', name, pointer: base },
          evidence: shortJson(schema),
        };
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
          ...(p.pointer !== '' && at !== undefined
            ? { evidence: `"${last.replace(/~1/g, '/').replace(/~0/g, '~')}": ${shortJson(at)}` }
            : {}),
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

// Parameter names, types and limits live in the shared layer (the pagination probe needs them too).
export {
  AMBIGUOUS_LIMIT_NAMES,
  isLimitParam,
  LIMIT_NAMES,
  LISTING_VERBS,
  normalizeName,
  OFFSET_NAMES,
  topLevelParams,
  typesOf,
} from '../../src/shared/tool-params.js';

// ---------------------------------------------------------------------------------------------
// Tool-name verbs

export { actionVerb } from '../../src/shared/verbs.js';

/**
 * A JSON report (src/report/formatters/json.ts) read back from a file nobody vouches for (a CI
 * shard): checked field by field against the shape that formatter writes, and copied into fresh
 * objects that hold only the fields `mcplint merge` uses, so an extra key (`__proto__` included),
 * a deep nest or a wrong type never reaches the merge. Fixed depth, no recursion over the input.
 * A mismatch is a JsonReportShapeError naming the field path: `servers[0].findings[3].level`.
 */
import type { DeclaredIn, TargetDescription } from '../model/capture.js';
import type { Subject } from '../engine/rule.js';
import type { SkippedRule } from '../engine/run.js';
import type { Location } from '../locate/locate.js';
import { FINDING_LEVELS } from '../shared/levels.js';
import type { BaselineEntry, BaselineSummary } from './baseline.js';
import type { BaselinedFinding, LintReport, LocatedFinding, ServerReport } from './report.js';
import type { SkippedToolEntry } from './skipped-tools.js';

/** A server of a JSON report, as merge reads it: the score and counts are there, but merge computes them again. */
export interface JsonServer extends Omit<ServerReport, 'score' | 'counts' | 'toolNames' | 'toolParameters'> {
  readonly score: number;
  readonly tools?: readonly { readonly name: string; readonly parameters: number }[];
}

export interface JsonReport {
  readonly formatVersion: number;
  readonly tool: LintReport['tool'];
  readonly servers: readonly JsonServer[];
  readonly baseline?: BaselineSummary;
  readonly skippedServers?: LintReport['skippedServers'];
}

export class JsonReportShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

type Fields = Readonly<Record<string, unknown>>;

/** `servers[0]` and `level` → `servers[0].level`; the document's own fields have no prefix. */
const at = (path: string, key: string): string => (path ? `${path}.${key}` : key);

const fail = (path: string, problem: string): never => {
  throw new JsonReportShapeError(path, problem);
};

function object(value: unknown, path: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  return value as Fields;
}

function array<T>(value: unknown, path: string, item: (value: unknown, path: string) => T): T[] {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  const items = value as unknown[];
  const out: T[] = [];
  for (let i = 0; i < items.length; i++) out.push(item(items[i], `${path}[${i}]`));
  return out;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value as string;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'must be true or false');
  return value as boolean;
}

function count(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(path, 'must be a whole number, 0 or more');
  return value as number;
}

function finite(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a number');
  return value as number;
}

function oneOf<T extends string>(choices: readonly T[]): (value: unknown, path: string) => T {
  return (value, path) => {
    if (!(choices as readonly unknown[]).includes(value)) fail(path, `must be one of ${choices.join(', ')}`);
    return value as T;
  };
}

/** An optional field: absent stays absent (undefined is not written back as a key). */
function optional<T>(fields: Fields, key: string, path: string, read: (value: unknown, path: string) => T): { [k: string]: T } {
  return Object.hasOwn(fields, key) && fields[key] !== undefined ? { [key]: read(fields[key], at(path, key)) } : {};
}

const field = <T>(fields: Fields, key: string, path: string, read: (value: unknown, path: string) => T): T =>
  Object.hasOwn(fields, key) ? read(fields[key], at(path, key)) : fail(at(path, key), 'is missing');

const strings = (value: unknown, path: string): string[] => array(value, path, string);

const ANCHORS: readonly Location['anchor'][] = ['source', 'manifest', 'entry', 'config', 'capture', 'target'];
const TRANSPORTS: readonly ServerReport['transport'][] = ['stdio', 'http', 'sse', 'none'];
const SUBJECT_KINDS: readonly Subject['kind'][] = ['server', 'transport', 'tool', 'prompt', 'resource', 'resourceTemplate'];

function location(value: unknown, path: string): Location {
  const o = object(value, path);
  return {
    uri: field(o, 'uri', path, string),
    startLine: field(o, 'startLine', path, count),
    ...optional(o, 'startColumn', path, count),
    anchor: field(o, 'anchor', path, oneOf(ANCHORS)),
  };
}

function subject(value: unknown, path: string): Subject {
  const o = object(value, path);
  const kind = field(o, 'kind', path, oneOf(SUBJECT_KINDS));
  if (kind === 'server' || kind === 'transport') return { kind };
  return { kind, name: field(o, 'name', path, string), ...optional(o, 'pointer', path, string) };
}

function finding(value: unknown, path: string): LocatedFinding {
  const o = object(value, path);
  return {
    ruleId: field(o, 'ruleId', path, string),
    messageId: field(o, 'messageId', path, string),
    level: field(o, 'level', path, oneOf(FINDING_LEVELS)),
    message: field(o, 'message', path, string),
    subject: field(o, 'subject', path, subject),
    ...optional(o, 'evidence', path, string),
    // The tools a server-wide finding names: merge scores them as the shard did (src/score/verdicts.ts).
    ...optional(o, 'tools', path, strings),
    fingerprint: field(o, 'fingerprint', path, string),
    location: field(o, 'location', path, location),
  };
}

function reasonedFinding(value: unknown, path: string): BaselinedFinding {
  return { ...finding(value, path), reason: field(object(value, path), 'reason', path, string) };
}

function declaredIn(value: unknown, path: string): DeclaredIn {
  const o = object(value, path);
  return { file: field(o, 'file', path, string), line: field(o, 'line', path, count), ...optional(o, 'serverName', path, string) };
}

function target(value: unknown, path: string): TargetDescription {
  const o = object(value, path);
  const kind = field(o, 'kind', path, oneOf(['stdio', 'http', 'listing'] as const));
  const declared = optional(o, 'declaredIn', path, declaredIn);
  if (kind === 'stdio')
    return {
      kind,
      command: field(o, 'command', path, string),
      args: field(o, 'args', path, strings),
      ...optional(o, 'cwd', path, string),
      envNames: field(o, 'envNames', path, strings),
      ...declared,
    };
  if (kind === 'http')
    return { kind, url: field(o, 'url', path, string), headerNames: field(o, 'headerNames', path, strings), ...declared };
  return {
    kind,
    file: field(o, 'file', path, string),
    ...optional(o, 'server', path, string),
    initialize: field(o, 'initialize', path, boolean),
    ...declared,
  };
}

function handshake(value: unknown, path: string): ServerReport['handshake'] {
  const o = object(value, path);
  return {
    ok: field(o, 'ok', path, boolean),
    ...optional(o, 'protocolVersion', path, string),
    ...optional(o, 'serverName', path, string),
    ...optional(o, 'serverVersion', path, string),
    ...optional(o, 'message', path, string),
  };
}

function stats(value: unknown, path: string): ServerReport['stats'] {
  const o = object(value, path);
  return {
    tools: field(o, 'tools', path, count),
    prompts: field(o, 'prompts', path, count),
    resources: field(o, 'resources', path, count),
    resourceTemplates: field(o, 'resourceTemplates', path, count),
    durationMs: field(o, 'durationMs', path, finite),
  };
}

function skippedRule(value: unknown, path: string): SkippedRule {
  const o = object(value, path);
  return {
    ruleId: field(o, 'ruleId', path, string),
    reason: field(o, 'reason', path, string),
    applicable: field(o, 'applicable', path, boolean),
  };
}

function skippedTool(value: unknown, path: string): SkippedToolEntry {
  const o = object(value, path);
  return { tool: field(o, 'tool', path, string), reason: field(o, 'reason', path, string), probes: field(o, 'probes', path, strings) };
}

function tool(value: unknown, path: string): { name: string; parameters: number } {
  const o = object(value, path);
  return { name: field(o, 'name', path, string), parameters: Object.hasOwn(o, 'parameters') ? field(o, 'parameters', path, count) : 0 };
}

function exposedTool(value: unknown, path: string): { name: string; location: Location } {
  const o = object(value, path);
  return { name: field(o, 'name', path, string), location: field(o, 'location', path, location) };
}

function server(value: unknown, path: string): JsonServer {
  const o = object(value, path);
  return {
    label: field(o, 'label', path, string),
    ...optional(o, 'position', path, count),
    target: field(o, 'target', path, target),
    transport: field(o, 'transport', path, oneOf(TRANSPORTS)),
    handshake: field(o, 'handshake', path, handshake),
    stats: field(o, 'stats', path, stats),
    score: field(o, 'score', path, finite),
    findings: field(o, 'findings', path, (v, p) => array(v, p, finding)),
    ignored: field(o, 'ignored', path, (v, p) => array(v, p, reasonedFinding)),
    ...optional(o, 'baselined', path, (v, p) => array(v, p, reasonedFinding)),
    ...optional(o, 'tools', path, (v, p) => array(v, p, tool)),
    skipped: field(o, 'skipped', path, (v, p) => array(v, p, skippedRule)),
    ...optional(o, 'skippedTools', path, (v, p) => array(v, p, skippedTool)),
    ran: field(o, 'ran', path, strings),
    ...optional(o, 'exposedTools', path, (v, p) => array(v, p, exposedTool)),
    notes: field(o, 'notes', path, strings),
  };
}

function baselineEntry(value: unknown, path: string): BaselineEntry {
  const o = object(value, path);
  return {
    fingerprint: field(o, 'fingerprint', path, string),
    rule: field(o, 'rule', path, string),
    subject: field(o, 'subject', path, string),
    message: field(o, 'message', path, string),
    reason: field(o, 'reason', path, string),
  };
}

function baseline(value: unknown, path: string): BaselineSummary {
  const o = object(value, path);
  return {
    file: field(o, 'file', path, string),
    entries: field(o, 'entries', path, count),
    matched: field(o, 'matched', path, count),
    stale: field(o, 'stale', path, (v, p) => array(v, p, baselineEntry)),
    ...optional(o, 'updated', path, boolean),
  };
}

function skippedServer(value: unknown, path: string): { name: string; reason: string } {
  const o = object(value, path);
  return { name: field(o, 'name', path, string), reason: field(o, 'reason', path, string) };
}

/**
 * The report's fields past the identifying ones (`tool` and `formatVersion`, which the caller
 * checks first for clearer messages), checked and copied. Paths start at the document's fields.
 */
export function checkJsonReport(value: Fields): JsonReport {
  const tool = object(value.tool, 'tool');
  return {
    formatVersion: field(value, 'formatVersion', '', finite),
    tool: { name: 'mcplint', version: field(tool, 'version', 'tool', string) },
    servers: array(value.servers, 'servers', server),
    ...optional(value, 'baseline', '', baseline),
    ...optional(value, 'skippedServers', '', (v, p) => array(v, p, skippedServer)),
  } as JsonReport;
}

/**
 * Who fails what, for one server: per rule, how many of the subjects it judges fail; per tool, the
 * findings that fail it. A finding about a subject fails that subject; a finding about the server
 * that names tools (a convention most of them break) fails exactly those tools; one that names none
 * fails every subject of its rule. The score and its Top fixes, the JSON rule and tool scores, the
 * HTML matrix and the checklist all read these verdicts, so no two views count a server differently.
 */
import type { Finding } from '../engine/run.js';
import type { Subject } from '../engine/rule.js';
import { judgesTools, ruleScope, type ScoredRule, type ScoreScope, type SubjectCounts } from './rule-scope.js';

/** What a verdict reads of a finding. */
export type VerdictFinding = Pick<Finding, 'ruleId' | 'messageId' | 'level' | 'subject' | 'tools'>;

export interface VerdictInput<F extends VerdictFinding = VerdictFinding> {
  /** Findings that count: reported and baselined (known but unresolved), not ignored. */
  readonly findings: readonly F[];
  /** The registry (or at least every rule that ran). */
  readonly rules: readonly ScoredRule[];
  /** Ids of the rules that ran. */
  readonly ran: readonly string[];
  readonly subjects: SubjectCounts;
  /** Parameters per tool: a finding about the server that names a tool fails each of that tool's parameters. */
  readonly toolParameters?: Readonly<Record<string, number>>;
}

export interface RuleVerdict<F extends VerdictFinding = VerdictFinding> {
  readonly rule: ScoredRule;
  readonly scope: ScoreScope;
  /** Subjects of its scope: as many as the server has, and never fewer than fail. */
  readonly applicable: number;
  readonly failing: number;
  /** Its findings, in report order. */
  readonly findings: readonly F[];
}

export interface ToolVerdict<F extends VerdictFinding = VerdictFinding> {
  readonly name: string;
  /** The findings that fail it: about it (or a part of it), or about the server, of a tool rule, naming it or no tool at all. */
  readonly findings: readonly F[];
}

/** Rules by id, built once per rule set: per-tool scores ask for it once per tool. */
const rulesById = new WeakMap<readonly ScoredRule[], ReadonlyMap<string, ScoredRule>>();
export function byId(rules: readonly ScoredRule[]): ReadonlyMap<string, ScoredRule> {
  let map = rulesById.get(rules);
  if (!map) rulesById.set(rules, (map = new Map(rules.map((r) => [r.id, r]))));
  return map;
}

/**
 * A verdict for every rule of the registry that ran or has findings and judges at least one
 * subject here (prompt rules on a server without prompts judge nothing), in the order rules ran.
 */
export function ruleVerdicts<F extends VerdictFinding>(input: VerdictInput<F>): RuleVerdict<F>[] {
  const ruleById = byId(input.rules);
  const findingsByRule = new Map<string, F[]>();
  for (const f of input.findings) {
    if (!ruleById.has(f.ruleId)) continue;
    let list = findingsByRule.get(f.ruleId);
    if (!list) findingsByRule.set(f.ruleId, (list = []));
    list.push(f);
  }
  const out: RuleVerdict<F>[] = [];
  for (const id of new Set([...input.ran, ...findingsByRule.keys()])) {
    const rule = ruleById.get(id);
    if (!rule) continue;
    const scope = ruleScope(rule);
    const findings = findingsByRule.get(id) ?? [];
    const { failing, whole } = failingSubjects(findings, scope, input.toolParameters);
    const counted = scope === 'server' ? 1 : input.subjects[scope];
    const applicable = Math.max(counted, failing);
    if (applicable === 0) continue;
    out.push({ rule, scope, applicable, failing: whole ? applicable : failing, findings });
  }
  return out;
}

/**
 * Per tool, the findings that fail it: every listed tool in list order, then any other tool a
 * finding is about or names (a duplicate name, a tool the list lost).
 */
export function toolVerdicts<F extends VerdictFinding>(input: VerdictInput<F>, listed: readonly string[]): ToolVerdict<F>[] {
  const ruleById = byId(input.rules);
  const byTool = new Map<string, F[]>(listed.map((name) => [name, []]));
  const toolsOf = (f: F): readonly string[] | 'every' | undefined => {
    if (f.subject.kind === 'tool') return [f.subject.name];
    if (f.subject.kind !== 'server' && f.subject.kind !== 'transport') return undefined;
    const rule = ruleById.get(f.ruleId);
    if (!rule || !judgesTools(rule)) return undefined;
    return f.tools ?? 'every';
  };
  for (const f of input.findings) {
    const tools = toolsOf(f);
    if (Array.isArray(tools)) for (const name of tools) if (!byTool.has(name)) byTool.set(name, []);
  }
  for (const f of input.findings) {
    const tools = toolsOf(f);
    if (tools === 'every') for (const list of byTool.values()) list.push(f);
    else for (const name of tools ?? []) byTool.get(name)!.push(f);
  }
  return [...byTool].map(([name, findings]) => ({ name, findings }));
}

/** How many of a rule's subjects its findings fail; `whole`: a finding about the server names no tool, so every subject fails. */
function failingSubjects(
  findings: readonly VerdictFinding[],
  scope: ScoreScope,
  toolParameters: Readonly<Record<string, number>> | undefined,
): { failing: number; whole: boolean } {
  if (findings.length === 0) return { failing: 0, whole: false };
  if (scope === 'server') return { failing: 1, whole: true };
  /** Failing subject key → the tool it is (a part of), if any. */
  const keys = new Map<string, string | undefined>();
  const namedTools = new Set<string>();
  let whole = false;
  for (const f of findings) {
    const s = f.subject;
    if (s.kind === 'server' || s.kind === 'transport') {
      if (f.tools) for (const name of f.tools) namedTools.add(name);
      else whole = true;
    } else keys.set(subjectKeyIn(s, scope), s.kind === 'tool' ? s.name : undefined);
  }
  if (scope !== 'parameters') {
    for (const name of namedTools) keys.set(subjectKeyIn({ kind: 'tool', name }, scope), name);
    return { failing: keys.size, whole };
  }
  // A named tool fails each of its parameters (at least one subject, when it has none).
  let failing = 0;
  for (const name of namedTools) failing += Math.max(1, toolParameters?.[name] ?? 0);
  for (const tool of keys.values()) if (tool === undefined || !namedTools.has(tool)) failing++;
  return { failing, whole };
}

function subjectKeyIn(subject: Exclude<Subject, { kind: 'server' | 'transport' }>, scope: ScoreScope): string {
  return scope === 'parameters' ? `${subject.kind}:${subject.name}#${subject.pointer ?? ''}` : `${subject.kind}:${subject.name}`;
}

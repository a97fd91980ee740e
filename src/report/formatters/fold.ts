/**
 * Folding for the text report: the findings of one rule about many subjects (20 tools that are not
 * snake_case) become one line naming the subjects, instead of a wall of the same sentence.
 * `--no-fold` / `--verbose` turn it off.
 */
import { subjectKey, type Subject } from '../../engine/rule.js';
import type { LocatedFinding } from '../report.js';

/** A rule is folded from this many findings about at least two subjects. */
export const FOLD_MIN_FINDINGS = 4;
/** Subjects named in a fold's line; the rest are counted. */
export const FOLD_NAMES = 8;

export interface Fold {
  readonly ruleId: string;
  readonly findings: readonly LocatedFinding[];
  /** The distinct subjects (a parameter's tool), in report order. */
  readonly subjects: readonly Subject[];
}

export function foldFindings(findings: readonly LocatedFinding[], enabled: boolean): { folds: Fold[]; rest: LocatedFinding[] } {
  if (!enabled) return { folds: [], rest: [...findings] };
  const byRule = new Map<string, LocatedFinding[]>();
  for (const f of findings) {
    let list = byRule.get(f.ruleId);
    if (!list) byRule.set(f.ruleId, (list = []));
    list.push(f);
  }
  const folds: Fold[] = [];
  for (const [ruleId, list] of byRule) {
    const subjects = new Map<string, Subject>();
    for (const f of list) subjects.set(subjectKey(groupSubject(f.subject)), groupSubject(f.subject));
    if (list.length >= FOLD_MIN_FINDINGS && subjects.size >= 2) folds.push({ ruleId, findings: list, subjects: [...subjects.values()] });
  }
  const folded = new Set(folds.map((f) => f.ruleId));
  return { folds, rest: findings.filter((f) => !folded.has(f.ruleId)) };
}

/** "tool-name-snake-case · 20 tools: aggregate-db, list-collections, … (+12)". */
export function foldHeadline(fold: Fold): string {
  const kinds = new Set(fold.subjects.map((s) => s.kind));
  const kind = kinds.size === 1 ? [...kinds][0]! : 'subject';
  const noun = `${fold.subjects.length} ${kindPlural(kind)}`;
  const count = fold.findings.length > fold.subjects.length ? `${fold.findings.length} findings on ${noun}` : noun;
  const names = fold.subjects.slice(0, FOLD_NAMES).map(subjectName);
  const rest = fold.subjects.length - names.length;
  return `${fold.ruleId} · ${count}: ${names.join(', ')}${rest > 0 ? `, … (+${rest})` : ''}`;
}

/** Findings about a part of a tool (a parameter) belong to the tool. */
export function groupSubject(s: Subject): Subject {
  return s.kind === 'server' || s.kind === 'transport' ? s : { kind: s.kind, name: s.name };
}

function subjectName(s: Subject): string {
  return s.kind === 'server' || s.kind === 'transport' ? s.kind : s.name;
}

function kindPlural(kind: string): string {
  return kind === 'resourceTemplate' ? 'resource templates' : `${kind}s`;
}

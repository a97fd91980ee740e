/**
 * The HTML report's matrix: one row per tool (and one for everything that is not a tool: the
 * server, its transport, prompts and resources), one column per rule category, each cell the worst
 * level of that row's findings in that category, "pass" when a rule of the category judged the row
 * and found nothing, "unchecked" when none did. Ignored and baselined findings are set aside, as in
 * the checklist.
 */
import type { Category, Rule, Severity } from '../../engine/rule.js';
import { ruleScope } from '../../score/score.js';
import { toolScores, type LocatedFinding, type ServerReport, type ToolScore } from '../report.js';

export type CellStatus = Severity | 'pass' | 'unchecked';

export interface MatrixCell {
  readonly category: Category;
  readonly status: CellStatus;
  readonly findings: readonly LocatedFinding[];
}

export interface MatrixRow {
  /** A tool's name, or undefined for the row of the server and its other subjects. */
  readonly tool?: string;
  /** The tool's own score (src/report/report.ts toolScores). */
  readonly score?: ToolScore;
  readonly cells: readonly MatrixCell[];
  /** Findings of rules this registry does not know (a merged report from another version). */
  readonly uncategorised: readonly LocatedFinding[];
}

export interface Matrix {
  /** Categories that ran or have findings on this server, in the registry's order. */
  readonly categories: readonly Category[];
  readonly rows: readonly MatrixRow[];
}

const WORST_FIRST: readonly Severity[] = ['error', 'warning', 'note'];

export function buildMatrix(server: ServerReport, rules: readonly Rule[]): Matrix {
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const ran = new Set(server.ran);
  const judgesTools = (rule: Rule) => ruleScope(rule) === 'tools' || ruleScope(rule) === 'parameters';
  const present = new Set<Category>();
  for (const id of [...server.ran, ...server.findings.map((f) => f.ruleId)]) {
    const rule = ruleById.get(id);
    if (rule) present.add(rule.category);
  }
  const categories = [...new Set(rules.map((r) => r.category))].filter((c) => present.has(c));

  const byRow = new Map<string | undefined, LocatedFinding[]>();
  const scores = toolScores(server, rules);
  for (const s of scores) byRow.set(s.name, []);
  byRow.set(undefined, []);
  for (const f of server.findings) {
    const key = f.subject.kind === 'tool' ? f.subject.name : undefined;
    let list = byRow.get(key);
    if (!list) byRow.set(key, (list = []));
    list.push(f);
  }
  const scoreOf = new Map(scores.map((s) => [s.name, s]));

  const rows = [...byRow].map(([tool, findings]): MatrixRow => {
    const cells = categories.map((category): MatrixCell => {
      const inCategory = findings.filter((f) => ruleById.get(f.ruleId)?.category === category);
      const worst = WORST_FIRST.find((level) => inCategory.some((f) => f.level === level));
      if (worst) return { category, status: worst, findings: inCategory };
      // Tool rows are judged by the rules that score tools or their parameters; the other row by the rest.
      const judged = rules.some((r) => r.category === category && ran.has(r.id) && judgesTools(r) === (tool !== undefined));
      return { category, status: judged && server.handshake.ok ? 'pass' : 'unchecked', findings: [] };
    });
    const uncategorised = findings.filter((f) => !ruleById.has(f.ruleId));
    const score = tool === undefined ? undefined : scoreOf.get(tool);
    return { ...(tool !== undefined ? { tool } : {}), ...(score ? { score } : {}), cells, uncategorised };
  });
  // The server's row last: tools are what the matrix is for.
  const serverRow = rows.findIndex((r) => r.tool === undefined);
  return { categories, rows: [...rows.slice(0, serverRow), ...rows.slice(serverRow + 1), rows[serverRow]!] };
}

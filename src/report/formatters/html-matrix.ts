/**
 * The HTML report's matrix: one row per tool (and one for everything that is not a tool: the
 * server, its transport, prompts and resources), one column per rule category, each cell the worst
 * level of the findings that fail that row under the category's rules, "pass" when a rule of the
 * category judged the row and nothing fails it, "unchecked" when none did. Read from the server's
 * verdicts (src/report/report.ts serverVerdicts), as the scores are: a finding about the server
 * that names tools fails each of those tools' cells; a finding about a tool, of a rule that judges
 * the server as a whole, fails the server's row too. Ignored findings are set aside; baselined
 * ones are unresolved, so they fail their cells.
 */
import type { Category, Rule, Severity } from '../../engine/rule.js';
import { judgesTools } from '../../score/rule-scope.js';
import { worstFirst } from './order.js';
import { serverVerdicts, toolScores, type LocatedFinding, type ServerReport, type ToolScore } from '../report.js';

export type CellStatus = Severity | 'pass' | 'unchecked';

export interface MatrixCell {
  readonly category: Category;
  readonly status: CellStatus;
  /** The findings that fail the row under this category's rules, worst first. */
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
  /**
   * The row each finding is listed under: its tool's, else the server's. A cell's other findings
   * (a server-wide finding in a tool's cell) are listed once, there, and only referred to.
   */
  readonly listedIn: ReadonlyMap<LocatedFinding, number>;
}

export function buildMatrix(server: ServerReport, rules: readonly Rule[]): Matrix {
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const verdicts = serverVerdicts(server, rules);
  const counted = [...server.findings, ...(server.baselined ?? [])];
  const present = new Set<Category>();
  for (const id of [...server.ran, ...counted.map((f) => f.ruleId)]) {
    const rule = ruleById.get(id);
    if (rule) present.add(rule.category);
  }
  const categories = [...new Set(rules.map((r) => r.category))].filter((c) => present.has(c));
  // Tool rows are judged by the rules that judge tools or their parameters; the other row by the rest.
  const judged = { tools: new Set<Category>(), server: new Set<Category>() };
  if (server.handshake.ok) for (const v of verdicts.rules) judged[judgesTools(v.rule) ? 'tools' : 'server'].add(v.rule.category);

  const row = (tool: string | undefined, failing: readonly LocatedFinding[], score?: ToolScore): MatrixRow => {
    const cells = categories.map((category): MatrixCell => {
      const inCategory = worstFirst(failing.filter((f) => ruleById.get(f.ruleId)?.category === category));
      if (inCategory.length > 0) return { category, status: inCategory[0]!.level, findings: inCategory };
      return { category, status: judged[tool === undefined ? 'server' : 'tools'].has(category) ? 'pass' : 'unchecked', findings: [] };
    });
    const uncategorised = failing.filter((f) => !ruleById.has(f.ruleId));
    return { ...(tool !== undefined ? { tool } : {}), ...(score ? { score } : {}), cells, uncategorised };
  };

  const scoreOf = new Map(toolScores(server, rules).map((s) => [s.name, s]));
  const rows = verdicts.tools.map((v) => row(v.name, v.findings, scoreOf.get(v.name)));
  // The server's row: what is not about a tool, and a tool's findings of rules that judge the server as a whole.
  const serverFailing = counted.filter((f) => {
    if (f.subject.kind !== 'tool') return true;
    const rule = ruleById.get(f.ruleId);
    return rule !== undefined && !judgesTools(rule);
  });
  // The server's row last: tools are what the matrix is for.
  rows.push(row(undefined, serverFailing));
  const toolRow = new Map(verdicts.tools.map((v, i) => [v.name, i]));
  const serverRow = rows.length - 1;
  const listedIn = new Map<LocatedFinding, number>();
  for (const f of counted) listedIn.set(f, f.subject.kind === 'tool' ? (toolRow.get(f.subject.name) ?? serverRow) : serverRow);
  return { categories, rows, listedIn };
}

/**
 * `mcplint_lint_server`: lint one server through the lint-session core (src/session/lint-session.ts:
 * the one lint path), keep the report so a cursor can page through it, and answer with the score,
 * the counts, one page of findings and, from the second lint of a target on, what changed.
 */
import type { LiveProgress } from '../../connect/reaper.js';
import { ConfigError } from '../../shared/errors.js';
import { createLintSession, LintCancelled } from '../../session/lint-session.js';
import { decodeCursor, findingsPage, type FindingEntry } from './findings-page.js';
import { KEPT_LINTS, type KeptLint, type LintStore } from './lint-store.js';
import { startProgress } from './progress.js';
import { targetOptions } from './target-options.js';
import type { ToolContext } from './tool-context.js';
import { oneLine, toolError, toolResult, type ResponseFormat, type ToolResult } from './tool-result.js';

export async function lintServerTool(args: Record<string, unknown>, context: ToolContext, store: LintStore): Promise<ToolResult> {
  const format = args.response_format as ResponseFormat;
  const limit = args.limit as number;
  if (typeof args.cursor === 'string') {
    const cursor = decodeCursor(args.cursor);
    if (!cursor)
      return toolError(
        'this cursor is not one mcplint_lint_server gave',
        'Pass next_cursor exactly as it came, or lint again without cursor.',
      );
    const kept = store.lint(cursor.lintId);
    if (!kept)
      return toolError(
        `the lint this cursor pages through is no longer kept (the last ${KEPT_LINTS} are)`,
        'Run mcplint_lint_server again without cursor, then page from its next_cursor.',
      );
    return answer(kept, cursor.offset, limit, format);
  }

  const target = targetOptions(args);
  if (!target.ok)
    return toolError(target.problem, 'Example: {"command": "node", "args": ["dist/index.js"]} or {"url": "http://localhost:3000/mcp"}.');
  const session = store.session(target.key, () => createLintSession(target.options));
  let sessions: () => LiveProgress[] = () => [];
  const progress = startProgress(context.progress, () => sessions());
  try {
    const run = await session.lint({ signal: context.signal, onStart: (read) => (sessions = read) });
    const server = run.outcome.report.servers[0];
    if (!server) return toolError('mcplint found no server to lint', 'Check command, args and cwd (or url).');
    const delta = run.runNumber > 1 ? run.delta.servers[0] : undefined;
    const notes = [...server.notes, ...(run.outcome.report.skippedServers ?? []).map((s) => `skipped ${s.name}: ${s.reason}`)];
    return answer(store.keep({ server, ...(delta ? { delta } : {}), notes }), 0, limit, format);
  } catch (error) {
    if (error instanceof LintCancelled)
      return toolError('the lint was cancelled and the server process was stopped', 'Run it again when you want the report.');
    const problems = error instanceof ConfigError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error);
    return toolError(
      `mcplint could not lint this server: ${oneLine(problems, 2000)}`,
      'Check command, args and cwd (or url, or config_file and server) and the rules ("rule-id=off|note|warning|error"), then try again.',
    );
  } finally {
    progress.stop();
  }
}

function answer(kept: KeptLint, offset: number, limit: number, format: ResponseFormat): ToolResult {
  const { server, delta } = kept;
  const page = findingsPage(server.findings, kept.id, offset, limit, (entry) =>
    Math.max(printedJsonLength(entry), findingLine(entry).length),
  );
  const handshake = server.handshake;
  const data: Record<string, unknown> = {
    server: server.label,
    handshake_ok: handshake.ok,
    ...(handshake.protocolVersion ? { protocol_version: handshake.protocolVersion } : {}),
    score: { score: server.score.score, grade: server.score.grade },
    counts: { error: server.counts.error, warning: server.counts.warning, note: server.counts.note },
    total_count: server.findings.length,
    count: page.findings.length,
    offset: page.offset,
    has_more: page.has_more,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    findings: page.findings,
    skipped_rules: server.skipped.filter((s) => s.applicable).length,
    ...(delta
      ? {
          changes: {
            added: delta.added.length,
            fixed: delta.fixed.length,
            fixed_rule_ids: [...new Set(delta.fixed.map((f) => f.ruleId))],
            set_aside: delta.setAside.length,
            score_before: delta.before?.score ?? 0,
            score_after: delta.after?.score ?? 0,
          },
        }
      : {}),
    notes: kept.notes.slice(0, 5).map((n) => oneLine(n, 300)),
  };
  return toolResult(data, format, markdown);
}

function markdown(data: Record<string, unknown>): string {
  const score = data.score as { score: number; grade: string };
  const counts = data.counts as Record<string, number>;
  const findings = data.findings as FindingEntry[];
  const changes = data.changes as
    | { added: number; fixed: number; set_aside: number; score_before: number; score_after: number; fixed_rule_ids: string[] }
    | undefined;
  const lines = [
    `# mcplint: ${oneLine(String(data.server), 200)}`,
    '',
    `Score **${score.score}** (${score.grade}) · ${counts.error} error(s), ${counts.warning} warning(s), ${counts.note} note(s)` +
      (data.handshake_ok ? '' : ' · **the handshake failed**'),
  ];
  if (changes) {
    lines.push(
      `Since the last lint: ${changes.added} new, ${changes.fixed} fixed${changes.fixed_rule_ids.length > 0 ? ` (${changes.fixed_rule_ids.join(', ')})` : ''}${changes.set_aside > 0 ? `, ${changes.set_aside} now ignored or baselined` : ''}; score ${changes.score_before} → ${changes.score_after}`,
    );
  }
  lines.push('');
  if (findings.length === 0) lines.push(data.total_count === 0 ? 'No findings.' : 'No findings on this page.');
  else {
    const first = (data.offset as number) + 1;
    lines.push(`## Findings ${first}-${first + findings.length - 1} of ${data.total_count}`, '', ...findings.map(findingLine));
  }
  if (data.has_more) lines.push('', `More: call mcplint_lint_server with cursor "${String(data.next_cursor)}".`);
  else if (findings.length > 0) lines.push('', 'mcplint_explain_rule explains each rule_id and how to fix it.');
  const skipped = data.skipped_rules as number;
  if (skipped > 0) lines.push('', `${skipped} rule(s) could not judge this server (their data was missing).`);
  for (const note of data.notes as string[]) lines.push(`- note: ${note}`);
  return lines.join('\n') + '\n';
}

function findingLine(f: FindingEntry): string {
  return (
    `- **${f.level}** \`${f.rule_id}\` ${f.subject}: ${f.message}` +
    (f.location ? ` (${f.location})` : '') +
    (f.evidence ? `\n  evidence: ${f.evidence}` : '') +
    (f.fix ? `\n  fix: ${f.fix}` : '')
  );
}

/** An entry's length as the JSON answer prints it: inside `findings`, each of its lines indented 4 more, then a comma and a newline. */
function printedJsonLength(entry: object): number {
  const json = JSON.stringify(entry, null, 2);
  return json.length + 4 * json.split('\n').length + 2;
}

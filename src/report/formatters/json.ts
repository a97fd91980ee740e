/**
 * The JSON format: a stable, documented document (see docs/usage.md, "Output formats"). Field names only
 * grow between minor versions; `formatVersion` changes if anything is removed or renamed.
 */
import { serverRuleScores, setAside, toolScores, totals } from '../report.js';
import type { Formatter } from './types.js';

export const JSON_FORMAT_VERSION = 1;

export const json: Formatter = (report, context) => {
  const document = {
    formatVersion: JSON_FORMAT_VERSION,
    tool: report.tool,
    summary: { ...totals(report), ...setAside(report) },
    servers: report.servers.map((s) => ({
      label: s.label,
      ...(s.position !== undefined ? { position: s.position } : {}),
      target: s.target,
      transport: s.transport,
      handshake: s.handshake,
      stats: s.stats,
      score: s.score.score,
      grade: s.score.grade,
      ...(s.score.cappedBy ? { scoreCappedBy: s.score.cappedBy } : {}),
      // `rule`, not `ruleId`: scripts that search the JSON for a rule's findings by `"ruleId"` must not match these.
      ruleScores: serverRuleScores(s, context.rules).map(({ ruleId, ...part }) => ({ rule: ruleId, ...part })),
      counts: s.counts,
      findings: s.findings.map(({ frame: _frame, related: _related, ...f }) => f),
      ignored: s.ignored.map(({ frame: _frame, related: _related, ...f }) => f),
      baselined: (s.baselined ?? []).map(({ frame: _frame, related: _related, ...f }) => f),
      tools: toolScores(s, context.rules).map((t) => ({ ...t, parameters: s.toolParameters?.[t.name] ?? 0 })),
      skipped: s.skipped,
      ...(s.skippedTools ? { skippedTools: s.skippedTools } : {}),
      ran: s.ran,
      ...(s.exposedTools ? { exposedTools: s.exposedTools } : {}),
      notes: s.notes,
    })),
    ...(report.baseline ? { baseline: report.baseline } : {}),
    ...(report.skippedServers ? { skippedServers: report.skippedServers } : {}),
  };
  return JSON.stringify(document, null, 2) + '\n';
};

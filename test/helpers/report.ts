/**
 * Build LintReports for formatter tests from in-memory captures, the real runner and the real
 * report builder, without depending on how many rules the registry holds.
 */
import type { Capture } from '../../src/model/capture.js';
import type { Anchors } from '../../src/locate/locate.js';
import { fingerprint } from '../../src/engine/fingerprint.js';
import { interpolate, type Severity, type Subject } from '../../src/engine/rule.js';
import { runRules, type Finding, type RuleSetting, type RunResult } from '../../src/engine/run.js';
import { buildServerReport, type LintReport, type ServerReport } from '../../src/report/report.js';
import { VERSION } from '../../src/shared/version.js';
import { rules } from '../../rules/index.js';
import type { FormatContext } from '../../src/report/formatters/types.js';

export const ANCHORS: Anchors = { fallback: 'node', manifest: { uri: 'package.json', line: 3 } };

export const CONTEXT: FormatContext = { rules, color: false };

/** Settings that turn every registered rule off except `only` (at its default level). */
export function onlySettings(only: readonly string[]): Map<string, RuleSetting> {
  return new Map(
    rules.map((r) => [r.id, { level: only.includes(r.id) ? (r.severity === 'off' ? 'warning' : r.severity) : 'off', options: {} }]),
  );
}

/** Run rules over a capture and build its server report. `only`: run just these rules. */
export function serverReport(capture: Capture, options: { only?: readonly string[]; anchors?: Anchors } = {}): ServerReport {
  const settings = options.only ? onlySettings(options.only) : new Map<string, RuleSetting>();
  const result = runRules(capture, { rules, settings });
  return buildServerReport(capture, result, options.anchors ?? ANCHORS, rules);
}

/** A server report from hand-made findings (any subject kinds), through the real report builder. */
export function reportWithFindings(
  capture: Capture,
  findings: readonly { ruleId: string; subject: Subject; level?: Severity; evidence?: string; key?: string; messageId?: string }[],
  anchors: Anchors = ANCHORS,
): ServerReport {
  const made: Finding[] = findings.map((f) => {
    const rule = rules.find((r) => r.id === f.ruleId);
    const messageId = f.messageId ?? Object.keys(rule?.messages ?? { missing: '' })[0]!;
    const name = f.subject.kind === 'server' || f.subject.kind === 'transport' ? f.subject.kind : f.subject.name;
    return {
      ruleId: f.ruleId,
      messageId,
      level: f.level ?? 'warning',
      message: interpolate(rule?.messages[messageId] ?? `Problem with ${name}.`, { name }),
      subject: f.subject,
      ...(f.evidence !== undefined ? { evidence: f.evidence } : {}),
      fingerprint: fingerprint(f.ruleId, f.subject, messageId, f.key),
    };
  });
  const result: RunResult = { findings: made, ignored: [], skipped: [], ran: rules.map((r) => r.id) };
  return buildServerReport(capture, result, anchors, rules);
}

export function lintReport(...servers: ServerReport[]): LintReport {
  return { tool: { name: 'mcplint', version: VERSION }, servers };
}

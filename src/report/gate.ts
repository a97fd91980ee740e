/**
 * When a run fails (exit 1), decided from the report alone: findings at or above --fail-on (default
 * error), more warnings than --max-warnings, a score below --min-score, or stale baseline entries
 * with --strict-baseline, a skipped server with --fail-on-skipped. Baselined and ignored findings never fail a run. Also the --quiet view.
 */
import type { Severity } from '../engine/rule.js';
import type { LintReport } from './report.js';
import { totals } from './report.js';

export const FAIL_ON = ['error', 'warning', 'note', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface GateOptions {
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
  readonly minScore?: number;
  readonly strictBaseline?: boolean;
  /** --fail-on-skipped (or the config's failOnSkipped): a server of the client config that was not linted fails the run. */
  readonly failOnSkipped?: boolean;
}

export interface GateResult {
  readonly failed: boolean;
  /** Why, one line each, for stderr (absent when the only reason is error findings, which the report shows). */
  readonly reasons: readonly string[];
}

const RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, note: 2 };

export function gate(report: LintReport, options: GateOptions): GateResult {
  const sum = totals(report);
  const reasons: string[] = [];
  let failed = false;
  const failOn = options.failOn ?? 'error';
  if (failOn !== 'none') {
    const limit = RANK[failOn];
    const hits = (['error', 'warning', 'note'] as const).filter((level) => RANK[level] <= limit && sum[level] > 0);
    if (hits.length > 0) {
      failed = true;
      if (failOn !== 'error')
        reasons.push(`findings at --fail-on ${failOn} or above: ${hits.map((l) => `${sum[l]} ${l}${sum[l] === 1 ? '' : 's'}`).join(', ')}`);
    }
  }
  if (options.maxWarnings !== undefined && sum.warning > options.maxWarnings) {
    failed = true;
    reasons.push(`${sum.warning} warning${sum.warning === 1 ? ' exceeds' : 's exceed'} --max-warnings ${options.maxWarnings}`);
  }
  if (options.minScore !== undefined) {
    for (const server of report.servers) {
      if (server.score.score < options.minScore) {
        failed = true;
        reasons.push(`${server.label} scores ${server.score.score}/100 (${server.score.grade}), below --min-score ${options.minScore}`);
      }
    }
  }
  const stale = report.baseline?.stale.length ?? 0;
  if (options.strictBaseline && stale > 0) {
    failed = true;
    reasons.push(
      `${stale} stale baseline entr${stale === 1 ? 'y' : 'ies'} in ${report.baseline!.file} (--strict-baseline); remove with --update-baseline`,
    );
  }
  const skipped = report.skippedServers ?? [];
  if (options.failOnSkipped && skipped.length > 0) {
    failed = true;
    const names = skipped.map((s) => `"${s.name}"`).join(', ');
    reasons.push(`${skipped.length} server${skipped.length === 1 ? '' : 's'} skipped (not linted): ${names} (--fail-on-skipped)`);
  }
  return { failed, reasons };
}

/** The report as --quiet shows it: error-level findings only (exit codes still use the full report). */
export function quietView(report: LintReport): LintReport {
  return {
    ...report,
    servers: report.servers.map((s) => ({
      ...s,
      findings: s.findings.filter((f) => f.level === 'error'),
      counts: { error: s.counts.error, warning: 0, note: 0 },
    })),
  };
}

/**
 * Baselines applied to a report (the baseline itself, its entries and file text, is
 * src/report/baseline.ts). Pure: the CLI reads and writes the file (src/report/baseline-file.ts).
 */
import { baselineAccepting, type Baseline } from './baseline.js';
import type { BaselinedFinding, LintReport, LocatedFinding, ServerReport } from './report.js';
import { countLevels } from '../shared/levels.js';

/**
 * Move every finding whose fingerprint is in the baseline from `findings` to `baselined` and
 * recount. Scores are left as they were: a baselined finding is still a real, unresolved problem
 * (unlike an ignored one, which is an accepted decision), so it keeps costing points.
 */
export function applyBaseline(report: LintReport, baseline: Baseline, file: string): LintReport {
  const byFingerprint = new Map(baseline.entries.map((e) => [e.fingerprint, e]));
  const used = new Set<string>();
  let matched = 0;
  const servers = report.servers.map((server): ServerReport => {
    const kept: LocatedFinding[] = [];
    const baselined: BaselinedFinding[] = [...(server.baselined ?? [])];
    for (const finding of server.findings) {
      const entry = byFingerprint.get(finding.fingerprint);
      if (entry) {
        used.add(entry.fingerprint);
        matched++;
        baselined.push({ ...finding, reason: entry.reason });
      } else kept.push(finding);
    }
    // Ignored findings are accepted already; an entry for one is not stale.
    for (const f of server.ignored) if (byFingerprint.has(f.fingerprint)) used.add(f.fingerprint);
    return { ...server, findings: kept, baselined, counts: countLevels(kept) };
  });
  const stale = baseline.entries.filter((e) => !used.has(e.fingerprint));
  return { ...report, servers, baseline: { file, entries: baseline.entries.length, matched, stale } };
}

/** The baseline that accepts every current finding of the report, new and already baselined. */
export function updatedBaseline(report: LintReport, previous: Baseline | undefined): Baseline {
  return baselineAccepting(
    report.servers.flatMap((server) => [...server.findings, ...(server.baselined ?? [])]),
    previous,
  );
}

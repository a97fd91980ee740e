/**
 * The fixes of a linted run: each server's findings handed to src/fix/ with its source index
 * (loaded here, only when a run computes fixes: --fix, --diff, or a JSON or SARIF output), and
 * the report with every fixable finding carrying its fix and edits.
 */
import type { Rule } from '../engine/rule.js';
import type { PlannedFindingFix } from '../fix/plan-fixes.js';
import type { SourceIndex } from '../model/source-index.js';
import type { LintReport, LocatedFinding } from '../report/report.js';
import type { Finding } from '../engine/run.js';
import { relative, resolve, sep } from 'node:path';
import type { LintOutcome } from './lint.js';

export interface ServerFixes {
  /** The server's place in the report. */
  readonly server: number;
  readonly source: SourceIndex;
  readonly fixes: readonly PlannedFindingFix[];
}

export interface PlannedRun {
  readonly report: LintReport;
  readonly servers: readonly ServerFixes[];
}

export async function planRunFixes(outcome: LintOutcome, rules: readonly Rule[], cwd: string): Promise<PlannedRun> {
  const { report, sources } = outcome;
  if (!sources.some((s) => s !== undefined && s.registrations.length + s.stdoutWrites.length > 0)) return { report, servers: [] };
  const { planFixes } = await import('../fix/plan-fixes.js');
  const servers: ServerFixes[] = [];
  for (const [i, server] of report.servers.entries()) {
    const source = sources[i];
    if (!source) continue;
    const protocolVersion = server.handshake.protocolVersion;
    const findings = server.findings.map((f) => withSourcePosition(f, source, cwd));
    const fixes = await planFixes({ findings, source, ...(protocolVersion ? { protocolVersion } : {}) }, rules, cwd);
    if (fixes.length > 0) servers.push({ server: i, source, fixes });
  }
  return { report: withFixes(report, servers), servers };
}

/** The finding with its place in the source index's coordinates (`at`), which a located finding keeps only as its location. */
function withSourcePosition(finding: LocatedFinding, source: SourceIndex, cwd: string): Finding {
  const { location } = finding;
  if (finding.at || location.anchor !== 'source') return finding;
  const file = relative(source.root, resolve(cwd, location.uri)).split(sep).join('/');
  return { ...finding, at: { file, line: location.startLine, column: location.startColumn ?? 1 } };
}

function withFixes(report: LintReport, servers: readonly ServerFixes[]): LintReport {
  if (servers.length === 0) return report;
  return {
    ...report,
    servers: report.servers.map((server, i) => {
      const planned = servers.find((s) => s.server === i);
      if (!planned) return server;
      const byFingerprint = new Map(planned.fixes.map((f) => [f.fingerprint, f.fix]));
      return {
        ...server,
        findings: server.findings.map((f) => {
          const fix = byFingerprint.get(f.fingerprint);
          return fix ? { ...f, fix } : f;
        }),
      };
    }),
  };
}

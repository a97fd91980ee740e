/**
 * `mcplint merge`: JSON reports of several runs (CI shards: `--shard i/n` on a matrix) combined
 * into one report, which any formatter can then write. Servers of client-config runs come back in
 * the config's order (each JSON server carries its `position`), so the merge of every shard equals
 * the unsharded run. The cross-server rules the shards left waiting are judged here, by the same
 * judge as a lint, over what the reports keep of each server (its peer view); every server's
 * counts and score are computed again from its findings, by the same code as a lint's.
 */
import type { BaselineEntry, BaselineSummary } from '../report/baseline.js';
import { ConfigError } from '../config/config.js';
import { startJudgement } from '../engine/judge.js';
import type { PeerServer, Rule } from '../engine/rule.js';
import { mergeRunResults, type RuleSetting, type RunResult } from '../engine/run.js';
import { JSON_FORMAT_VERSION } from '../report/formatters/json.js';
import { SHARDED_PEERS } from '../session/judge.js';
import { checkJsonReport, JsonReportShapeError, type JsonReport, type JsonServer } from '../report/json-report-shape.js';
import { targetText } from '../model/capture.js';
import { clip } from '../shared/text.js';
import { judgedServerReport, type LintReport, type LocatedFinding, type ServerHeader, type ServerReport } from '../report/report.js';

export interface MergeContext {
  readonly rules: readonly Rule[];
  readonly settings: ReadonlyMap<string, RuleSetting>;
}

/** Merge JSON reports, given as [name for messages, text]; cross-server rules that shards deferred run here. */
export function mergeReports(documents: readonly (readonly [string, string])[], context: MergeContext): LintReport {
  if (documents.length === 0) throw new ConfigError('merge: give at least one JSON report (mcplint --format json)');
  const reports = documents.map(([name, text]) => parseReport(name, text));
  refuseRepeatedServers(documents.map(([name], i) => [name, reports[i]!] as const));
  const servers = reports
    .flatMap((r) => r.servers)
    .map((s, arrival) => ({ s, arrival }))
    // Config order where known (client-config runs), else the order the reports were given.
    .sort((a, b) => (a.s.position ?? Infinity) - (b.s.position ?? Infinity) || a.arrival - b.arrival)
    .map(({ s }) => s);
  const judged = judgeMerged(servers, context);
  const baseline = mergeBaselines(
    reports.map((r) => r.baseline).filter((b): b is BaselineSummary => b !== undefined),
    reports.length,
  );
  // Every shard of a client config skips the same servers: each is listed once.
  const skipped = new Map(reports.flatMap((r) => r.skippedServers ?? []).map((s) => [s.name, s]));
  return {
    tool: reports[0]!.tool,
    servers: judged,
    ...(baseline ? { baseline } : {}),
    ...(skipped.size > 0 ? { skippedServers: [...skipped.values()] } : {}),
  };
}

function parseReport(name: string, text: string): JsonReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`merge: ${name} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const report = value as Partial<JsonReport> | null;
  if (typeof report !== 'object' || report === null || report.tool?.name !== 'mcplint' || !Array.isArray(report.servers)) {
    throw new ConfigError(`merge: ${name} is not an mcplint JSON report (mcplint --format json)`);
  }
  if (report.formatVersion !== JSON_FORMAT_VERSION) {
    throw new ConfigError(
      `merge: ${name} has formatVersion ${clip(String(JSON.stringify(report.formatVersion)), 40)}; this mcplint reads ${JSON_FORMAT_VERSION}`,
    );
  }
  try {
    return checkJsonReport(report as Readonly<Record<string, unknown>>);
  } catch (error) {
    if (error instanceof JsonReportShapeError) throw new ConfigError(`merge ${name}: ${error.message}`);
    throw error;
  }
}

/**
 * Each server in one report only: a shard given twice, or two runs of one server, would count its
 * findings twice and make it its own cross-server peer.
 */
function refuseRepeatedServers(reports: readonly (readonly [string, JsonReport])[]): void {
  const seenIn = new Map<string, number>();
  reports.forEach(([name, report], index) => {
    for (const server of report.servers) {
      const key = serverKey(server);
      const first = seenIn.get(key);
      const label = clip(server.label, 80);
      if (first === index) throw new ConfigError(`merge: server ${label} is twice in ${name}`);
      if (first !== undefined)
        throw new ConfigError(`merge: server ${label} is in both ${reports[first]![0]} and ${name} (the same shard given twice?)`);
      seenIn.set(key, index);
    }
  });
}

/** What tells servers apart across reports: what was launched or fetched, from where, as which config entry. */
function serverKey(server: JsonServer): string {
  const t = server.target;
  return JSON.stringify([
    t.kind,
    targetText(t),
    t.kind === 'stdio' ? (t.cwd ?? null) : null,
    t.declaredIn?.file ?? null,
    t.declaredIn?.serverName ?? null,
    server.position ?? null,
  ]);
}

/** What the report says of the server, and its judgement (counts and score are not taken from it: they follow from the findings). */
function fromReport(s: JsonServer): { header: ServerHeader; judged: RunResult<LocatedFinding> } {
  const { score: _score, tools, ...rest } = s;
  const { findings, ignored, skipped, ran, ...header } = rest;
  const toolParameters = tools ? Object.fromEntries(tools.map((t) => [t.name, t.parameters ?? 0])) : undefined;
  return {
    header: { ...header, ...(tools ? { toolNames: tools.map((t) => t.name), toolParameters } : {}) },
    judged: { findings, ignored, skipped, ran },
  };
}

/** Shards share one baseline file: an entry is stale only if no shard matched it. */
function mergeBaselines(summaries: readonly BaselineSummary[], reports: number): BaselineSummary | undefined {
  if (summaries.length === 0) return undefined;
  const staleIn = new Map<string, { entry: BaselineEntry; count: number }>();
  for (const summary of summaries) {
    for (const entry of summary.stale) {
      const seen = staleIn.get(entry.fingerprint);
      staleIn.set(entry.fingerprint, { entry, count: (seen?.count ?? 0) + 1 });
    }
  }
  return {
    file: summaries[0]!.file,
    entries: Math.max(...summaries.map((b) => b.entries)),
    matched: summaries.reduce((sum, b) => sum + b.matched, 0),
    stale: [...staleIn.values()].filter((s) => s.count === reports).map((s) => s.entry),
  };
}

/**
 * Every server judged again where its shard could not: its cross-server rules, left waiting for
 * the other servers, over every server's peer view; their findings are located where the shard
 * located each tool. A server the reports keep no peer view of, or a merge of one such server
 * only, keeps them waiting as its shard said.
 */
function judgeMerged(servers: readonly JsonServer[], context: MergeContext): ServerReport[] {
  const views = servers.map((s) => (s.exposedTools ? peerView(s) : undefined));
  const judging = views.filter(Boolean).length >= 2;
  return servers.map((server, i) => {
    const { header, judged } = fromReport(server);
    const waiting = new Map(judged.skipped.filter((k) => k.reason === SHARDED_PEERS).map((k) => [k.ruleId, k.reason]));
    const judgement = startJudgement({
      rules: context.rules.filter((rule) => waiting.has(rule.id)),
      settings: context.settings,
      waitingForPeers: waiting,
    });
    const own = views[i];
    if (own && judging)
      judgement.judge({ server: own, peers: views.filter((v, j): v is PeerServer => v !== undefined && j !== i) }, 'final');
    const where = new Map((server.exposedTools ?? []).map((t) => [t.name, t.location]));
    const fallback = server.findings[0]?.location ?? { uri: server.label, startLine: 1, anchor: 'target' as const };
    const locatedAs = <F extends RunResult['findings'][number]>(f: F): F & LocatedFinding => ({
      ...f,
      location: (f.subject.kind === 'tool' ? where.get(f.subject.name) : undefined) ?? fallback,
    });
    const here = judgement.result();
    const result = mergeRunResults(context.rules, [
      { ...judged, skipped: judged.skipped.filter((k) => !waiting.has(k.ruleId)) },
      { ...here, findings: here.findings.map(locatedAs), ignored: here.ignored.map(locatedAs) },
    ]);
    return judgedServerReport(header, result, context.rules);
  });
}

/** A server as cross-server rules see it, from its report: its key, where it was declared, and the tools the client exposes. */
function peerView(server: JsonServer): PeerServer {
  return {
    name: server.target.declaredIn?.serverName ?? server.label,
    // The exposed tools, with the client's filter already applied: no clientConfig to apply it again.
    capture: { target: server.target },
    index: { tools: (server.exposedTools ?? []).map((tool) => ({ name: tool.name })) },
  };
}

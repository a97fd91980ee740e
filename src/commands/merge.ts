/**
 * `mcplint merge`: JSON reports of several runs (CI shards: `--shard i/n` on a matrix) combined
 * into one report, which any formatter can then write. Servers of client-config runs come back in
 * the config's order (each JSON server carries its `position`), so the merge of every shard equals
 * the unsharded run.
 */
import { CAPTURE_VERSION, type Capture, type TargetDescription } from '../model/capture.js';
import type { BaselineEntry, BaselineSummary } from '../report/baseline.js';
import { indexCapture } from '../engine/capture-index.js';
import { ConfigError } from '../config/config.js';
import type { PeerServer, Rule } from '../engine/rule.js';
import { runRules, sortFindings, type RuleSetting } from '../engine/run.js';
import { JSON_FORMAT_VERSION } from '../report/formatters/json.js';
import { SHARDED_PEERS } from '../session/judge.js';
import { serverScore, type LintReport, type LocatedFinding, type ServerReport } from '../report/report.js';
import { VERSION } from '../shared/version.js';

/** A JSON report (src/report/formatters/json.ts) as read back. */
interface JsonServer extends Omit<ServerReport, 'score' | 'toolNames' | 'toolParameters'> {
  readonly score: number;
  readonly grade: ServerReport['score']['grade'];
  readonly scoreCappedBy?: string;
  readonly tools?: readonly { readonly name: string; readonly parameters?: number }[];
}

interface JsonReport {
  readonly formatVersion: number;
  readonly tool: LintReport['tool'];
  readonly servers: readonly JsonServer[];
  readonly baseline?: BaselineSummary;
  readonly skippedServers?: LintReport['skippedServers'];
}

export interface MergeContext {
  readonly rules: readonly Rule[];
  readonly settings: ReadonlyMap<string, RuleSetting>;
}

/** Merge JSON reports, given as [name for messages, text]; cross-server rules that shards deferred run here. */
export function mergeReports(documents: readonly (readonly [string, string])[], context: MergeContext): LintReport {
  if (documents.length === 0) throw new ConfigError('merge: give at least one JSON report (mcplint --format json)');
  const reports = documents.map(([name, text]) => parseReport(name, text));
  const servers = reports
    .flatMap((r) => r.servers)
    .map((s, arrival) => ({ s, arrival }))
    // Config order where known (client-config runs), else the order the reports were given.
    .sort((a, b) => (a.s.position ?? Infinity) - (b.s.position ?? Infinity) || a.arrival - b.arrival)
    .map(({ s }) => toServerReport(s));
  const judged = judgeDeferredPeers(servers, context);
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
    throw new ConfigError(`merge: ${name} has formatVersion ${String(report.formatVersion)}; this mcplint reads ${JSON_FORMAT_VERSION}`);
  }
  for (const s of report.servers) {
    if (!Array.isArray(s?.findings) || !Array.isArray(s.ran) || typeof s.score !== 'number') {
      throw new ConfigError(`merge: ${name} lacks per-server findings, ran rules or scores (made by an older mcplint?)`);
    }
  }
  return report as JsonReport;
}

function toServerReport(s: JsonServer): ServerReport {
  const { score, grade, scoreCappedBy, tools, ...rest } = s;
  const toolParameters = tools ? Object.fromEntries(tools.map((t) => [t.name, t.parameters ?? 0])) : undefined;
  return {
    ...rest,
    score: { score, grade, ...(scoreCappedBy ? { cappedBy: scoreCappedBy } : {}) },
    ...(tools ? { toolNames: tools.map((t) => t.name), toolParameters } : {}),
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
 * The cross-server rules each shard skipped, run now over every server's exposed tools; their
 * findings are located where the shard located each tool.
 */
function judgeDeferredPeers(servers: readonly ServerReport[], context: MergeContext): ServerReport[] {
  const deferred = new Set(servers.flatMap((s) => s.skipped.filter((k) => k.reason === SHARDED_PEERS).map((k) => k.ruleId)));
  const rules = context.rules.filter((r) => deferred.has(r.id));
  const views = servers.map((s) => (s.exposedTools ? peerView(s) : undefined));
  if (rules.length === 0 || views.filter(Boolean).length < 2) return [...servers];
  return servers.map((server, i) => {
    const own = views[i];
    if (!own) return server;
    const peers = views.filter((v, j): v is PeerServer & { readonly capture: Capture } => v !== undefined && j !== i);
    const result = runRules(own.capture, { rules, settings: context.settings, peers });
    const where = new Map((server.exposedTools ?? []).map((t) => [t.name, t.location]));
    const fallback = server.findings[0]?.location ?? { uri: server.label, startLine: 1, anchor: 'target' as const };
    const locatedAs = (f: (typeof result.findings)[number]): LocatedFinding => ({
      ...f,
      location: (f.subject.kind === 'tool' ? where.get(f.subject.name) : undefined) ?? fallback,
    });
    const findings = sortFindings([...server.findings, ...result.findings.map(locatedAs)]);
    const counts = { error: 0, warning: 0, note: 0 };
    for (const f of findings) counts[f.level]++;
    const order = new Map(context.rules.map((r, n) => [r.id, n]));
    const inRegistryOrder = <T>(items: T[], id: (item: T) => string): T[] =>
      items.sort((a, b) => (order.get(id(a)) ?? 0) - (order.get(id(b)) ?? 0));
    const merged = {
      ...server,
      findings,
      ignored: [...server.ignored, ...result.ignored.map((f) => ({ ...locatedAs(f), reason: f.reason }))],
      skipped: inRegistryOrder([...server.skipped.filter((k) => !deferred.has(k.ruleId)), ...result.skipped], (k) => k.ruleId),
      ran: inRegistryOrder([...server.ran, ...result.ran], (id) => id),
      counts,
    };
    return { ...merged, score: serverScore(merged, context.rules) };
  });
}

/** A server as cross-server rules see it, rebuilt from its report: its key and the tools it exposes. */
function peerView(server: ServerReport): PeerServer & { readonly capture: Capture } {
  const name = server.target.declaredIn?.serverName ?? server.label;
  const items = (server.exposedTools ?? []).map((tool) => ({ name: tool.name, inputSchema: { type: 'object' } }));
  const target: TargetDescription = server.target;
  const capture: Capture = {
    captureVersion: CAPTURE_VERSION,
    producer: { name: 'mcplint', version: VERSION },
    target,
    transport: server.transport,
    // Only the tool list survives in a report; the rest is marked as not captured.
    handshake: { ok: false, requestedVersion: '', reason: 'invalid-result', message: 'rebuilt from a JSON report', durationMs: 0 },
    lists: {
      tools: { status: 'ok', pages: [], items },
      prompts: { status: 'skipped', pages: [], items: [] },
      resources: { status: 'skipped', pages: [], items: [] },
      resourceTemplates: { status: 'skipped', pages: [], items: [] },
    },
    frames: [],
    stderr: { text: '', totalBytes: 0, truncated: false },
    probes: {},
    timing: { handshakeMs: 0, totalMs: 0 },
    notes: [],
  };
  return { name, capture, index: indexCapture(capture) };
}

/**
 * Linting a client config file: every server it declares (or the one named by --server), up to
 * --jobs at a time, each through the ordinary single-server lint (same probes, rules, redaction,
 * anchors), then one cross-server pass: rules that `require: ['peers']` run once per server with
 * the other servers of the file as `ctx.peers` (e.g. tool-name-collision), and their findings are
 * merged into that server's report. One combined report comes out, one entry per server.
 *
 * Design: the single-server Rule contract is unchanged; a cross-server rule is an ordinary rule
 * that needs peers, skipped (with the reason) when a server is linted alone. Its findings are
 * about the server's own tools, so they are located, fingerprinted, ignored and scored like any
 * other finding of that server.
 */
import { extname } from 'node:path';
import type { Capture } from './capture.js';
import { loadClientConfig, type ClientServer } from './connect/client-config.js';
import { indexCapture } from './engine/capture-index.js';
import { ConfigError, parseRuleFlags, resolveSettings, type McplintConfig } from './engine/config.js';
import { loadConfig } from './engine/load-config.js';
import { locate } from './engine/locate.js';
import type { Rule } from './engine/rule.js';
import { runRules, sortFindings, type RunResult } from './engine/run.js';
import { scoreFindings } from './engine/score.js';
import { lint, type LintOptions, type LintOutcome } from './lint.js';
import type { LocatedFinding, ServerReport } from './report.js';
import { findAnchors } from './source/anchors.js';
import type { SourceIndex } from './source/types.js';

/** A server of the config that was not linted, and why. */
export interface SkippedServer {
  readonly name: string;
  readonly reason: string;
}

export async function lintClientConfig(options: LintOptions & { readonly rules: readonly Rule[] }): Promise<LintOutcome & { readonly skippedServers: readonly SkippedServer[] }> {
  const file = options.clientConfigFile!;
  const config = loadClientConfig(file, { cwd: options.cwd });
  let servers: readonly ClientServer[] = config.servers;
  if (servers.length === 0) throw new ConfigError(`--config-file ${file}: it declares no servers`);
  if (options.server !== undefined) {
    const one = servers.find((s) => s.name === options.server);
    if (!one) throw new ConfigError(`--server ${options.server}: ${config.file} has no such server (it has ${servers.map((s) => `"${s.name}"`).join(', ')})`);
    if (!one.target) throw new ConfigError(`--server ${one.name}: cannot lint it: ${one.problem}`);
    servers = [one];
  }
  const runnable = servers.filter((s) => s.target);
  const skippedServers = servers.filter((s) => !s.target).map((s) => ({ name: s.name, reason: s.problem ?? 'it cannot be resolved' }));
  if (runnable.length === 0) {
    throw new ConfigError(`--config-file ${config.file}: no server can be linted: ${skippedServers.map((s) => `"${s.name}": ${s.reason}`).join('; ')}`);
  }

  const jobs = Math.max(1, Math.min(Math.floor(options.jobs ?? 1), runnable.length));
  const many = runnable.length > 1;
  // Servers of one project (same root and entry) share one source index.
  const sourceIndexes = options.sourceIndexes ?? new Map<string, Promise<SourceIndex>>();
  const outcomes = await mapLimit(runnable, jobs, (server) =>
    lint({
      ...options,
      sourceIndexes,
      clientConfigFile: undefined,
      server: undefined,
      target: server.target!,
      ...(options.saveCapture ? { saveCapture: many ? perServerPath(options.saveCapture, server.name) : options.saveCapture } : {}),
    }),
  );

  let reports: ServerReport[] = outcomes.map((o, i) => labelled(o.report.servers[0]!, runnable[i]!.name));
  const captures: Capture[] = outcomes.map((o) => o.captures[0]!);
  if (many) reports = await crossServerPass(options, runnable, captures, reports);
  return { report: { ...outcomes[0]!.report, servers: reports }, captures, skippedServers };
}

/** Run the rules that need peers on every server, with the others as its peers; merge their findings. */
async function crossServerPass(options: LintOptions & { readonly rules: readonly Rule[] }, servers: readonly ClientServer[], captures: readonly Capture[], reports: ServerReport[]): Promise<ServerReport[]> {
  const crossRules = options.rules.filter((r) => r.requires?.includes('peers'));
  if (crossRules.length === 0) return reports;
  const loaded = options.noConfig ? { config: {} as McplintConfig } : await loadConfig(options.cwd, options.configFile, options.rules);
  const settings = resolveSettings(options.rules, loaded.config, parseRuleFlags(options.ruleFlags ?? [], options.rules));
  const views = captures.map((capture, i) => ({ name: servers[i]!.name, capture, index: indexCapture(capture) }));
  return reports.map((report, i) => {
    const capture = captures[i]!;
    const result = runRules(capture, {
      rules: crossRules,
      settings,
      ...(loaded.config.ignore ? { ignore: loaded.config.ignore } : {}),
      peers: views.filter((_, j) => j !== i),
    });
    const declared = capture.target.declaredIn;
    const anchors = findAnchors(capture.target, { cwd: options.cwd, ...(declared ? { configFile: { path: declared.file, line: declared.line } } : {}) });
    return merge(report, result, (f) => ({ ...f, location: locate(f.subject, anchors) }), options.rules, capture.handshake.ok);
  });
}

function merge(report: ServerReport, result: RunResult, located: (f: RunResult['findings'][number]) => LocatedFinding, rules: readonly Rule[], handshakeOk: boolean): ServerReport {
  const ids = new Set([...result.ran, ...result.skipped.map((s) => s.ruleId)]);
  const findings = sortFindings([...report.findings.filter((f) => !ids.has(f.ruleId)), ...result.findings.map(located)]);
  const ignored = sortFindings([...report.ignored.filter((f) => !ids.has(f.ruleId)), ...result.ignored.map((f) => ({ ...located(f), reason: f.reason }))]);
  const counts = { error: 0, warning: 0, note: 0 };
  for (const f of findings) counts[f.level]++;
  const categories = new Map(rules.map((r) => [r.id, r.category]));
  return {
    ...report,
    findings,
    ignored,
    skipped: [...report.skipped.filter((s) => !ids.has(s.ruleId)), ...result.skipped],
    ran: [...report.ran.filter((id) => !ids.has(id)), ...result.ran],
    counts,
    score: scoreFindings(findings, (id) => categories.get(id), handshakeOk),
  };
}

/** "name (serverInfo name version)" so a report with several servers says which entry is which. */
function labelled(report: ServerReport, name: string): ServerReport {
  if (report.label === name || report.label.startsWith(`${name} `)) return report;
  return { ...report, label: `${name} (${report.label})` };
}

/** cap.json → cap.<server>.json */
function perServerPath(path: string, server: string): string {
  const ext = extname(path);
  const slug = server.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${path.slice(0, path.length - ext.length)}.${slug}${ext || '.json'}`;
}

/** Map with at most `limit` calls in flight, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const _test = { perServerPath };

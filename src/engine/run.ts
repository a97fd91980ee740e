/**
 * The rule runner: resolves which rules run at what level, checks each rule's data requirements
 * (missing data → skipped, never passed), runs the pure checks, applies ignores, and returns
 * findings in a deterministic order.
 */
import type { Capture, ListName } from '../model/capture.js';
import { atLeast, knownNewerThan } from '../shared/protocol-version.js';
import type { SourceIndex, SourcePosition } from '../model/source-index.js';
import { indexCapture } from './capture-index.js';
import { fingerprint } from './fingerprint.js';
import { now, recordRuleTime, ruleTimingEnabled } from './rule-timing.js';
import { interpolate, subjectKey, type Level, type PeerServer, type Requirement, type Rule, type Severity, type Subject } from './rule.js';

export interface RuleSetting {
  readonly level: Level;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface IgnoreEntry {
  readonly rule: string;
  /** Subject names: tool / prompt / resource. Absent: every subject of that rule. */
  readonly tool?: string;
  readonly prompt?: string;
  readonly resource?: string;
  readonly reason: string;
}

export interface RunOptions {
  readonly rules: readonly Rule[];
  /** Level and options per rule id; rules absent here run at their default. */
  readonly settings: ReadonlyMap<string, RuleSetting>;
  readonly ignore?: readonly IgnoreEntry[];
  readonly source?: SourceIndex;
  /** Other servers of the same client config (cross-server rules). */
  readonly peers?: readonly PeerServer[];
  /** Why cross-server rules wait for later (a sharded run: they run when the shards are merged). */
  readonly peersDeferred?: string;
}

export interface Finding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly level: Severity;
  readonly message: string;
  readonly subject: Subject;
  readonly evidence?: string;
  readonly frame?: number;
  readonly fingerprint: string;
  /** The report's source place (Report.at), for locate(); not written to reports. */
  readonly at?: SourcePosition;
}

export interface SkippedRule {
  readonly ruleId: string;
  readonly reason: string;
  /**
   * false: the rule does not apply to this server at all (another transport, protocol era, no
   * client config, a single server); true: it applies but its data is missing (a probe could not
   * run, a list failed) — a gap worth showing.
   */
  readonly applicable: boolean;
}

export interface RunResult {
  readonly findings: readonly Finding[];
  readonly ignored: readonly (Finding & { readonly reason: string })[];
  readonly skipped: readonly SkippedRule[];
  /** Rules that ran (enabled, data present). */
  readonly ran: readonly string[];
}

export class RuleCrashError extends Error {
  constructor(
    readonly ruleId: string,
    cause: unknown,
  ) {
    super(`Rule "${ruleId}" crashed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export function runRules(capture: Capture, options: RunOptions): RunResult {
  const index = indexCapture(capture);
  const findings: Finding[] = [];
  const ignored: (Finding & { reason: string })[] = [];
  const skipped: SkippedRule[] = [];
  const ran: string[] = [];
  const timed = ruleTimingEnabled();

  for (const rule of options.rules) {
    const setting = options.settings.get(rule.id) ?? { level: rule.severity, options: {} };
    if (setting.level === 'off') continue;
    const missing = missingData(rule, capture, options.source, options.peers, options.peersDeferred);
    if (missing) {
      skipped.push({ ruleId: rule.id, ...missing });
      continue;
    }
    ran.push(rule.id);
    const ruleOptions = { ...(rule.options?.defaults ?? {}), ...setting.options };
    const startedAt = timed ? now() : 0;
    try {
      for (const report of rule.check({
        capture,
        index,
        options: ruleOptions,
        source: options.source,
        ...(options.peers ? { peers: options.peers } : {}),
      })) {
        const template = rule.messages[report.messageId];
        if (template === undefined) throw new Error(`reported unknown messageId "${report.messageId}"`);
        const finding: Finding = {
          ruleId: rule.id,
          messageId: report.messageId,
          level: report.milder ? MILDER[setting.level] : setting.level,
          message: interpolate(template, report.data),
          subject: report.subject,
          ...(report.evidence !== undefined ? { evidence: report.evidence } : {}),
          ...(report.frame !== undefined && report.frame >= 0 ? { frame: report.frame } : {}),
          fingerprint: fingerprint(rule.id, report.subject, report.messageId, report.key),
          ...(report.at ? { at: report.at } : {}),
        };
        const reason = ignoreReason(finding, options.ignore);
        if (reason !== undefined) ignored.push({ ...finding, reason });
        else findings.push(finding);
      }
    } catch (error) {
      throw new RuleCrashError(rule.id, error);
    }
    if (timed) recordRuleTime(rule.id, now() - startedAt);
  }
  return { findings: sortFindings(findings), ignored: sortFindings(ignored), skipped, ran };
}

/**
 * One result from results of disjoint parts of `rules` over the same server, as one runRules call
 * over all of them would have given it: findings in the stable order, skipped and ran in rule order.
 */
export function mergeRunResults(rules: readonly Rule[], parts: readonly RunResult[]): RunResult {
  const order = new Map(rules.map((rule, i) => [rule.id, i]));
  const byRule =
    <T>(id: (item: T) => string) =>
    (a: T, b: T) =>
      (order.get(id(a)) ?? 0) - (order.get(id(b)) ?? 0);
  return {
    findings: sortFindings(parts.flatMap((p) => p.findings)),
    ignored: sortFindings(parts.flatMap((p) => p.ignored)),
    skipped: parts.flatMap((p) => p.skipped).sort(byRule((s: SkippedRule) => s.ruleId)),
    ran: parts.flatMap((p) => p.ran).sort(byRule((id: string) => id)),
  };
}

const LEVEL_ORDER: Record<Severity, number> = { error: 0, warning: 1, note: 2 };
/** One level below (Report.milder). */
const MILDER: Record<Severity, Severity> = { error: 'warning', warning: 'note', note: 'note' };

/** Server and transport first, then tools, prompts, resources by name; then rule id; then message. */
export function sortFindings<T extends Finding>(findings: T[]): T[] {
  const kindOrder = { server: 0, transport: 1, tool: 2, prompt: 3, resource: 4, resourceTemplate: 5 } as const;
  return findings.sort(
    (a, b) =>
      kindOrder[a.subject.kind] - kindOrder[b.subject.kind] ||
      compare(subjectKey(a.subject), subjectKey(b.subject)) ||
      LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
      compare(a.ruleId, b.ruleId) ||
      (a.frame ?? 0) - (b.frame ?? 0) ||
      compare(a.message, b.message),
  );
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const LIST_REQUIREMENTS: Record<string, ListName> = {
  tools: 'tools',
  prompts: 'prompts',
  resources: 'resources',
  resourceTemplates: 'resourceTemplates',
};

/** Why a rule cannot run, and whether that is a gap (it applies) or the rule does not apply at all. */
interface Missing {
  readonly reason: string;
  readonly applicable: boolean;
}

const gap = (reason: string): Missing => ({ reason, applicable: true });
const notApplicable = (reason: string): Missing => ({ reason, applicable: false });

/** Why a rule cannot run on this capture, or undefined when it can. */
function missingData(
  rule: Rule,
  capture: Capture,
  source: SourceIndex | undefined,
  peers?: readonly PeerServer[],
  peersDeferred?: string,
): Missing | undefined {
  // A bare listing: "needs a live session" says more than any other missing part.
  if (capture.target.kind === 'listing' && (rule.requires ?? []).some(liveOnly)) return gap(NEEDS_LIVE_SESSION);
  const handshake = capture.handshake;
  // Only the specification's requirements belong to a protocol version (issue 13): a guideline
  // applies whatever version the server negotiated, and says so when that version lacks the field.
  if (rule.basis === 'spec' && rule.since && handshake.ok) {
    if (!atLeast(handshake.protocolVersion, rule.since)) {
      return notApplicable(`requirement introduced in protocol ${rule.since}; the server negotiated ${handshake.protocolVersion}`);
    }
  }
  if (rule.basis === 'spec' && rule.until && handshake.ok) {
    if (knownNewerThan(handshake.protocolVersion, rule.until)) {
      return notApplicable(`requirement of protocol ${rule.until} and earlier; the server negotiated ${handshake.protocolVersion}`);
    }
  }
  for (const need of rule.requires ?? []) {
    const why = need === 'peers' && peersDeferred !== undefined ? gap(peersDeferred) : missingRequirement(need, capture, source, peers);
    if (why) return why;
  }
  return undefined;
}

/** Requirements only a live session meets. */
/** A requirement only a live session meets (a bare listing skips such rules; the pipeline judges them last). */
export const liveOnly = (need: Requirement): boolean =>
  need === 'session' || need === 'exit' || need === 'stdio' || need === 'http' || need.startsWith('probe:');

/** Why a rule that needs a live session cannot run on a bare listing. */
export const NEEDS_LIVE_SESSION = 'needs a live session: the input is a bare tools/list result';

/** What a bare tools/list result (--from) cannot give: everything but the listed data and, when the file has it, the initialize result. */
function missingFromListing(need: Requirement, capture: Capture): Missing | undefined | 'not-listing' {
  const target = capture.target;
  if (target.kind !== 'listing') return 'not-listing';
  if (need === 'handshake')
    return target.initialize ? undefined : gap('needs the initialize result: the input is a bare tools/list result without one');
  const list = LIST_REQUIREMENTS[need];
  if (list && capture.lists[list].status === 'skipped') return notApplicable(`the input lists no ${list}`);
  return 'not-listing';
}

function missingRequirement(
  need: Requirement,
  capture: Capture,
  source: SourceIndex | undefined,
  peers?: readonly PeerServer[],
): Missing | undefined {
  const listing = missingFromListing(need, capture);
  if (listing !== 'not-listing') return listing;
  // A live capture is complete: its transcript and its end are there (the pipeline judges 'exit' rules last).
  if (need === 'session' || need === 'exit') return undefined;
  if (need === 'handshake') return capture.handshake.ok ? undefined : gap('the handshake failed');
  if (need === 'http') return capture.transport === 'stdio' ? notApplicable('the transport is stdio, not HTTP') : undefined;
  if (need === 'clientConfig')
    return capture.clientConfig ? undefined : notApplicable('the server was not read from a client config file (--config-file)');
  if (need === 'peers')
    return peers && peers.length > 0
      ? undefined
      : notApplicable('only one server was linted (cross-server rules need a client config with several servers)');
  if (need === 'stdio')
    return capture.transport === 'stdio' ? undefined : notApplicable(`the transport is ${capture.transport}, not stdio`);
  if (need === 'source') return source ? undefined : gap('no source index (no project found, or --no-source)');
  if (need.startsWith('probe:')) {
    const probe = capture.probes[need.slice('probe:'.length)];
    if (!probe) return gap(`probe ${need.slice(6)} was not run`);
    if (probe.status === 'ran') return undefined;
    const reason = `probe ${probe.id} was skipped: ${probe.reason ?? 'no reason given'}`;
    return probe.applicable === false ? notApplicable(reason) : gap(reason);
  }
  const list = LIST_REQUIREMENTS[need];
  if (list) {
    const status = capture.lists[list].status;
    if (status === 'ok' || status === 'partial') return undefined;
    if (status === 'not-advertised') return notApplicable(`the server does not advertise ${list}`);
    if (status === 'skipped') return gap(`${list} were not listed (the handshake failed)`);
    return gap(`${list}/list failed`);
  }
  return undefined;
}

function ignoreReason(finding: Finding, ignore: readonly IgnoreEntry[] | undefined): string | undefined {
  if (!ignore) return undefined;
  for (const entry of ignore) {
    if (entry.rule !== finding.ruleId && entry.rule !== '*') continue;
    const s = finding.subject;
    const name = s.kind === 'server' || s.kind === 'transport' ? undefined : s.name;
    if (entry.tool !== undefined && !(s.kind === 'tool' && name === entry.tool)) continue;
    if (entry.prompt !== undefined && !(s.kind === 'prompt' && name === entry.prompt)) continue;
    if (entry.resource !== undefined && !((s.kind === 'resource' || s.kind === 'resourceTemplate') && name === entry.resource)) continue;
    return entry.reason;
  }
  return undefined;
}

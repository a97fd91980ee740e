/**
 * The rule runner: resolves which rules run at what level, checks each rule's data requirements
 * (missing data → skipped, never passed), runs the pure checks, applies ignores, and returns
 * findings in a deterministic order. One rule at a time (judgeRule) for the judge, which judges
 * each rule in the earliest phase of a session that holds what it requires (src/engine/judge.ts);
 * every rule over one complete capture at once (runRules), which is what the judge's phases add up to.
 */
import type { Capture, ListName } from '../model/capture.js';
import { atLeast, knownNewerThan } from '../shared/protocol-version.js';
import type { SourceIndex, SourcePosition } from '../model/source-index.js';
import { indexCapture, type CaptureIndex } from './capture-index.js';
import { fingerprint } from './fingerprint.js';
import { liveOnly, type AnyRuleContext, type PeerCapture, type PeerIndex, type PeerServer } from './requirements.js';
import { now, recordRuleTime, ruleTimingEnabled } from './rule-timing.js';
import { noPartMet, unjudgedParts } from './rule-parts.js';
import { interpolate, subjectKey, type Level, type Requirement, type Rule, type Severity, type Subject } from './rule.js';

export { liveOnly };

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

/** What rules are judged over: the capture, the source index, and the other servers of the run. */
export interface RuleView {
  readonly capture: Capture;
  readonly source?: SourceIndex;
  /** Other servers of the same client config (cross-server rules). */
  readonly peers?: readonly PeerServer[];
  /** Why cross-server rules wait for later (a sharded run: they run when the shards are merged). */
  readonly peersDeferred?: string;
}

/** How rules are judged: which, at what level, and which findings are set aside. */
export interface JudgeSettings {
  readonly rules: readonly Rule[];
  /** Level and options per rule id; rules absent here run at their default. */
  readonly settings: ReadonlyMap<string, RuleSetting>;
  readonly ignore?: readonly IgnoreEntry[];
}

export interface RunOptions extends JudgeSettings, Omit<RuleView, 'capture'> {}

export interface Finding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly level: Severity;
  readonly message: string;
  readonly subject: Subject;
  readonly evidence?: string;
  readonly frame?: number;
  /** The tools a finding about the server names (Report.tools). */
  readonly tools?: readonly string[];
  readonly fingerprint: string;
  /** The report's source place (Report.at), for locate(); not written to reports. */
  readonly at?: SourcePosition;
  /** The report's place in the manifest (Report.manifestAt), for locate(); not written to reports. */
  readonly manifestAt?: string;
  /** The report's place in the packed package's package.json (Report.packageAt), for locate(); not written to reports. */
  readonly packageAt?: string;
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

/** What judging gives: findings (located ones once a report is built, F), ignored findings, skipped rules, rules that ran. */
export interface RunResult<F extends Finding = Finding> {
  readonly findings: readonly F[];
  readonly ignored: readonly (F & { readonly reason: string })[];
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

/** Every rule over one complete capture: the result of judging it in one phase, the last. */
export function runRules(capture: Capture, options: RunOptions): RunResult {
  const { rules: _rules, settings: _settings, ignore: _ignore, ...around } = options;
  const view: RuleView = { capture, ...around };
  return mergeRunResults(
    options.rules,
    options.rules.map((rule) => judgeRule(rule, view, options)),
  );
}

const NOTHING: RunResult = { findings: [], ignored: [], skipped: [], ran: [] };

/** One rule over the view: nothing when it is off, else skipped (with why) or run. */
export function judgeRule(rule: Rule, view: RuleView, judging: JudgeSettings): RunResult {
  const setting = settingOf(rule, judging);
  if (setting.level === 'off') return NOTHING;
  const missing = missingData(rule, view.capture, view.source) ?? missingPeers(rule, view.peers, view.peersDeferred);
  if (missing) return skippedAs(rule, missing);
  const { capture, source, peers } = view;
  return checkRule(rule, { capture, index: indexCapture(capture), source, ...(peers ? { peers } : {}) }, judging);
}

/** A rule skipped for this reason. */
export function skippedAs(rule: Rule, missing: Missing): RunResult {
  return { ...NOTHING, skipped: [{ ruleId: rule.id, ...missing }] };
}

const settingOf = (rule: Rule, judging: JudgeSettings): RuleSetting =>
  judging.settings.get(rule.id) ?? { level: rule.severity, options: {} };

/** What a check reads: a capture and its index, or (a cross-server rule) its server's peer view; the source; the peers. */
export interface CheckedView {
  readonly capture: Capture | PeerCapture;
  readonly index: CaptureIndex | PeerIndex;
  readonly source?: SourceIndex;
  readonly peers?: readonly PeerServer[];
}

/**
 * Run an enabled rule's check over what its requirements met: a capture and its index, or, for a
 * cross-server rule, the peer views of its server (the runner holds every rule as a Rule, whose
 * context is all of it; each rule's own context type names only the part it may read).
 */
export function checkRule(rule: Rule, view: CheckedView, judging: JudgeSettings): RunResult {
  const setting = settingOf(rule, judging);
  if (setting.level === 'off') return NOTHING;
  const findings: Finding[] = [];
  const ignored: (Finding & { reason: string })[] = [];
  const options = { ...(rule.options?.defaults ?? {}), ...setting.options };
  const timed = ruleTimingEnabled();
  const startedAt = timed ? now() : 0;
  try {
    for (const report of rule.check({ ...view, options } as AnyRuleContext<unknown>)) {
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
        ...(report.tools ? { tools: report.tools } : {}),
        fingerprint: fingerprint(rule.id, report.subject, report.messageId, report.key),
        ...(report.at ? { at: report.at } : {}),
        ...(report.manifestAt !== undefined ? { manifestAt: report.manifestAt } : {}),
        ...(report.packageAt !== undefined ? { packageAt: report.packageAt } : {}),
      };
      const reason = ignoreReason(finding, judging.ignore);
      if (reason !== undefined) ignored.push({ ...finding, reason });
      else findings.push(finding);
    }
  } catch (error) {
    throw new RuleCrashError(rule.id, error);
  }
  if (timed) recordRuleTime(rule.id, now() - startedAt);
  return { findings: sortFindings(findings), ignored: sortFindings(ignored), skipped: [], ran: [rule.id] };
}

/**
 * One result from results of disjoint parts of `rules` over the same server, as one runRules call
 * over all of them would have given it: findings in the stable order, skipped and ran in rule order.
 * Each part's findings are in the stable order already (judgeRule's are, and a report's), so they
 * are merged, not sorted again: a part read back from a JSON report has lost the frames it was sorted by.
 */
export function mergeRunResults<F extends Finding>(rules: readonly Rule[], parts: readonly RunResult<F>[]): RunResult<F> {
  const order = new Map(rules.map((rule, i) => [rule.id, i]));
  const byRule =
    <T>(id: (item: T) => string) =>
    (a: T, b: T) =>
      (order.get(id(a)) ?? 0) - (order.get(id(b)) ?? 0);
  return {
    findings: mergeInOrder(parts.map((p) => p.findings)),
    ignored: mergeInOrder(parts.map((p) => p.ignored)),
    skipped: parts.flatMap((p) => p.skipped).sort(byRule((s: SkippedRule) => s.ruleId)),
    ran: parts.flatMap((p) => p.ran).sort(byRule((id: string) => id)),
  };
}

const LEVEL_ORDER: Record<Severity, number> = { error: 0, warning: 1, note: 2 };
/** One level below (Report.milder). */
const MILDER: Record<Severity, Severity> = { error: 'warning', warning: 'note', note: 'note' };

const KIND_ORDER = { server: 0, transport: 1, tool: 2, prompt: 3, resource: 4, resourceTemplate: 5 } as const;

/** The stable order: server and transport first, then tools, prompts, resources by name; then level, rule id, frame, message. */
const compareFindings = (a: Finding, b: Finding): number =>
  KIND_ORDER[a.subject.kind] - KIND_ORDER[b.subject.kind] ||
  compare(subjectKey(a.subject), subjectKey(b.subject)) ||
  LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] ||
  compare(a.ruleId, b.ruleId) ||
  (a.frame ?? 0) - (b.frame ?? 0) ||
  compare(a.message, b.message);

/** Findings in the stable order (in place). */
export function sortFindings<T extends Finding>(findings: T[]): T[] {
  return findings.sort(compareFindings);
}

/** Lists each in the stable order, as one list in that order; on a tie the earlier list first, as a stable sort of them joined would. */
function mergeInOrder<T extends Finding>(lists: readonly (readonly T[])[]): T[] {
  let runs = lists.filter((list) => list.length > 0);
  // Pairwise, so k lists of n findings in all cost n·log k comparisons.
  while (runs.length > 1) {
    const next: (readonly T[])[] = [];
    for (let i = 0; i < runs.length; i += 2) next.push(i + 1 < runs.length ? mergeTwo(runs[i]!, runs[i + 1]!) : runs[i]!);
    runs = next;
  }
  return [...(runs[0] ?? [])];
}

function mergeTwo<T extends Finding>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compareFindings(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const LIST_REQUIREMENTS: Record<string, ListName> = {
  tools: 'tools',
  prompts: 'prompts',
  resources: 'resources',
  resourceTemplates: 'resourceTemplates',
};

/** Why a rule cannot run, and whether that is a gap (it applies) or the rule does not apply at all. */
export interface Missing {
  readonly reason: string;
  readonly applicable: boolean;
}

const gap = (reason: string): Missing => ({ reason, applicable: true });
const notApplicable = (reason: string): Missing => ({ reason, applicable: false });

/**
 * Why a rule cannot run on this capture, or undefined when it can: everything it requires but the
 * other servers (missingPeers), which are checked last so that a rule deferred to a merge of shard
 * reports has every other requirement met already.
 */
export function missingData(rule: Rule, capture: Capture, source: SourceIndex | undefined): Missing | undefined {
  // A bare listing: "needs a live session" says more than any other missing part.
  if (capture.target.kind === 'listing' && (rule.requires ?? []).some(liveOnly)) return gap(NEEDS_LIVE_SESSION);
  const handshake = capture.handshake;
  // Only the specification's requirements belong to a protocol version: a guideline applies
  // whatever version the server negotiated, and says so when that version lacks the field
  // (test/version-gating.test.ts).
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
    const why = need === 'peers' ? undefined : missingRequirement(need, capture, source);
    if (why) return why;
  }
  const unjudged = unjudgedParts(rule, capture);
  if (noPartMet(rule, unjudged))
    return { reason: unjudged.map((u) => u.reason).join('; '), applicable: unjudged.some((u) => u.applicable) };
  return undefined;
}

/** Why a cross-server rule cannot run with these peers (none: a single server; deferred: a shard), or undefined. */
export function missingPeers(rule: Rule, peers: readonly PeerServer[] | undefined, peersDeferred: string | undefined): Missing | undefined {
  if (!(rule.requires ?? []).includes('peers')) return undefined;
  if (peersDeferred !== undefined) return gap(peersDeferred);
  return peers && peers.length > 0
    ? undefined
    : notApplicable('only one server was linted (cross-server rules need a client config with several servers)');
}

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

function missingRequirement(need: Requirement, capture: Capture, source: SourceIndex | undefined): Missing | undefined {
  const listing = missingFromListing(need, capture);
  if (listing !== 'not-listing') return listing;
  // A live capture has its transcript and, by the phase that judges 'exit' rules, its end (src/engine/judge.ts).
  if (need === 'session' || need === 'exit') return undefined;
  if (need === 'handshake') return capture.handshake.ok ? undefined : gap('the handshake failed');
  if (need === 'http') return capture.transport === 'stdio' ? notApplicable('the transport is stdio, not HTTP') : undefined;
  if (need === 'manifest') return capture.manifest ? undefined : notApplicable('no published manifest was linted (--manifest)');
  if (need === 'packed')
    return capture.packed ? undefined : notApplicable('the npm package was not checked as npm would publish it (--packed)');
  if (need === 'clientConfig')
    return capture.clientConfig ? undefined : notApplicable('the server was not read from a client config file (--config-file)');
  if (need === 'stdio')
    return capture.transport === 'stdio' ? undefined : notApplicable(`the transport is ${capture.transport}, not stdio`);
  if (need === 'source') return source ? undefined : gap('no source index (no project found, or --no-source)');
  if (need === 'python')
    return source?.language === 'python'
      ? undefined
      : notApplicable('the server is not written in Python (its source index is of TypeScript/JavaScript)');
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

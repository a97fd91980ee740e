/**
 * The report: what formatters receive. One entry per linted server (a client config can hold
 * several), each with located findings, skipped rules, ignored findings and a score.
 */
import { targetText, type Capture, type TargetDescription } from '../model/capture.js';
import { locate, type Anchors, type Location } from '../locate/locate.js';
import type { Rule, Severity } from '../engine/rule.js';
import type { FindingFix } from '../model/fix.js';
import type { Finding, RunResult, SkippedRule } from '../engine/run.js';
import { partsNote, unjudgedParts } from '../engine/rule-parts.js';
import {
  fixGains,
  ruleScores,
  scoreServer,
  type FixGain,
  type RuleScore,
  type Score,
  type ScoreInput,
  type SubjectCounts,
} from '../score/score.js';
import { judgesServerItself, judgesTools } from '../score/rule-scope.js';
import { ruleVerdicts, toolVerdicts, type RuleVerdict, type ToolVerdict } from '../score/verdicts.js';
import { parameterCounts } from '../score/score-subjects.js';
import type { BaselineSummary } from './baseline.js';
import { skippedTools, type SkippedToolEntry } from './skipped-tools.js';
import { countLevels, sumLevelCounts } from '../shared/levels.js';
import { plural } from '../shared/text.js';

export interface LocatedFinding extends Finding {
  readonly location: Location;
  /**
   * A finding about the server that names tools: where the source index registers each of them,
   * in the finding's order (SARIF relatedLocations). Not part of the JSON format.
   */
  readonly related?: readonly RelatedPlace[];
  /** The finding's fix and its edits, when the run computed fixes (--fix, --diff, JSON and SARIF outputs). */
  readonly fix?: FindingFix;
}

/** The registration of one tool a server-wide finding names. */
export interface RelatedPlace extends Location {
  readonly tool: string;
}

/** A finding the baseline covers, with the reason its entry gives. */
export type BaselinedFinding = LocatedFinding & { readonly reason: string };

export interface ServerReport {
  /** Short human name: the server's own name and version, else the command or URL. */
  readonly label: string;
  /** Its place among the servers of its client config (sharded runs merge back into this order). */
  readonly position?: number;
  /**
   * Client-config servers: the tools the client exposes (includeTools/excludeTools applied) and
   * where each is declared, which `mcplint merge` needs to judge cross-server rules over shards.
   */
  readonly exposedTools?: readonly { readonly name: string; readonly location: Location }[];
  readonly target: TargetDescription;
  /**
   * The server's files besides its findings' own places (manifest, entry, declaring config,
   * capture), best first: SARIF falls back on them when a location is not in the repository.
   * Not part of the JSON format (a merged report has none).
   */
  readonly anchorPlaces?: readonly Location[];
  readonly transport: Capture['transport'];
  readonly handshake: {
    readonly ok: boolean;
    readonly protocolVersion?: string;
    readonly serverName?: string;
    readonly serverVersion?: string;
    readonly message?: string;
  };
  readonly stats: {
    readonly tools: number;
    readonly prompts: number;
    readonly resources: number;
    readonly resourceTemplates: number;
    readonly durationMs: number;
  };
  readonly findings: readonly LocatedFinding[];
  readonly ignored: readonly (LocatedFinding & { readonly reason: string })[];
  /** Known findings covered by the baseline (--baseline): they do not fail the run but still count in the score. */
  readonly baselined?: readonly BaselinedFinding[];
  /** Names of the tools the server listed (per-tool scores). */
  readonly toolNames?: readonly string[];
  /** Parameters per listed tool: the subjects of parameter rules in the score (absent: none counted). */
  readonly toolParameters?: Readonly<Record<string, number>>;
  readonly skipped: readonly SkippedRule[];
  /** Tools the probes did not call, and why (what "see the skipped tools" refers to); absent: none. */
  readonly skippedTools?: readonly SkippedToolEntry[];
  /** Rules that ran on this server (enabled, data present). */
  readonly ran: readonly string[];
  readonly counts: Readonly<Record<Severity, number>>;
  readonly score: Score;
  readonly notes: readonly string[];
}

export interface LintReport {
  readonly tool: { readonly name: 'mcplint'; readonly version: string };
  readonly servers: readonly ServerReport[];
  /** Set when a baseline was applied (--baseline / --update-baseline). */
  readonly baseline?: BaselineSummary;
  /** --config-file: servers of the file that could not be linted, and why (absent: none). */
  readonly skippedServers?: readonly { readonly name: string; readonly reason: string }[];
}

/** What each rule that ran judged only in part leaves out (Rule.parts), one note per rule. */
function partNotes(rules: readonly Rule[], result: RunResult, capture: Capture): string[] {
  const ran = new Set(result.ran);
  const notes: string[] = [];
  for (const rule of rules) {
    if (!rule.parts || !ran.has(rule.id)) continue;
    const unjudged = unjudgedParts(rule, capture);
    if (unjudged.length > 0) notes.push(partsNote(rule, unjudged));
  }
  return notes;
}

/** `runNotes`: notes about this run rather than the server (e.g. source mapping failed), after the capture's. */
export function buildServerReport(
  capture: Capture,
  result: RunResult,
  anchors: Anchors,
  rules: readonly Rule[],
  runNotes: readonly string[] = [],
): ServerReport {
  const located = ({ at, manifestAt, packageAt, ...f }: Finding): LocatedFinding => {
    const related = f.tools ? registrations(f.tools, anchors) : [];
    return { ...f, location: locate(f.subject, anchors, at, { manifestAt, packageAt }), ...(related.length > 0 ? { related } : {}) };
  };
  // A finding without a source position becomes located in place: once the report is built nothing
  // else reads the judgement's finding, and a copy of each one doubled peak memory on the largest
  // lists (scripts/bench-untrusted.ts: 800,000 findings from 200,000 tools). Same fields, same order.
  // A place in the manifest or package.json is dropped like a source position: copied, so it is not kept.
  const locatedInPlace = (f: Finding): LocatedFinding => {
    if (f.at !== undefined || f.manifestAt !== undefined || f.packageAt !== undefined) return located(f);
    const related = f.tools ? registrations(f.tools, anchors) : [];
    const open = f as Finding & { location?: Location; related?: LocatedFinding['related'] };
    open.location = locate(f.subject, anchors);
    if (related.length > 0) open.related = related;
    return open as LocatedFinding;
  };
  const hs = capture.handshake;
  const serverName = hs.ok && typeof hs.serverInfo.name === 'string' ? hs.serverInfo.name : undefined;
  const serverVersion = hs.ok && typeof hs.serverInfo.version === 'string' ? hs.serverInfo.version : undefined;
  const notCalled = skippedTools(capture);
  const server: ServerHeader = {
    label: serverName ? `${serverName}${serverVersion ? ` ${serverVersion}` : ''}` : targetLabel(capture.target),
    target: capture.target,
    anchorPlaces: anchorPlacesOf(anchors),
    transport: capture.transport,
    handshake: hs.ok ? { ok: true, protocolVersion: hs.protocolVersion, serverName, serverVersion } : { ok: false, message: hs.message },
    stats: {
      tools: capture.lists.tools.items.length,
      prompts: capture.lists.prompts.items.length,
      resources: capture.lists.resources.items.length,
      resourceTemplates: capture.lists.resourceTemplates.items.length,
      durationMs: capture.timing.totalMs,
    },
    toolNames: listedToolNames(capture),
    toolParameters: parameterCounts(capture),
    ...(notCalled.length > 0 ? { skippedTools: notCalled } : {}),
    notes: [...capture.notes, ...runNotes, ...partNotes(rules, result, capture)],
  };
  const judged = {
    ...result,
    findings: result.findings.map(locatedInPlace),
    ignored: result.ignored.map((f) => ({ ...located(f), reason: f.reason })),
  };
  return judgedServerReport(server, judged, rules);
}

/** What a report says of a server besides its judgement: what was captured of it. */
export type ServerHeader = Omit<ServerReport, 'findings' | 'ignored' | 'skipped' | 'ran' | 'counts' | 'score'>;

/**
 * A server's report: what was captured of it and its located judgement, with the counts and the
 * score computed from the findings. Every report is built so, a lint's and `mcplint merge`'s.
 */
export function judgedServerReport(server: ServerHeader, judged: RunResult<LocatedFinding>, rules: readonly Rule[]): ServerReport {
  const unscored = {
    ...server,
    findings: judged.findings,
    ignored: judged.ignored,
    skipped: judged.skipped,
    ran: judged.ran,
    counts: countLevels(judged.findings),
  };
  return { ...unscored, score: serverScore(unscored, rules) };
}

/** What the score of a server is computed from (a report being built, or one read back by merge). */
export type ScoredServer = Pick<ServerReport, 'findings' | 'baselined' | 'ran' | 'stats' | 'toolParameters' | 'handshake'>;

function scoreInput(server: ScoredServer, rules: readonly Rule[]): ScoreInput {
  return {
    // Baselined findings are known but unresolved: they count.
    findings: [...server.findings, ...(server.baselined ?? [])],
    rules,
    ran: server.ran,
    subjects: serverSubjects(server),
    ...(server.toolParameters ? { toolParameters: server.toolParameters } : {}),
    handshakeOk: server.handshake.ok,
  };
}

/** The server's score (src/score/score.ts); `mcplint merge` recomputes it with this after cross-server rules. */
export function serverScore(server: ScoredServer, rules: readonly Rule[]): Score {
  return scoreServer(scoreInput(server, rules));
}

/** Each scored rule's part in the server's score (the JSON ruleScores). */
export function serverRuleScores(server: ScoredServer, rules: readonly Rule[]): RuleScore[] {
  return server.handshake.ok ? ruleScores(scoreInput(server, rules)) : [];
}

/** What fixing each failing rule would add to the server's score, most first (the Top fixes table). */
export function serverFixGains(server: ScoredServer, rules: readonly Rule[]): FixGain[] {
  return fixGains(scoreInput(server, rules));
}

/**
 * Who fails what on one server (src/score/verdicts.ts), over the findings that count (reported and
 * baselined): what every view of the server reads — scores, Top fixes, the HTML matrix, the checklist.
 */
export interface ServerVerdicts {
  /** Every rule that ran or has findings and judges a subject here, in the order rules ran; scored or not. */
  readonly rules: readonly RuleVerdict<LocatedFinding>[];
  readonly ofRule: (ruleId: string) => RuleVerdict<LocatedFinding> | undefined;
  /** Every listed tool (list order), then any other tool a finding is about or names. */
  readonly tools: readonly ToolVerdict<LocatedFinding>[];
  /** Which of the findings above are baselined (known; they count, but do not fail the run). */
  readonly baselined: ReadonlySet<LocatedFinding>;
}

const verdictCache = new WeakMap<ServerReport, WeakMap<readonly Rule[], ServerVerdicts>>();

export function serverVerdicts(server: ServerReport, rules: readonly Rule[]): ServerVerdicts {
  let byRules = verdictCache.get(server);
  if (!byRules) verdictCache.set(server, (byRules = new WeakMap()));
  const cached = byRules.get(rules);
  if (cached) return cached;
  const input = { ...scoreInput(server, rules), findings: [...server.findings, ...(server.baselined ?? [])] };
  const judged = ruleVerdicts(input);
  const byId = new Map(judged.map((v) => [v.rule.id, v]));
  const verdicts: ServerVerdicts = {
    rules: judged,
    ofRule: (ruleId) => byId.get(ruleId),
    tools: toolVerdicts(input, server.toolNames ?? []),
    baselined: new Set(server.baselined ?? []),
  };
  byRules.set(rules, verdicts);
  return verdicts;
}

function serverSubjects(server: ScoredServer): SubjectCounts {
  const parameters = Object.values(server.toolParameters ?? {}).reduce((sum, n) => sum + n, 0);
  const { tools, prompts, resources, resourceTemplates } = server.stats;
  return { tools, parameters, prompts, resources: resources + resourceTemplates };
}

/** Where the source index registers each named tool (tools it does not know are left out). */
function registrations(tools: readonly string[], anchors: Anchors): RelatedPlace[] {
  if (!anchors.source) return [];
  return tools.flatMap((tool) => {
    const place = locate({ kind: 'tool', name: tool }, anchors);
    return place.anchor === 'source' ? [{ ...place, tool }] : [];
  });
}

function anchorPlacesOf(anchors: Anchors): Location[] {
  return (['manifest', 'entry', 'config', 'capture'] as const).flatMap((anchor) => {
    const place = anchors[anchor];
    return place ? [{ uri: place.uri, startLine: place.line, anchor }] : [];
  });
}

function listedToolNames(capture: Capture): string[] {
  const names = new Set<string>();
  for (const item of capture.lists.tools.items) {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name === 'string') names.add(name);
  }
  return [...names];
}

export interface ToolScore extends Score {
  readonly name: string;
  /** Findings that fail this tool and count against the run (baselined and ignored ones excluded), server-wide ones naming it included. */
  readonly counts: Readonly<Record<Severity, number>>;
}

/**
 * Per-tool scores: the server model (src/score/score.ts) over one tool's verdicts. Its rules are
 * the scored rules that ran and judge tools or parameters, plus any rule that fails it; its subjects
 * are the tool and its parameters; a finding about the server that names the tool (or names none,
 * of a tool rule) fails the whole tool; baselined findings count, exactly as in the server score.
 * Every listed tool appears, in list order; a tool with findings that was not listed (e.g. a
 * duplicate name) is added.
 */
export function toolScores(server: ServerReport, rules: readonly Rule[]): ToolScore[] {
  if (!server.handshake.ok) return [];
  const ruleById = new Map(rules.map((r) => [r.id, r]));
  const toolRules = server.ran.filter((id) => {
    const rule = ruleById.get(id);
    return rule !== undefined && judgesTools(rule) && judgesServerItself(rule);
  });
  const verdicts = serverVerdicts(server, rules);
  return verdicts.tools.map(({ name, findings }) => {
    // Within one tool, a finding about the server is about all of it.
    const own = findings.map((f) => (f.subject.kind === 'tool' || f.tools === undefined ? f : { ...f, tools: undefined }));
    const subjects = { tools: 1, parameters: server.toolParameters?.[name] ?? 0, prompts: 0, resources: 0 };
    const { cappedBy: _cappedBy, ...score } = scoreServer({ findings: own, rules, ran: toolRules, subjects, handshakeOk: true });
    const counts = countLevels(findings.filter((f) => !verdicts.baselined.has(f)));
    return { name, ...score, counts };
  });
}

/** What a server lists, as every report's header says it: "4 tools, 1 prompt, 1 resource" (templates only when there are any). */
export function listedText(stats: ServerReport['stats']): string {
  return [
    plural(stats.tools, 'tool'),
    plural(stats.prompts, 'prompt'),
    plural(stats.resources, 'resource'),
    ...(stats.resourceTemplates ? [plural(stats.resourceTemplates, 'resource template')] : []),
  ].join(', ');
}

/** The transport as a report shows it: a bare listing (--from) had none. */
export function transportText(transport: Capture['transport']): string {
  return transport === 'none' ? 'bare tools/list result, no live session' : transport;
}

export function targetLabel(target: TargetDescription): string {
  if (target.declaredIn?.serverName) return target.declaredIn.serverName;
  return targetText(target);
}

/** Ignored and baselined findings over all servers (every format's summary shows them). */
export function setAside(report: LintReport): { ignored: number; baselined: number } {
  let ignored = 0;
  let baselined = 0;
  for (const s of report.servers) {
    ignored += s.ignored.length;
    baselined += s.baselined?.length ?? 0;
  }
  return { ignored, baselined };
}

export function totals(report: LintReport): Record<Severity, number> {
  return sumLevelCounts(report.servers.map((s) => s.counts));
}

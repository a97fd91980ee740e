/**
 * SARIF 2.1.0 for GitHub code scanning (and any other SARIF consumer).
 *
 * What GitHub needs beyond the OASIS schema (research note "SARIF that GitHub code scanning
 * accepts", Part 2) and how this file meets it:
 * - every run has a `results` array, even when empty (upload-sarif throws otherwise);
 * - `driver.rules` lists EVERY registered rule, in registry order, so rule metadata is stable;
 * - every result has exactly one location with a physical, repo-relative file and a start line:
 *   one result without one rejects the whole upload. LocatedFinding always carries one (locate()
 *   always answers); `artifactUri` below also makes sure the uri is a non-empty relative reference;
 * - descriptions and names are clipped to GitHub's limits (255 / 1024 / 1024 characters);
 * - at most 20 runs per file and 25,000 results per run: the CLI refuses to write a file of more
 *   runs (one per server) and says how to shard the run instead (sarifRunLimit); a library caller
 *   that renders one anyway gets the first 20 and a toolExecutionNotification naming the rest,
 *   rather than a file GitHub rejects; results beyond 25,000 are cut the same way;
 * - runs of one tool in one file need distinct categories (`automationDetails.id`): since July 2025
 *   upload-sarif rejects a file with several runs of the same tool and category (GitHub's
 *   changelog of 2025-07-21: "code scanning will stop combining multiple SARIF runs uploaded in
 *   the same SARIF file"), and the workflow's `category:` input cannot help
 *   because it is written identically to every run. So with one server we emit an id only when the
 *   user asked for a category (an id in the file overrides the workflow's `category:`), and with
 *   several servers every run gets `<category or "mcplint">/<server slug>/`, the slug made from the
 *   config key or the server's name, never its version (a new version would close every alert);
 * - with `context.repositoryPlaces` (the CLI always gives it), every uri is an existing file of the
 *   repository, relative to `%SRCROOT%` (src/report/formatters/places.ts, which every format with
 *   paths reads); a finding about the server that names tools relates each registration line the
 *   source index knows (`relatedLocations`, as many as GitHub shows; the message counts the rest);
 * - `driver.rules` lists every rule with short descriptions and helpUri, but the full help only for
 *   rules with results in the run: the help of 80 rules per run is most of a file's size.
 */
import type {
  Fix,
  Log,
  Location as SarifLocation,
  LogicalLocation,
  Notification,
  PhysicalLocation,
  ReportingDescriptor,
  Result,
  Run,
} from 'sarif';
import { firstParagraph, ruleMarkdown } from '../rule-docs.js';
import { ruleStatus, subjectKey, type Level, type Rule, type Subject } from '../../engine/rule.js';
import { targetLabel, type LintReport, type LocatedFinding, type ServerReport } from '../report.js';
import { clip } from '../../shared/text.js';
import type { FindingFix } from '../../model/fix.js';
import { docsUrl, REPOSITORY_URL } from '../../shared/version.js';
import { evidenceText } from './evidence.js';
import { findingPlace, standInNote, type FindingPlace } from './places.js';
import type { FormatContext, Formatter } from './types.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** GitHub rejects files with more runs than this. */
export const MAX_RUNS = 20;
/** GitHub rejects runs with more results than this. */
export const MAX_RESULTS_PER_RUN = 25_000;
/** The uriBaseId every repository-relative uri is resolved against (CodeQL's spelling). */
export const SOURCE_ROOT = '%SRCROOT%';
/** Related locations per result that GitHub shows (it stores no more than this either). */
export const MAX_RELATED_LOCATIONS = 100;

const LIMITS = { name: 255, description: 1024 } as const;
/** Clipped SARIF text fits its limit, ellipsis included, and the ellipsis follows a word. */
const WITHIN_LIMIT = { fit: true, trimEnd: true } as const;

/** Compact: an upload, not a page to read (indentation was a third of server-everything's file). */
export const sarif: Formatter = (report, context) => JSON.stringify(sarifLog(report, context)) + '\n';

/**
 * Why a report cannot be one SARIF file GitHub accepts, and how to shard the run so each shard's
 * file fits (undefined when it fits): one line, for the CLI to refuse with before writing anything.
 */
export function sarifRunLimit(servers: number, sharded: boolean): string | undefined {
  if (servers <= MAX_RUNS) return undefined;
  const shards = Math.ceil(servers / MAX_RUNS);
  const how = sharded
    ? `split it into more shards (this shard alone has ${servers} servers)`
    : `lint it in ${shards} shards, one SARIF file and upload each: --shard 1/${shards}${shards > 2 ? ' …' : ''} --shard ${shards}/${shards}`;
  return `SARIF: ${servers} servers make ${servers} runs, and GitHub code scanning rejects a file of more than ${MAX_RUNS}; ${how}`;
}

/** The SARIF log as an object (the formatter stringifies it; tests inspect it directly). */
export function sarifLog(report: LintReport, context: FormatContext): Log {
  const descriptors = context.rules.map((rule) => describeRule(rule, false));
  const servers = report.servers.slice(0, MAX_RUNS);
  const omitted = report.servers.slice(MAX_RUNS);
  const ids = runIds(servers, context.sarifCategory);
  const runs = servers.map((server, i) => buildRun(server, report, context, descriptors, ids[i], i === servers.length - 1 ? omitted : []));
  if (runs.length === 0) {
    // Nothing was linted: still one run with its rules and an empty results array, which GitHub accepts.
    runs.push({
      tool: { driver: { name: 'mcplint', semanticVersion: report.tool.version, informationUri: REPOSITORY_URL, rules: descriptors } },
      ...(context.sarifCategory?.trim() ? { automationDetails: { id: `${context.sarifCategory.trim().replace(/\/+$/, '')}/` } } : {}),
      results: [],
      columnKind: 'utf16CodeUnits',
    });
  }
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs };
}

function buildRun(
  server: ServerReport,
  report: LintReport,
  context: FormatContext,
  baseDescriptors: readonly ReportingDescriptor[],
  automationId: string | undefined,
  omittedServers: readonly ServerReport[],
): Run {
  const rules = context.rules;
  const descriptors = [...baseDescriptors];
  const indexOf = new Map(rules.map((r, i) => [r.id, i]));
  const ruleIndex = (ruleId: string): number => {
    let index = indexOf.get(ruleId);
    if (index === undefined) {
      // A finding of a rule outside the registry (should not happen): describe it minimally so
      // GitHub still finds its ruleId in driver.rules.
      index = descriptors.length;
      descriptors.push(unknownRule(ruleId));
      indexOf.set(ruleId, index);
    }
    return index;
  };

  // With a baseline, known findings are still results (code scanning tracks alerts itself), marked
  // with SARIF's baselineState so consumers can tell new from unchanged.
  const withBaseline = report.baseline !== undefined;
  const all: [LocatedFinding, Result['baselineState'] | undefined][] = [
    ...server.findings.map((f) => [f, withBaseline ? 'new' : undefined] as [LocatedFinding, Result['baselineState'] | undefined]),
    ...(server.baselined ?? []).map((f) => [f, 'unchanged'] as [LocatedFinding, Result['baselineState'] | undefined]),
  ];
  const findings = all.slice(0, MAX_RESULTS_PER_RUN);
  const places = context.repositoryPlaces;
  const results = findings.map(([f, state]) => {
    const result = buildResult(f, ruleIndex(f.ruleId), server, context);
    return state ? { ...result, baselineState: state } : result;
  });
  for (const id of new Set(findings.map(([f]) => f.ruleId))) {
    const index = indexOf.get(id);
    if (index !== undefined && index < rules.length) descriptors[index] = describeRule(rules[index]!);
  }

  const notifications: Notification[] = [];
  if (!server.handshake.ok) {
    notifications.push({
      level: 'error',
      message: {
        text: `The MCP handshake with ${server.label} failed: ${(server.handshake.message ?? 'no reason given').replace(/\.+$/, '')}.`,
      },
      descriptor: { id: 'handshake-failed' },
    });
  }
  for (const note of server.notes) notifications.push({ level: 'note', message: { text: note }, descriptor: { id: 'capture-note' } });
  for (const skipped of server.skipped) {
    const index = indexOf.get(skipped.ruleId);
    notifications.push({
      level: 'note',
      message: { text: `Rule ${skipped.ruleId} was skipped: ${skipped.reason}.` },
      descriptor: { id: 'rule-skipped' },
      associatedRule: index === undefined ? { id: skipped.ruleId } : { id: skipped.ruleId, index },
    });
  }
  if (server.ignored.length > 0) {
    notifications.push({
      level: 'note',
      message: {
        text: `${server.ignored.length} finding(s) of ${server.label} were ignored by the configuration (each with a reason) and are not listed as results.`,
      },
      descriptor: { id: 'findings-ignored' },
    });
  }
  const stale = report.baseline?.stale ?? [];
  if (stale.length > 0) {
    notifications.push({
      level: 'warning',
      message: {
        text:
          `${stale.length} entr${stale.length === 1 ? 'y' : 'ies'} of the baseline ${report.baseline!.file} match no finding any more (remove with --update-baseline): ` +
          stale.map((e) => `${e.rule} ${e.subject}`).join('; '),
      },
      descriptor: { id: 'baseline-stale' },
    });
  }
  if (all.length > findings.length) {
    notifications.push({
      level: 'warning',
      message: {
        text: `Only the first ${MAX_RESULTS_PER_RUN} of ${all.length} results are included: GitHub code scanning rejects runs with more.`,
      },
      descriptor: { id: 'results-truncated' },
    });
  }
  if (omittedServers.length > 0) {
    notifications.push({
      level: 'warning',
      message: {
        text:
          `${omittedServers.length} more server(s) were linted but are not in this SARIF file, because GitHub code scanning accepts at most ${MAX_RUNS} runs per file: ` +
          `${omittedServers.map((s) => s.label).join(', ')}. Lint them separately (one SARIF file per server) to upload their results.`,
      },
      descriptor: { id: 'runs-truncated' },
    });
  }

  return {
    tool: {
      driver: {
        name: 'mcplint',
        semanticVersion: report.tool.version,
        informationUri: REPOSITORY_URL,
        rules: descriptors,
      },
    },
    ...(automationId !== undefined ? { automationDetails: { id: automationId } } : {}),
    ...(places ? { originalUriBaseIds: { [SOURCE_ROOT]: { uri: places.rootUri } } } : {}),
    invocations: [{ executionSuccessful: true, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}) }],
    results,
    columnKind: 'utf16CodeUnits',
    properties: {
      server: server.label,
      score: server.score.score,
      grade: server.score.grade,
      counts: { ...server.counts },
      ignored: server.ignored.length,
      baselined: server.baselined?.length ?? 0,
      ...(server.handshake.protocolVersion ? { protocolVersion: server.handshake.protocolVersion } : {}),
    },
  };
}

function buildResult(finding: LocatedFinding, ruleIndex: number, server: ServerReport, context: FormatContext): Result {
  // findingPlace always answers, even for a finding read back from JSON without a location: GitHub
  // drops the whole upload for one location-less result, so never emit one.
  const place = findingPlace(finding.location, server, context);
  const logical = logicalLocation(finding.subject);
  const sarifLocation: SarifLocation = { physicalLocation: physical(place, server), ...(logical ? { logicalLocations: [logical] } : {}) };
  const related = relatedLocations(finding, server, context);
  const partialFingerprints: Record<string, string> = { 'mcplint/v1': finding.fingerprint };
  // Fallback anchors put many findings on one line (e.g. package.json "name"): upload-sarif would
  // hash that line for all of them and GitHub could merge them into one alert, so we provide the
  // line hash ourselves from our stable fingerprint. Source-anchored results keep GitHub's own.
  if (place.anchor !== 'source') partialFingerprints.primaryLocationLineHash = `${finding.fingerprint.slice(0, 16)}:1`;
  return {
    ruleId: finding.ruleId,
    ruleIndex,
    level: finding.level,
    message: { text: messageText(finding, place, related.omitted) },
    locations: [sarifLocation],
    ...(related.locations.length > 0 ? { relatedLocations: related.locations } : {}),
    partialFingerprints,
    ...(finding.fix ? { fixes: [sarifFix(finding.fix, server, context)] } : {}),
    properties: {
      subject: subjectKey(finding.subject),
      anchor: place.anchor,
      ...(place.standIn ? { target: place.standIn.target, ...(place.standIn.original ? { foundAt: place.standIn.original } : {}) } : {}),
    },
  };
}

/** A finding's fix as SARIF viewers apply it: per file, each edit as a deleted region (offsets in UTF-16 code units) and the text put there. */
function sarifFix(fix: FindingFix, server: ServerReport, context: FormatContext): Fix {
  const files = [...new Set(fix.edits.map((e) => e.file))];
  return {
    description: { text: `${fix.safety === 'safe' ? 'Safe fix' : 'Unsafe fix'}: ${fix.description}` },
    artifactChanges: files.map((file) => {
      const place = findingPlace({ uri: file, startLine: 1, anchor: 'source' }, server, context);
      return {
        artifactLocation: physical(place, server).artifactLocation!,
        replacements: fix.edits
          .filter((e) => e.file === file)
          .map((e) => ({
            deletedRegion: { charOffset: e.start, charLength: e.end - e.start },
            ...(e.replacement !== '' ? { insertedContent: { text: e.replacement } } : {}),
          })),
      };
    }),
    properties: { safety: fix.safety },
  };
}

function physical(place: FindingPlace, server: ServerReport): PhysicalLocation {
  return {
    artifactLocation: place.inRepository
      ? { uri: artifactUri(place.uri, server.label), uriBaseId: SOURCE_ROOT }
      : { uri: artifactUri(place.uri, server.label) },
    region: { startLine: place.startLine, ...(place.startColumn !== undefined ? { startColumn: place.startColumn } : {}) },
  };
}

/**
 * A finding about the server that names tools: the registration line of each one the source index
 * knows (GitHub shows at most MAX_RELATED_LOCATIONS of them; the message counts the rest). Only
 * places in the repository: a stand-in line would relate nothing.
 */
function relatedLocations(
  finding: LocatedFinding,
  server: ServerReport,
  context: FormatContext,
): { locations: SarifLocation[]; omitted: number } {
  const locations: SarifLocation[] = [];
  let omitted = 0;
  for (const related of finding.related ?? []) {
    const place = findingPlace(related, server, context);
    if (place.standIn || place.anchor !== 'source') continue;
    if (locations.length === MAX_RELATED_LOCATIONS) {
      omitted++;
      continue;
    }
    locations.push({ id: locations.length, physicalLocation: physical(place, server), message: { text: `tool ${related.tool}` } });
  }
  return { locations, omitted };
}

function messageText(finding: LocatedFinding, place: FindingPlace, relatedOmitted: number): string {
  const evidence = finding.evidence?.trim();
  const quoted = evidence ? `${finding.message} Evidence: ${evidenceText(evidence)}` : finding.message;
  const more = relatedOmitted > 0 ? ` (${relatedOmitted} more registration${relatedOmitted === 1 ? '' : 's'} not linked.)` : '';
  // A place that only stands in for what was linted says so (properties.foundAt says where it really is).
  return `${quoted}${more}${standInNote(place)}`;
}

const LOGICAL_PREFIX = { tool: 'tools', prompt: 'prompts', resource: 'resources', resourceTemplate: 'resourceTemplates' } as const;

function logicalLocation(subject: Subject): LogicalLocation | undefined {
  if (subject.kind === 'server' || subject.kind === 'transport') return undefined;
  return { name: subject.name, fullyQualifiedName: `${LOGICAL_PREFIX[subject.kind]}/${subject.name}`, kind: 'member' };
}

/**
 * The SARIF descriptor of one rule: what GitHub shows on the alert page. `fullHelp` false: the
 * help is the summary and a link (rules without results in the run; GitHub still needs a help text).
 */
export function describeRule(rule: Rule, fullHelp = true): ReportingDescriptor {
  const tags = ['mcp', rule.category];
  if (rule.category === 'security' && !tags.includes('security')) tags.push('security');
  const enabled = rule.severity !== 'off';
  return {
    id: rule.id,
    name: clip(pascalCase(rule.id), LIMITS.name, WITHIN_LIMIT),
    shortDescription: { text: clip(rule.summary, LIMITS.description, WITHIN_LIMIT) },
    fullDescription: { text: clip((fullHelp && firstParagraph(rule.id)) || rule.summary, LIMITS.description, WITHIN_LIMIT) },
    // The plain text is a pointer, not a second copy of the Markdown (GitHub renders the Markdown).
    help: fullHelp
      ? { text: `${rule.summary} Full help: ${docsUrl(rule.id)}`, markdown: ruleMarkdown(rule) }
      : { text: `Help: ${docsUrl(rule.id)}` },
    helpUri: docsUrl(rule.id),
    defaultConfiguration: enabled ? { level: rule.severity as Exclude<Level, 'off'> } : { level: 'note', enabled: false },
    properties: {
      tags,
      precision: rule.precision,
      status: ruleStatus(rule),
      'problem.severity': problemSeverity(rule.severity),
      // GitHub shows a security severity only for rules tagged `security`; it requires this score.
      ...(rule.category === 'security' ? { 'security-severity': securitySeverity(rule.severity) } : {}),
    },
  };
}

function unknownRule(ruleId: string): ReportingDescriptor {
  const text = `Rule ${ruleId} (not in this mcplint's registry).`;
  return {
    id: ruleId,
    name: clip(pascalCase(ruleId), LIMITS.name, WITHIN_LIMIT),
    shortDescription: { text },
    fullDescription: { text },
    help: { text },
  };
}

function problemSeverity(level: Level): 'error' | 'warning' | 'recommendation' {
  return level === 'error' ? 'error' : level === 'warning' ? 'warning' : 'recommendation';
}

function securitySeverity(level: Level): string {
  return level === 'error' ? '8.0' : level === 'warning' ? '5.0' : '2.0';
}

export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** automationDetails.id per run (see the header comment), unique within the file. */
function runIds(servers: readonly ServerReport[], category: string | undefined): (string | undefined)[] {
  const base = category?.trim().replace(/\/+$/, '');
  if (servers.length < 2) return servers.map(() => (base ? `${base}/` : undefined));
  const seen = new Map<string, number>();
  return servers.map((server) => {
    let slug = slugify(stableName(server)) || 'server';
    const n = (seen.get(slug) ?? 0) + 1;
    seen.set(slug, n);
    if (n > 1) slug = `${slug}-${n}`;
    return `${base || 'mcplint'}/${slug}/`;
  });
}

/** The config key, else the server's own name (without its version), else the target. */
function stableName(server: ServerReport): string {
  return server.target.declaredIn?.serverName ?? server.handshake.serverName ?? targetLabel(server.target);
}

export function slugify(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 64);
}

/**
 * A non-empty, relative URI reference for artifactLocation.uri. Paths from locate() are already
 * relative with `/` separators and pass through unchanged; a fallback that is a command line or a
 * URL (no file in the repository) is made into a relative reference GitHub accepts: no scheme, no
 * leading `/`, no spaces.
 */
export function artifactUri(uri: string, fallbackLabel: string): string {
  let path = uri.replace(/\\/g, '/').trim();
  path = path.replace(/^[A-Za-z][A-Za-z0-9+.-]*:(\/\/)?/, ''); // scheme or Windows drive letter
  path = path.replace(/^\/+/, '');
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  const encoded = segments.map((s) => s.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9._~!$&'()*+,;=@%-]/gu, (c) => safeEncode(c)));
  const result = encoded.join('/');
  return result || slugify(fallbackLabel) || 'mcp-server';
}

function safeEncode(c: string): string {
  try {
    return encodeURIComponent(c);
  } catch {
    return '_'; // a lone surrogate
  }
}

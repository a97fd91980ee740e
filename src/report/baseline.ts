/**
 * Baselines: known findings that do not fail the run, so mcplint can be adopted on an existing
 * server and still stop every NEW problem. A finding is known when its fingerprint (rule + subject +
 * message id, never a line number) is in the baseline file. Known findings are kept in the report
 * as "baselined" and counted, like ignored ones; entries that match nothing any more are "stale"
 * and reported, so baselines shrink instead of rotting.
 *
 * Everything here is pure and knows findings only: applying a baseline to a report is
 * src/report/apply-baseline.ts, reading and writing the file happens in the CLI (src/report/baseline-file.ts).
 */
import { subjectKey } from '../engine/rule.js';
import type { Finding } from '../engine/run.js';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  readonly fingerprint: string;
  /** For humans reading the file (matching uses the fingerprint only). */
  readonly rule: string;
  readonly subject: string;
  readonly message: string;
  /** Why this finding is accepted for now; "" until someone writes one. Kept on --update-baseline. */
  readonly reason: string;
}

export interface Baseline {
  readonly version: typeof BASELINE_VERSION;
  readonly entries: readonly BaselineEntry[];
}

/** What applying a baseline did, for the report (text line, JSON field, SARIF notification). */
export interface BaselineSummary {
  /** The file as the user named it. */
  readonly file: string;
  readonly entries: number;
  /** Findings (over all servers) that the baseline covered. */
  readonly matched: number;
  /** Entries that matched no finding: fixed, renamed or gone. */
  readonly stale: readonly BaselineEntry[];
  /** True when this run wrote the file (--update-baseline). */
  readonly updated?: boolean;
}

/** An entry describing one finding. */
export function entryFor(finding: Finding, reason = ''): BaselineEntry {
  return { fingerprint: finding.fingerprint, rule: finding.ruleId, subject: subjectKey(finding.subject), message: finding.message, reason };
}

/**
 * The baseline that accepts every given finding: reasons of entries that still match are kept,
 * stale entries are dropped, the first finding of a fingerprint wins. Sorted for reviewable diffs.
 */
export function baselineAccepting(findings: Iterable<Finding>, previous: Baseline | undefined): Baseline {
  const reasons = new Map((previous?.entries ?? []).map((e) => [e.fingerprint, e.reason]));
  const entries = new Map<string, BaselineEntry>();
  for (const finding of findings) {
    if (!entries.has(finding.fingerprint)) entries.set(finding.fingerprint, entryFor(finding, reasons.get(finding.fingerprint) ?? ''));
  }
  const sorted = [...entries.values()].sort(
    (a, b) =>
      compare(a.rule, b.rule) || compare(a.subject, b.subject) || compare(a.message, b.message) || compare(a.fingerprint, b.fingerprint),
  );
  return { version: BASELINE_VERSION, entries: sorted };
}

/** The file's text: stable key order, one entry per block, trailing newline. */
export function serializeBaseline(baseline: Baseline): string {
  const entries = baseline.entries.map((e) => ({
    fingerprint: e.fingerprint,
    rule: e.rule,
    subject: e.subject,
    message: e.message,
    reason: e.reason,
  }));
  return JSON.stringify({ version: baseline.version, entries }, null, 2) + '\n';
}

/** Parse and check a baseline file's text; throws an Error with one readable line. */
export function parseBaseline(text: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('not JSON');
  }
  const v = value as { version?: unknown; entries?: unknown };
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error('not a baseline (expected an object with "version" and "entries")');
  if (v.version !== BASELINE_VERSION)
    throw new Error(`unsupported baseline version ${JSON.stringify(v.version)} (expected ${BASELINE_VERSION})`);
  if (!Array.isArray(v.entries)) throw new Error('"entries" must be an array');
  const entries = v.entries.map((raw: unknown, i): BaselineEntry => {
    const e = raw as Partial<Record<keyof BaselineEntry, unknown>>;
    if (typeof e !== 'object' || e === null || typeof e.fingerprint !== 'string' || e.fingerprint === '') {
      throw new Error(`entries[${i}]: needs a "fingerprint" string`);
    }
    const text = (k: keyof BaselineEntry): string => (typeof e[k] === 'string' ? (e[k] as string) : '');
    return { fingerprint: e.fingerprint, rule: text('rule'), subject: text('subject'), message: text('message'), reason: text('reason') };
  });
  return { version: BASELINE_VERSION, entries };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GitLab Code Quality: a JSON array of issues (`description`, `check_name`, `fingerprint`,
 * `severity`, `location.path`, `location.lines.begin`), which merge requests show inline.
 * One issue per finding, at its place in the repository (src/report/formatters/places.ts: Code
 * Quality paths are relative to the repository root); the fingerprint is mcplint's own, made
 * unique per server so that the same finding on two servers of one run stays two issues, and
 * unique in the file: two findings with one fingerprint (a tool name listed twice) get the first
 * its own, each next one a fingerprint of its own and its place among them, which GitLab needs to
 * tell issues apart.
 */
import { createHash } from 'node:crypto';
import type { Severity } from '../../engine/rule.js';
import { findingPlace, standInNote } from './places.js';
import type { Formatter } from './types.js';

/** Code Quality's severities: info, minor, major, critical, blocker. */
const SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', note: 'info' };

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

export const gitlab: Formatter = (report, context) => {
  const several = report.servers.length > 1;
  const seen = new Map<string, number>();
  const unique = (fingerprint: string): string => {
    const n = seen.get(fingerprint) ?? 0;
    seen.set(fingerprint, n + 1);
    return n === 0 ? fingerprint : digest(`${fingerprint}\0${n}`);
  };
  const issues = report.servers.flatMap((server) =>
    server.findings.map((f) => {
      const place = findingPlace(f.location, server, context);
      return {
        description: `${several ? `${server.label}: ` : ''}${f.message}${standInNote(place)}`,
        check_name: f.ruleId,
        fingerprint: unique(several ? digest(`${server.label}\0${f.fingerprint}`) : f.fingerprint),
        severity: SEVERITY[f.level],
        location: { path: place.uri, lines: { begin: place.startLine } },
      };
    }),
  );
  return JSON.stringify(issues, null, 2) + '\n';
};

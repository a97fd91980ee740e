/**
 * GitLab Code Quality: a JSON array of issues (`description`, `check_name`, `fingerprint`,
 * `severity`, `location.path`, `location.lines.begin`), which merge requests show inline.
 * One issue per finding; the fingerprint is mcplint's own, made unique per server so that the same
 * finding on two servers of one run stays two issues.
 */
import { createHash } from 'node:crypto';
import type { Severity } from '../../engine/rule.js';
import type { Formatter } from './types.js';

/** Code Quality's severities: info, minor, major, critical, blocker. */
const SEVERITY: Record<Severity, string> = { error: 'major', warning: 'minor', note: 'info' };

export const gitlab: Formatter = (report) => {
  const several = report.servers.length > 1;
  const issues = report.servers.flatMap((server) =>
    server.findings.map((f) => ({
      description: several ? `${server.label}: ${f.message}` : f.message,
      check_name: f.ruleId,
      fingerprint: several ? createHash('sha256').update(`${server.label}\0${f.fingerprint}`).digest('hex').slice(0, 32) : f.fingerprint,
      severity: SEVERITY[f.level],
      location: { path: f.location.uri, lines: { begin: f.location.startLine } },
    })),
  );
  return JSON.stringify(issues, null, 2) + '\n';
};

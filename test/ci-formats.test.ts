/**
 * The formats for CI systems other than GitHub: JUnit XML (validated with xmllint against the
 * widely used JUnit XSD, vendored in schemas/junit/) and GitLab Code Quality JSON, on real lints
 * of fixture servers over stdio.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { gitlab } from '../src/report/formatters/gitlab.js';
import { junit } from '../src/report/formatters/junit.js';
import { lint } from '../src/session/lint.js';
import type { LintReport } from '../src/report/report.js';
import { fixturePath } from './helpers/capture.js';

const XSD = join(import.meta.dirname, '..', 'schemas', 'junit', 'JUnit.xsd');
const xmllint = spawnSync('xmllint', ['--version']).status === 0;
const context = { rules, color: false, timestamp: new Date('2026-12-01T10:00:00Z') };

let defective: LintReport;
let clean: LintReport;

beforeAll(async () => {
  const run = (script: string) =>
    lint({ cwd: process.cwd(), rules, noConfig: true, noSource: true, command: ['node', script] }).then((o) => o.report);
  [defective, clean] = await Promise.all([
    run(fixturePath('rules/tool-annotations-present/bad.mjs')),
    run(fixturePath('exemplary-server/server.mjs')),
  ]);
});

/** xmllint's verdict on a document against the vendored XSD. */
function validate(xml: string): { ok: boolean; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'mcplint-junit-')), 'report.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  return { ok: result.status === 0, output: result.stderr };
}

describe('--format junit', () => {
  it.skipIf(!xmllint)('validates against the JUnit XSD, for a defective and a clean server (needs xmllint: Debian libxml2-utils)', () => {
    for (const report of [defective, clean]) {
      const verdict = validate(junit(report, context));
      expect(verdict.output).toContain('validates');
      expect(verdict.ok).toBe(true);
    }
  });

  it.skipIf(!xmllint)('the validator can say no (a testcase without classname fails)', () => {
    const broken = junit(clean, context).replace(/ classname="[^"]*"/, '');
    expect(validate(broken).ok).toBe(false);
  });

  it('has one failing case per rule and subject with an error, passing cases for rules without findings, skipped cases', () => {
    const xml = junit(defective, context);
    const server = defective.servers[0]!;
    const errorPairs = new Set(server.findings.filter((f) => f.level === 'error').map((f) => `${f.ruleId} ${JSON.stringify(f.subject)}`));
    expect((xml.match(/<failure /g) ?? []).length).toBe(errorPairs.size);
    const rulesWithFindings = new Set(server.findings.map((f) => f.ruleId));
    const passing = server.ran.filter((id) => !rulesWithFindings.has(id));
    for (const id of passing) expect(xml).toContain(`<testcase classname="${id}" name="passes" time="0"/>`);
    expect((xml.match(/<skipped /g) ?? []).length).toBe(server.skipped.length);
    expect(xml).toMatch(/<testsuite name="[^"]+" package="mcplint" id="0" timestamp="2026-12-01T10:00:00"/);
  });

  it('--fail-on warning makes warnings failures too; none makes nothing fail', () => {
    const server = defective.servers[0]!;
    const warnings = server.findings.filter((f) => f.level === 'warning');
    expect(warnings.length).toBeGreaterThan(0);
    const byDefault = (junit(defective, context).match(/<failure /g) ?? []).length;
    const stricter = (junit(defective, { ...context, failOn: 'warning' }).match(/<failure /g) ?? []).length;
    expect(stricter).toBeGreaterThan(byDefault);
    expect(junit(defective, { ...context, failOn: 'none' })).not.toContain('<failure ');
  });

  it('escapes what a server says: markup and control characters never break the document', () => {
    const hostile = { ...clean, servers: [{ ...clean.servers[0]!, label: 'evil <x> & "q" \u001b[2J\u0007' }] };
    const xml = junit(hostile, context);
    expect(xml).toContain('name="evil &lt;x&gt; &amp; &quot;q&quot; \\u001b[2J\\u0007"');
    if (xmllint) expect(validate(xml).ok).toBe(true);
  });
});

describe('--format gitlab', () => {
  it('writes one Code Quality issue per finding with the fields GitLab reads', () => {
    const issues = JSON.parse(gitlab(defective, context)) as Record<string, unknown>[];
    const server = defective.servers[0]!;
    expect(issues).toHaveLength(server.findings.length);
    const severities = new Set(['info', 'minor', 'major', 'critical', 'blocker']);
    for (const [i, issue] of issues.entries()) {
      const f = server.findings[i]!;
      expect(issue).toEqual({
        description: f.message,
        check_name: f.ruleId,
        fingerprint: f.fingerprint,
        severity: f.level === 'error' ? 'major' : f.level === 'warning' ? 'minor' : 'info',
        location: { path: f.location.uri, lines: { begin: f.location.startLine } },
      });
      expect(severities.has(issue.severity as string)).toBe(true);
    }
  });

  it('keeps fingerprints unique across servers of one run', () => {
    const twice: LintReport = { ...defective, servers: [defective.servers[0]!, { ...defective.servers[0]!, label: 'another' }] };
    const issues = JSON.parse(gitlab(twice, context)) as { fingerprint: string }[];
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  it('is an empty array for a clean server', () => {
    expect(JSON.parse(gitlab(clean, context))).toEqual([]);
  });
});

/**
 * JUnit XML, for CI systems that show test results (Jenkins, GitLab, Azure Pipelines, CircleCI):
 * one <testsuite> per server, one <testcase> per rule and subject. A rule that ran without
 * findings is one passing case; each subject it reported is a case of its own, failing when the
 * finding's level is at or above the run's --fail-on level (errors by default) and passing with
 * the finding in <system-out> otherwise; a skipped rule is a <skipped> case. Valid against the
 * widely used JUnit XSD (schemas/junit/JUnit.xsd), whose testsuite requires properties,
 * system-out and system-err.
 */
import { subjectKey, type Severity } from '../../engine/rule.js';
import type { LocatedFinding, ServerReport } from '../report.js';
import { evidenceLines } from './evidence.js';
import { findingPlace, placeText, standInNote } from './places.js';
import type { FormatContext, Formatter } from './types.js';

const RANK: Record<Severity, number> = { error: 0, warning: 1, note: 2 };

interface Case {
  readonly classname: string;
  readonly name: string;
  readonly failure?: { readonly message: string; readonly type: string; readonly body: string };
  readonly skipped?: string;
  readonly out?: string;
}

export const junit: Formatter = (report, context) => {
  const failAt = context.failOn === undefined ? 'error' : context.failOn;
  const fails = (level: Severity): boolean => failAt !== 'none' && RANK[level] <= RANK[failAt];
  const suites = report.servers.map((server, id) => suite(server, id, fails, context));
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suites, '</testsuites>', ''].join('\n');
};

function suite(server: ServerReport, id: number, fails: (level: Severity) => boolean, context: FormatContext): string {
  const when = context.timestamp ?? new Date();
  const cases = casesOf(server, fails, context);
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const seconds = (server.stats.durationMs / 1000).toFixed(3);
  const lines = [
    `  <testsuite name="${attr(server.label)}" package="mcplint" id="${id}" timestamp="${when.toISOString().slice(0, 19)}" hostname="localhost" ` +
      `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}">`,
    '    <properties>',
    `      <property name="score" value="${server.score.score}"/>`,
    `      <property name="grade" value="${attr(server.score.grade)}"/>`,
    ...(server.handshake.protocolVersion
      ? [`      <property name="protocolVersion" value="${attr(server.handshake.protocolVersion)}"/>`]
      : []),
    '    </properties>',
  ];
  for (const c of cases) {
    const open = `    <testcase classname="${attr(c.classname)}" name="${attr(c.name)}" time="0"`;
    if (c.failure) {
      lines.push(
        `${open}>`,
        `      <failure message="${attr(c.failure.message)}" type="${attr(c.failure.type)}">${text(c.failure.body)}</failure>`,
        '    </testcase>',
      );
    } else if (c.skipped !== undefined) {
      lines.push(`${open}>`, `      <skipped message="${attr(c.skipped)}"/>`, '    </testcase>');
    } else lines.push(`${open}/>`);
  }
  const out = cases.filter((c) => c.out).map((c) => `${c.classname} ${c.name}: ${c.out}`);
  lines.push(`    <system-out>${text(out.join('\n'))}</system-out>`, '    <system-err></system-err>', '  </testsuite>');
  return lines.join('\n');
}

function casesOf(server: ServerReport, fails: (level: Severity) => boolean, context: FormatContext): Case[] {
  const bySubject = new Map<string, Map<string, LocatedFinding[]>>();
  for (const f of server.findings) {
    const subjects = bySubject.get(f.ruleId) ?? new Map<string, LocatedFinding[]>();
    bySubject.set(f.ruleId, subjects);
    const key = subjectKey(f.subject);
    subjects.set(key, [...(subjects.get(key) ?? []), f]);
  }
  const cases: Case[] = [];
  for (const ruleId of server.ran) {
    const subjects = bySubject.get(ruleId);
    if (!subjects) {
      cases.push({ classname: ruleId, name: 'passes' });
      continue;
    }
    for (const [subject, findings] of subjects) {
      const body = findings
        .map((f) => {
          const place = findingPlace(f.location, server, context);
          const evidence = f.evidence ? `\n${evidenceLines(f.evidence).join('\n')}` : '';
          return `${f.level}: ${f.message}${standInNote(place)} (${placeText(place)})${evidence}`;
        })
        .join('\n\n');
      const failing = findings.find((f) => fails(f.level));
      cases.push(
        failing
          ? { classname: ruleId, name: subject, failure: { message: failing.message, type: failing.level, body } }
          : { classname: ruleId, name: subject, out: findings.map((f) => `${f.level}: ${f.message}`).join(' | ') },
      );
    }
  }
  for (const s of server.skipped) cases.push({ classname: s.ruleId, name: 'skipped', skipped: s.reason });
  return cases;
}

/** XML 1.0 cannot carry most control characters even escaped: they are shown as \uXXXX. */
function clean(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\\ufffd');
}

function text(value: string): string {
  return clean(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

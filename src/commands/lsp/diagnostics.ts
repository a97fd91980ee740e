/**
 * From mcplint's JSON report (the child's `--format json --show-fixes`, src/report/formatters/json.ts)
 * to LSP diagnostics, by file: each finding on its location's line (the registration line of a
 * tool, src/locate/), the rule id as its code with a link to the rule's doc, and a server-wide
 * finding (placed on the manifest or entry file) related to each tool it names, in its registration.
 * A finding's fix rides along in `data`, for the quick fix (code-actions.ts). Types only from
 * vscode-languageserver: this module loads nothing.
 */
import { inertBlock, inertLine } from '../../shared/inert.js';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver';
import { docsUrl } from '../../shared/version.js';

/** LSP positions are uinteger (at most 2^31 - 1): clients that decode them as u32 reject larger ones. */
const LINE_END = 2 ** 31 - 1;

/** The parts of the JSON report read here. */
export interface JsonReport {
  readonly servers: readonly JsonServer[];
}
export interface JsonServer {
  readonly label: string;
  readonly handshake: { readonly ok: boolean; readonly message?: string };
  readonly findings: readonly JsonFinding[];
  readonly notes?: readonly string[];
}
export interface JsonFinding {
  readonly ruleId: string;
  readonly level: 'error' | 'warning' | 'note';
  readonly message: string;
  readonly subject: { readonly kind: string; readonly name?: string; readonly pointer?: string };
  readonly tools?: readonly string[];
  readonly location: { readonly uri: string; readonly startLine: number; readonly startColumn?: number; readonly anchor: string };
  readonly fix?: FindingFix;
}
export interface FindingFix {
  readonly safety: 'safe' | 'unsafe';
  readonly description: string;
  readonly edits: readonly {
    readonly file: string;
    readonly start: number;
    readonly end: number;
    readonly replacement: string;
    /** SHA-256 (hex) of the file's text the edit was computed against. */
    readonly sha256: string;
  }[];
}

/** What a diagnostic carries for its quick fix: the fix, and the folder its edits' paths are relative to. */
export interface DiagnosticData {
  readonly fix: FindingFix;
  readonly root: string;
}

const SEVERITY = { error: 1, warning: 2, note: 3 } as const;
const RULE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Diagnostics by file URI; `root` is the folder the child ran in (the report's paths are relative to it). */
export function diagnosticsOf(report: JsonReport, root: string): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>();
  const uriOf = (path: string): string => pathToFileURL(resolve(root, path)).href;
  for (const server of report.servers) {
    const registrations = registrationLines(server.findings);
    for (const finding of server.findings) {
      const { location } = finding;
      // A finding with no file of its own (a URL's, a saved capture's) has nowhere to go in an editor.
      if (location.anchor === 'target' || location.anchor === 'capture') continue;
      const line = Math.max(0, location.startLine - 1);
      const character = Math.max(0, (location.startColumn ?? 1) - 1);
      const related: DiagnosticRelatedInformation[] = (finding.subject.kind === 'tool' ? [] : (finding.tools ?? [])).flatMap((tool) => {
        const at = registrations.get(tool);
        if (!at) return [];
        const position = { line: at.startLine - 1, character: Math.max(0, (at.startColumn ?? 1) - 1) };
        return [{ location: { uri: uriOf(at.uri), range: { start: position, end: position } }, message: `tool "${inertLine(tool)}"` }];
      });
      const diagnostic: Diagnostic = {
        // To the end of the line: the largest position LSP allows (uinteger), which clients clamp.
        range: { start: { line, character }, end: { line, character: LINE_END } },
        severity: SEVERITY[finding.level],
        source: 'mcplint',
        // The report keeps the server's words exact; what an editor shows is made inert (src/shared/inert.ts).
        message: inertBlock(finding.message),
        ...(RULE_ID.test(finding.ruleId) ? { code: finding.ruleId, codeDescription: { href: docsUrl(finding.ruleId) } } : {}),
        ...(related.length > 0 ? { relatedInformation: related } : {}),
        ...(finding.fix ? { data: { fix: finding.fix, root } satisfies DiagnosticData } : {}),
      };
      const uri = uriOf(location.uri);
      byFile.set(uri, [...(byFile.get(uri) ?? []), diagnostic]);
    }
  }
  return byFile;
}

/**
 * Where each tool is, as the findings about it say (the JSON report has no registration list): a
 * finding on the tool itself (no pointer) sits on its registration's name; else the first line any
 * finding on it points to, inside its registration.
 */
function registrationLines(findings: readonly JsonFinding[]): Map<string, JsonFinding['location']> {
  const found = new Map<string, { location: JsonFinding['location']; exact: boolean }>();
  for (const f of findings) {
    if (f.subject.kind !== 'tool' || !f.subject.name || f.location.anchor !== 'source') continue;
    const exact = f.subject.pointer === undefined;
    const known = found.get(f.subject.name);
    const better = !known || (exact && !known.exact) || (exact === known.exact && f.location.startLine < known.location.startLine);
    if (better) found.set(f.subject.name, { location: f.location, exact });
  }
  return new Map([...found].map(([name, { location }]) => [name, location]));
}

/** Why the server could not be linted, for a status message; undefined when every server answered. */
export function startFailure(report: JsonReport): string | undefined {
  const failed = report.servers.filter((s) => !s.handshake.ok);
  if (failed.length === 0) return undefined;
  return inertLine(failed.map((s) => `${s.label}: ${s.handshake.message ?? s.notes?.[0] ?? 'the handshake failed'}`).join('; '));
}

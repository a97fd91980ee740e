/**
 * The fixes of one server's findings: each finding of a rule whose metadata declares a fix (for
 * its message) is handed to that rule's fixer (fixers.ts) with the server's source index; what
 * comes back becomes the finding's FindingFix, its edits named relative to the working directory.
 */
import { relative, sep } from 'node:path';
import { fixOf, type Rule } from '../engine/rule.js';
import type { Finding } from '../engine/run.js';
import type { FindingFix } from '../model/fix.js';
import type { SourceIndex } from '../model/source-index.js';
import { FixFiles } from './fix-files.js';
import type { FixContext, Fixer, PlannedEdit, PlannedFix } from './fixer.js';
import { FIXERS } from './fixers.js';

/** A finding's fix as the report carries it, with the edits against what was read (for writing). */
export interface PlannedFindingFix {
  readonly ruleId: string;
  readonly fingerprint: string;
  readonly fix: FindingFix;
  readonly planned: readonly PlannedEdit[];
}

export interface ServerToFix {
  readonly findings: readonly Finding[];
  readonly source: SourceIndex;
  readonly protocolVersion?: string;
}

/** A fixer's answer; a fixer that fails on code it does not expect fixes nothing rather than failing the run. */
async function fixOrNothing(fixer: Fixer, finding: Finding, ctx: FixContext): Promise<PlannedFix | undefined> {
  try {
    return await fixer(finding, ctx);
  } catch {
    return undefined;
  }
}

export async function planFixes(server: ServerToFix, rules: readonly Rule[], cwd: string): Promise<PlannedFindingFix[]> {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const files = new FixFiles(server.source.root);
  const ctx = { source: server.source, files, ...(server.protocolVersion ? { protocolVersion: server.protocolVersion } : {}) };
  const out: PlannedFindingFix[] = [];
  for (const finding of server.findings) {
    const rule = byId.get(finding.ruleId);
    const declared = rule ? fixOf(rule, finding.messageId) : undefined;
    const fixer = FIXERS[finding.ruleId];
    if (!declared || !fixer) continue;
    if (declared.languages && !declared.languages.includes(server.source.language === 'python' ? 'python' : 'javascript')) continue;
    const planned = await fixOrNothing(fixer, finding, ctx);
    if (!planned || planned.edits.length === 0) continue;
    const edits = planned.edits.map((e) => ({
      file: relative(cwd, e.file.path).split(sep).join('/'),
      start: e.start,
      end: e.end,
      replacement: e.replacement,
      sha256: e.file.sha256,
    }));
    out.push({
      ruleId: finding.ruleId,
      fingerprint: finding.fingerprint,
      fix: { safety: declared.safety, description: planned.description, edits },
      planned: planned.edits,
    });
  }
  return out;
}

/**
 * Which findings a fix would fix, and how safely: the fix computed for the finding when the run
 * computed fixes (src/session/fixes.ts), else what its rule's metadata says for a finding the
 * source index places (a fixer edits only what the index located).
 */
import { fixOf, type FixLanguage, type Rule } from '../../engine/rule.js';
import type { FixSafety } from '../../model/fix.js';
import type { LintReport, LocatedFinding } from '../report.js';

export function fixSafetyOf(finding: LocatedFinding, rules: readonly Rule[]): FixSafety | undefined {
  if (finding.fix) return finding.fix.safety;
  const rule = rules.find((r) => r.id === finding.ruleId);
  const fix = rule ? fixOf(rule, finding.messageId) : undefined;
  if (!fix) return undefined;
  const places = [finding.location, ...(finding.related ?? [])].filter((p) => p.anchor === 'source');
  const language = (uri: string): FixLanguage => (/\.pyi?$/.test(uri) ? 'python' : 'javascript');
  return places.some((p) => (fix.languages ?? ['javascript', 'python']).includes(language(p.uri))) ? fix.safety : undefined;
}

export function fixableCounts(report: Pick<LintReport, 'servers'>, rules: readonly Rule[]): { safe: number; unsafe: number } {
  let safe = 0;
  let unsafe = 0;
  for (const server of report.servers) {
    for (const finding of server.findings) {
      const safety = fixSafetyOf(finding, rules);
      if (safety === 'safe') safe++;
      else if (safety === 'unsafe') unsafe++;
    }
  }
  return { safe, unsafe };
}

/** How a report says a finding is fixable: "fix: add title \"Get Forecast\" (mcplint --fix)", or undefined. */
export function fixText(finding: LocatedFinding, rules: readonly Rule[]): string | undefined {
  const safety = fixSafetyOf(finding, rules);
  if (!safety) return undefined;
  const how = safety === 'safe' ? 'mcplint --fix' : 'mcplint --fix --unsafe-fixes';
  return finding.fix ? `fix: ${finding.fix.description} (${how})` : `fixable with ${how}`;
}

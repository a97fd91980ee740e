/**
 * Which parts of a rule (Rule.parts) a capture lets it judge: a part is met when one of the probes
 * it names ran. The rule is skipped only when no part is met (run.ts, missingData); otherwise it judges
 * what was recorded and the report names what it could not judge (partsNote).
 */
import type { Capture } from '../model/capture.js';
import type { Rule } from './rule.js';

export interface UnjudgedPart {
  readonly part: string;
  readonly reason: string;
  /** false: the part does not apply to this server (its probe is not applicable); true: its data is missing. */
  readonly applicable: boolean;
}

/** The parts the capture's probes leave unjudged, in declaration order (empty: every part is met). */
export function unjudgedParts(rule: Pick<Rule, 'parts'>, capture: Pick<Capture, 'probes'>): UnjudgedPart[] {
  const unjudged: UnjudgedPart[] = [];
  for (const [part, needs] of Object.entries(rule.parts ?? {})) {
    const ids = needs.map((need) => need.slice('probe:'.length));
    if (ids.some((id) => capture.probes[id]?.status === 'ran')) continue;
    // Why the first probe (the part's own) did not run.
    const id = ids[0]!;
    const probe = capture.probes[id];
    unjudged.push(
      probe
        ? { part, reason: `probe ${id} was skipped: ${probe.reason ?? 'no reason given'}`, applicable: probe.applicable !== false }
        : { part, reason: `probe ${id} was not run`, applicable: true },
    );
  }
  return unjudged;
}

/** Whether no part is met, so the rule has nothing to judge. */
export function noPartMet(rule: Pick<Rule, 'parts'>, unjudged: readonly UnjudgedPart[]): boolean {
  return rule.parts !== undefined && unjudged.length === Object.keys(rule.parts).length;
}

/** "tool-errors-are-results judged the valid calls, not the invalid-argument calls (probe … was skipped: …)". */
export function partsNote(rule: Pick<Rule, 'id' | 'parts'>, unjudged: readonly UnjudgedPart[]): string {
  const missing = new Set(unjudged.map((u) => u.part));
  const judged = Object.keys(rule.parts ?? {}).filter((part) => !missing.has(part));
  const not = unjudged.map((u) => `${u.part} (${u.reason})`).join(', nor ');
  return `${rule.id} judged ${judged.join(' and ')}, not ${not}`;
}

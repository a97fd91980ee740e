/**
 * The server-building guide's Quality Checklist, filled in from the server's verdicts
 * (src/report/report.ts serverVerdicts, which the scores read too): per server and item ✓ (a rule
 * that checks the item judged the server and nothing fails it), ✗ (a mapped rule has a finding that
 * counts: reported or baselined) or – (nothing could check it: not checkable from outside the
 * server, no such rule in this version, every mapped rule was skipped, or they had nothing to judge).
 */
import pc from 'picocolors';
import { CHECKLIST_SECTIONS, checklistItems, type ChecklistItem } from '../../model/checklist-items.js';
import { serverVerdicts, type ServerReport } from '../report.js';
import { inertReport } from './inert-report.js';
import type { FormatContext, Formatter } from './types.js';
import { append } from '../../shared/append.js';

type Colors = ReturnType<typeof pc.createColors>;

export type ItemStatus = 'pass' | 'fail' | 'unchecked';

export interface ItemResult {
  readonly item: ChecklistItem;
  readonly status: ItemStatus;
  /** fail: "rule-id ×n" per rule with findings; unchecked: why. */
  readonly detail?: string;
}

export const MARKS: Readonly<Record<ItemStatus, string>> = { pass: '✓', fail: '✗', unchecked: '–' };

export const checklist: Formatter = (untrusted, context) => {
  const report = inertReport(untrusted);
  const c = pc.createColors(context.color);
  const out: string[] = [];
  for (const server of report.servers) append(out, renderServer(server, context, c)).push('');
  return out.join('\n').replace(/\n+$/, '') + '\n';
};

/** Status of every checklist item for one server. */
export function evaluateChecklist(server: ServerReport, context: Pick<FormatContext, 'rules' | 'checklist'>): ItemResult[] {
  const registry = new Set(context.rules.map((r) => r.id));
  const skipped = new Map(server.skipped.map((s) => [s.ruleId, s.reason]));
  const verdicts = serverVerdicts(server, context.rules);
  const findingCount = (id: string): number => verdicts.ofRule(id)?.findings.length ?? 0;
  const ran = new Set(server.ran);

  // Each item's rules come from the rules' own metadata, over the registry the run used.
  return (context.checklist ?? checklistItems(context.rules)).map((item): ItemResult => {
    const failing = item.rules.filter((id) => findingCount(id) > 0);
    if (failing.length > 0) {
      return { item, status: 'fail', detail: failing.map((id) => `${id} ×${findingCount(id)}`).join(', ') };
    }
    if (item.rules.some((id) => verdicts.ofRule(id) !== undefined)) return { item, status: 'pass' };
    if (item.rules.some((id) => ran.has(id))) return { item, status: 'unchecked', detail: 'its rules had nothing to judge on this server' };
    if (item.rules.length === 0) return { item, status: 'unchecked', detail: 'not checkable from outside the server' };
    const known = item.rules.filter((id) => registry.has(id));
    if (known.length === 0) return { item, status: 'unchecked', detail: 'no rule checks it in this version' };
    if (!server.handshake.ok) return { item, status: 'unchecked', detail: 'skipped: the handshake failed' };
    const reasons = [...new Set(known.map((id) => skipped.get(id)).filter((r): r is string => r !== undefined))];
    if (reasons.length === 0) return { item, status: 'unchecked', detail: 'its rules did not run' };
    return { item, status: 'unchecked', detail: `skipped: ${reasons[0]}${reasons.length > 1 ? ` (+${reasons.length - 1} more)` : ''}` };
  });
}

function renderServer(server: ServerReport, context: FormatContext, c: Colors): string[] {
  const results = evaluateChecklist(server, context);
  const lines: string[] = [c.bold(c.underline(`Quality checklist: ${server.label}`))];
  if (!server.handshake.ok) lines.push(c.red(`Handshake failed: ${server.handshake.message ?? 'no reason given'}`));
  for (const section of CHECKLIST_SECTIONS) {
    const inSection = results.filter((r) => r.item.section === section);
    if (inSection.length === 0) continue;
    lines.push('', c.bold(section));
    for (const r of inSection) lines.push(`  ${mark(r.status, c)} ${r.item.text}${r.detail ? c.dim(`  (${r.detail})`) : ''}`);
  }
  const checkable = results.filter((r) => r.status !== 'unchecked');
  const passing = checkable.filter((r) => r.status === 'pass');
  const baselined = server.baselined?.length ?? 0;
  const notes = [
    ...(server.ignored.length > 0 ? [`ignored findings set aside: ${server.ignored.length}`] : []),
    ...(baselined > 0 ? [`baselined findings counted: ${baselined}`] : []),
  ];
  // Ignored findings do not fail items and baselined ones do (they are unresolved), but neither goes unsaid.
  lines.push('', `${passing.length} of ${checkable.length} checkable items pass${notes.length ? c.dim(` (${notes.join('; ')})`) : ''}`);
  return lines;
}

function mark(status: ItemStatus, c: Colors): string {
  if (status === 'pass') return c.green(MARKS.pass);
  if (status === 'fail') return c.red(MARKS.fail);
  return c.dim(MARKS.unchecked);
}

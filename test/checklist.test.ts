import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import type { Capture, ListCapture } from '../src/model/capture.js';
import { CHECKLIST_SECTIONS, checklistItems } from '../src/model/checklist-items.js';
import { checklist, evaluateChecklist, MARKS, type ItemResult } from '../src/report/formatters/checklist.js';
import type { FormatContext } from '../src/report/formatters/types.js';
import type { ServerReport } from '../src/report/report.js';
import { rules } from '../rules/index.js';
import { makeCapture } from './helpers/capture.js';
import { CONTEXT, lintReport, serverReport } from './helpers/report.js';

const RULE = 'tool-annotations-present';
/** A registry of just the annotations rule, so results do not depend on which other rules exist. */
const ONLY: FormatContext = { rules: rules.filter((r) => r.id === RULE), color: false, checklist: checklistItems(rules) };

const ANNOTATIONS_SET = 'Annotations correctly set (readOnlyHint, destructiveHint, idempotentHint, openWorldHint)';
const DRY = 'Common functionality extracted into reusable functions (DRY)';
const PAGINATION = 'Pagination is properly implemented where applicable';

const clean = (): Capture => makeCapture({ tools: cleanTools() });
const bad = (): Capture =>
  makeCapture({ tools: cleanTools().map((t: Record<string, unknown>, i: number) => (i < 2 ? { ...t, annotations: undefined } : t)) });
const skippedList: ListCapture = { status: 'skipped', pages: [], items: [] };
const failed = (): Capture =>
  makeCapture({
    handshake: {
      ok: false,
      requestedVersion: '2025-11-25',
      reason: 'timeout',
      message: 'no answer to initialize within 10 s',
      durationMs: 10_000,
    },
    lists: { tools: skippedList, prompts: skippedList, resources: skippedList, resourceTemplates: skippedList },
  });

const item = (results: ItemResult[], text: string): ItemResult => {
  const found = results.find((r) => r.item.text === text);
  if (!found) throw new Error(`no checklist item "${text}"`);
  return found;
};
const CHECKLIST_ITEMS = checklistItems(rules);
const itemsWith = (ruleId: string) => CHECKLIST_ITEMS.filter((i) => i.rules.includes(ruleId));

describe('checklist items', () => {
  it('follow the guide: known sections, unique wording, kebab-case rule ids', () => {
    expect(new Set(CHECKLIST_ITEMS.map((i) => i.text)).size).toBe(CHECKLIST_ITEMS.length);
    for (const i of CHECKLIST_ITEMS) {
      expect(CHECKLIST_SECTIONS).toContain(i.section);
      for (const id of i.rules) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(itemsWith(RULE).map((i) => i.text)).toContain(ANNOTATIONS_SET);
    expect(item(evaluateChecklist(serverReport(clean(), { only: [RULE] }), ONLY), DRY).item.rules).toEqual([]);
  });
});

describe('checklist status', () => {
  it('✗ when a mapped rule has findings, naming the rule and count', () => {
    const results = evaluateChecklist(serverReport(bad(), { only: [RULE] }), ONLY);
    const annotations = item(results, ANNOTATIONS_SET);
    expect(annotations.status).toBe('fail');
    expect(annotations.detail).toBe(`${RULE} ×2`);
    for (const i of itemsWith(RULE)) expect(item(results, i.text).status).toBe('fail');
  });

  it('✓ when a mapped rule ran and found nothing', () => {
    const results = evaluateChecklist(serverReport(clean(), { only: [RULE] }), ONLY);
    for (const i of itemsWith(RULE)) expect(item(results, i.text).status).toBe('pass');
  });

  it('– for items not checkable from outside the server', () => {
    const results = evaluateChecklist(serverReport(bad(), { only: [RULE] }), ONLY);
    expect(item(results, DRY)).toMatchObject({ status: 'unchecked', detail: 'not checkable from outside the server' });
    for (const r of results.filter((r) => r.item.rules.length === 0)) expect(r.status).toBe('unchecked');
  });

  it('– for items whose rules are not in the registry', () => {
    const results = evaluateChecklist(serverReport(clean(), { only: [RULE] }), ONLY);
    expect(item(results, PAGINATION)).toMatchObject({ status: 'unchecked', detail: 'no rule checks it in this version' });
  });

  it('– with the reason when every mapped rule was skipped', () => {
    const report = serverReport(failed(), { only: [RULE] });
    expect(report.skipped.map((s) => s.ruleId)).toContain(RULE);
    const annotations = item(evaluateChecklist(report, ONLY), ANNOTATIONS_SET);
    expect(annotations.status).toBe('unchecked');
    expect(annotations.detail).toBe('skipped: the handshake failed');
  });

  it('– with the skip reason when the rules could not run on this server', () => {
    const notAdvertised: ListCapture = { status: 'not-advertised', pages: [], items: [] };
    const report = serverReport(makeCapture({ lists: { tools: notAdvertised } }), { only: [RULE] });
    const annotations = item(evaluateChecklist(report, ONLY), ANNOTATIONS_SET);
    expect(annotations.status).toBe('unchecked');
    expect(annotations.detail).toBe('skipped: the server does not advertise tools');
  });

  it('uses a `ran` list when the report carries one', () => {
    const report = { ...serverReport(clean(), { only: [RULE] }), ran: [] } as ServerReport;
    expect(item(evaluateChecklist(report, ONLY), ANNOTATIONS_SET)).toMatchObject({ status: 'unchecked', detail: 'its rules did not run' });
  });
});

describe('checklist formatter', () => {
  it('prints a header per server, the sections in order, a mark per item and the pass count', () => {
    const out = checklist(lintReport(serverReport(bad(), { only: [RULE] }), serverReport(clean(), { only: [RULE] })), ONLY);
    const blocks = out.trimEnd().split(/\n\n(?=Quality checklist: )/);
    expect(blocks).toHaveLength(2);
    const mapped = itemsWith(RULE).length;
    expect(blocks[0]!.split('\n')[0]).toBe('Quality checklist: bookstore-mcp-server 1.0.0');
    expect(blocks[0]!.split('\n').at(-1)).toBe(`0 of ${mapped} checkable items pass`);
    expect(blocks[1]!.split('\n').at(-1)).toBe(`${mapped} of ${mapped} checkable items pass`);
    expect(blocks[0]).toContain(`  ${MARKS.fail} ${ANNOTATIONS_SET}  (${RULE} ×2)`);
    expect(blocks[1]).toContain(`  ${MARKS.pass} ${ANNOTATIONS_SET}`);
    expect(blocks[1]).toContain(`  ${MARKS.unchecked} ${DRY}  (not checkable from outside the server)`);

    const sectionLines = blocks[0]!.split('\n').filter((l) => (CHECKLIST_SECTIONS as readonly string[]).includes(l));
    expect(sectionLines).toEqual([...CHECKLIST_SECTIONS]);
    const itemLines = blocks[0]!.split('\n').filter((l) => /^ {2}[✓✗–] /.test(l));
    expect(itemLines).toHaveLength(CHECKLIST_ITEMS.length);
    expect(out).not.toMatch(/\u001b\[/);
  });

  it('shows a failed handshake and works with the whole registry', () => {
    const out = checklist(lintReport(serverReport(failed())), CONTEXT);
    expect(out).toContain('Handshake failed: no answer to initialize within 10 s');
    expect(out).toMatch(/\n\d+ of \d+ checkable items pass\n$/);
  });

  it('colours marks only when asked', () => {
    const report = lintReport(serverReport(bad(), { only: [RULE] }));
    expect(checklist(report, { ...ONLY, color: true })).toMatch(/\u001b\[31m✗/);
  });
});

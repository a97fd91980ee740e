/**
 * `since` and `until` gate the specification's requirements only. A guideline
 * applies whatever protocol version the server negotiated; where that version has no field for
 * what the guideline asks, the finding says so and what to upgrade.
 */
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { defineRule, type Basis } from '../src/engine/rule.js';
import { runRules } from '../src/engine/run.js';
import { captureFixture, lintAll, lintOnly, makeCapture, summary } from './helpers/capture.js';

/** A rule that reports the server once, introduced in 2025-06-18 and gone after 2025-11-25. */
const versioned = (basis: Basis) =>
  defineRule({
    id: `versioned-${basis}`,
    category: 'lifecycle',
    basis,
    severity: 'warning',
    precision: 'high',
    summary: 'A rule for this test.',
    since: '2025-06-18',
    until: '2025-11-25',
    references: [{ title: 'test' }],
    messages: { found: 'found' },
    *check() {
      yield { messageId: 'found', subject: { kind: 'server' } } as const;
    },
  });

const run = (basis: Basis, protocolVersion: string) =>
  runRules(makeCapture({ protocolVersion }), { rules: [versioned(basis)], settings: new Map() });

describe('protocol version gating', () => {
  it.each(['2024-11-05', '2026-07-28'])('skips a spec rule outside its versions (%s)', (version) => {
    const result = run('spec', version);
    expect(result.findings).toEqual([]);
    expect(result.skipped).toEqual([expect.objectContaining({ ruleId: 'versioned-spec', applicable: false })]);
  });

  it.each(['2024-11-05', '2025-06-18', '2026-07-28'])('never skips a guideline rule for its version (%s)', (version) => {
    const result = run('guideline', version);
    expect(result.skipped).toEqual([]);
    expect(result.findings.map((f) => f.ruleId)).toEqual(['versioned-guideline']);
  });

  it('keeps since/until to spec rules in the registry (a guideline has no protocol version)', () => {
    const versionedGuidelines = rules.filter((r) => r.basis === 'guideline' && (r.since || r.until)).map((r) => r.id);
    expect(versionedGuidelines).toEqual([]);
  });

  it('a 2024-11-05 server without annotations or titles gets the guideline findings and protocol-version-current; spec rules with since stay silent', async () => {
    const capture = await captureFixture('old-protocol-server.mjs');
    expect(capture.handshake.ok && capture.handshake.protocolVersion).toBe('2024-11-05');
    const result = lintAll(capture);
    const found = summary(result);
    const tools = ['bookstore_add_review', 'bookstore_get_book', 'bookstore_search_books'];
    expect(found).toEqual(
      expect.arrayContaining([
        'protocol-version-current older server',
        ...tools.map((t) => `tool-annotations-present missingNoField tool:${t}`),
        ...tools.map((t) => `tool-title-present missingNoField tool:${t}`),
      ]),
    );
    expect(result.findings.find((f) => f.ruleId === 'protocol-version-current')!.level).toBe('warning');
    // bookstore_get_book's outputSchema is not an object schema: a 2025-06-18 requirement, not judged on 2024-11-05.
    const spec = new Set(rules.filter((r) => r.basis === 'spec' && r.since).map((r) => r.id));
    expect(spec.has('output-schema-valid')).toBe(true);
    expect(result.findings.filter((f) => spec.has(f.ruleId))).toEqual([]);
    expect(result.skipped).toEqual(expect.arrayContaining([expect.objectContaining({ ruleId: 'output-schema-valid', applicable: false })]));
    // …which it would report on a version that has outputSchema, so the silence is the gate's.
    const same = makeCapture({ tools: capture.lists.tools.items as unknown[], protocolVersion: '2025-06-18' });
    expect(summary(lintOnly(same, ['output-schema-valid']))).toEqual([
      'output-schema-valid rootNotObject tool:bookstore_get_book#/outputSchema',
    ]);
  });
});

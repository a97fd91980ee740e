/**
 * Formatters over unbounded arrays: no format spreads a list into a call's arguments or recurses
 * over it, so 400,000 stale baseline entries or 150,000 findings are written, never "Maximum call
 * stack size exceeded".
 */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import type { BaselineEntry } from '../src/report/baseline.js';
import { formatters } from '../src/report/formatters/index.js';
import { makeCapture } from './helpers/capture.js';
import { CONTEXT, lintReport, reportWithFindings } from './helpers/report.js';

const STALE = 400_000;

describe('formatters on huge reports', { timeout: 120_000 }, () => {
  const base = lintReport(reportWithFindings(makeCapture({ tools: cleanTools() }), []));
  const stale: BaselineEntry[] = Array.from({ length: STALE }, (_, i) => ({
    fingerprint: `f${i}`,
    rule: 'tool-name-verb',
    subject: `tool:t${i}`,
    message: 'gone',
    reason: '',
  }));
  const withStale = { ...base, baseline: { file: 'b.json', entries: STALE, matched: 0, stale } };

  it(`text and markdown list ${STALE} stale baseline entries`, async () => {
    const text = (await formatters.text())(withStale, CONTEXT);
    expect(text).toContain(`${STALE} stale (no longer found; remove with --update-baseline):`);
    expect(text).toContain(`  tool-name-verb  tool:t${STALE - 1}  f${STALE - 1}`);
    const markdown = (await formatters.markdown())(withStale, CONTEXT);
    expect(markdown).toContain(`${STALE} stale baseline entries in b.json`);
    expect(markdown).toContain(`- \`tool-name-verb\` \`tool:t${STALE - 1}\`: gone`);
  });

  it('every other format writes them too', async () => {
    for (const name of ['json', 'sarif', 'html', 'github', 'gitlab', 'junit', 'checklist'] as const)
      expect((await formatters[name]())(withStale, CONTEXT).length, name).toBeGreaterThan(0);
  });

  it('text and markdown write 150,000 findings, unfolded', async () => {
    const findings = Array.from({ length: 150_000 }, (_, i) => ({
      ruleId: 'tool-name-verb',
      subject: { kind: 'tool' as const, name: `t${i}` },
    }));
    const report = lintReport(reportWithFindings(makeCapture({ tools: cleanTools() }), findings));
    const text = (await formatters.text())(report, { ...CONTEXT, fold: false });
    expect(text).toContain('Tool "t149999"');
    const markdown = (await formatters.markdown())(report, CONTEXT);
    expect(markdown).toContain('`t0`');
  });
});

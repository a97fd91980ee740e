/**
 * Report text of hostile shapes: noncharacters (U+FFFE, U+FFFF, U+FDD0…, U+1FFFF) a server puts in
 * a name or a description never reach the HTML report or a terminal raw — they are shown as
 * `⟨U+FFFE⟩` — and GitLab gets one fingerprint per issue when a tool name is listed twice.
 */
import { describe, expect, it } from 'vitest';
import { formatters } from '../src/report/formatters/index.js';
import { escapeHtml } from '../src/report/formatters/html-escape.js';
import { inertBlock, inertLine } from '../src/shared/inert.js';
import { makeCapture } from './helpers/capture.js';
import { CONTEXT, lintReport, serverReport } from './helpers/report.js';

const NONCHARACTERS = ['\ufffe', '\uffff', '\ufdd0', '\ufdef', '\u{1fffe}', '\u{10ffff}'];
const RAW = /\p{Noncharacter_Code_Point}/u;

describe('noncharacters', () => {
  const name = `search${NONCHARACTERS.join('')}_books`;
  const report = lintReport(
    serverReport(makeCapture({ tools: [{ name, description: `Find books.\ufffe Returns a page.`, inputSchema: { type: 'object' } }] })),
  );

  it('are escaped in the HTML report', async () => {
    const page = (await formatters.html())(report, CONTEXT);
    expect(page).toContain('search⟨U+FFFE⟩⟨U+FFFF⟩⟨U+FDD0⟩⟨U+FDEF⟩⟨U+1FFFE⟩⟨U+10FFFF⟩_books');
    expect(RAW.test(page)).toBe(false);
    expect(escapeHtml('a\uffffb<')).toBe('a⟨U+FFFF⟩b&lt;');
  });

  it('are shown, not printed raw, on a terminal and in the other human formats', async () => {
    expect(inertLine('a\ufffeb')).toBe('a⟨U+FFFE⟩b');
    expect(inertBlock('a\n\u{1ffff}')).toBe('a\n⟨U+1FFFF⟩');
    for (const format of ['text', 'markdown', 'github', 'checklist'] as const) {
      const out = (await formatters[format]())(report, CONTEXT);
      expect(RAW.test(out), format).toBe(false);
    }
  });
});

describe('GitLab Code Quality', () => {
  it('gives each issue its own fingerprint when a tool name is listed twice', async () => {
    const tool = { name: 'search', description: 'Find books.', inputSchema: { type: 'object' } };
    const report = lintReport(serverReport(makeCapture({ tools: [tool, tool] })));
    const issues = JSON.parse((await formatters.gitlab())(report, CONTEXT)) as { fingerprint: string; check_name: string }[];
    // The duplicate entry does get findings of its own (so the test tests something).
    expect(issues.filter((i) => i.check_name === 'tool-annotations-present')).toHaveLength(2);
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
    // The first of two keeps mcplint's own fingerprint, as in every other format.
    const own = report.servers[0]!.findings.find((f) => f.ruleId === 'tool-annotations-present')!.fingerprint;
    expect(issues.filter((i) => i.fingerprint === own)).toHaveLength(1);
  });
});

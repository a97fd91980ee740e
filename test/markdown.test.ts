import { describe, expect, it } from 'vitest';
import { cleanTools } from '../fixtures/lib/raw-server.mjs';
import type { Capture, ListCapture } from '../src/model/capture.js';
import { code, escapeText, markdown, MAX_ROWS } from '../src/report/formatters/markdown.js';
import { docsUrl } from '../src/shared/version.js';
import { makeCapture } from './helpers/capture.js';
import { CONTEXT, lintReport, reportWithFindings, serverReport } from './helpers/report.js';

const RULE = 'tool-annotations-present';

const withTools = (tools: unknown[], serverInfo?: Record<string, unknown>): Capture =>
  makeCapture({ tools, ...(serverInfo ? { serverInfo } : {}) });
const unannotated = (names: string[]): Record<string, unknown>[] =>
  names.map((name) => ({ ...cleanTools()[0], name, annotations: undefined }));

/** Cells of a GFM table row: split on pipes that are not backslash-escaped. */
const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/);
const tableRows = (md: string): string[] => md.split('\n').filter((l) => l.startsWith('|'));

describe('markdown formatter', () => {
  it('renders heading, score, counts and a findings table with linked rule ids', () => {
    const md = markdown(
      lintReport(serverReport(withTools([...unannotated(['bookstore_list_books']), ...cleanTools()]), { only: [RULE] })),
      CONTEXT,
    );
    expect(md).toMatch(/^## mcplint: bookstore-mcp-server 1\.0\.0\n/);
    expect(md).toMatch(/\*\*Score \d+\/100 \([A-F]\)\*\* · stdio · protocol 2025-11-25 · 4 tools, 0 prompts, 0 resources/);
    expect(md).toContain(
      '| errors | warnings | notes | ignored | skipped rules |\n| ---: | ---: | ---: | ---: | ---: |\n| 0 | 1 | 0 | 0 | 0 |',
    );
    expect(md).toContain('| subject | level | rule | message |');
    expect(md).toContain(
      `| tool \`bookstore_list_books\` | warning | [\`${RULE}\`](${docsUrl(RULE)}) | Tool "bookstore\\_list\\_books" has no annotations`,
    );
    expect(md.endsWith('\n')).toBe(true);
    expect(md.endsWith('\n\n')).toBe(false);
  });

  it('escapes pipes so every row keeps its column count', () => {
    const md = markdown(lintReport(serverReport(withTools(unannotated(['a|b', 'x||y', 'c`|`d'])), { only: [RULE] })), CONTEXT);
    const findingRows = tableRows(md).filter((row) => row.includes(RULE));
    expect(findingRows).toHaveLength(3);
    for (const row of findingRows) expect(cells(row)).toHaveLength(4);
    expect(md).toContain('tool `a\\|b`');
    expect(md).toContain('Tool "a\\|b" has no annotations');
    expect(md).toContain('tool ``c`\\|`d``');
    for (const row of tableRows(md)) expect(cells(row).length === 4 || cells(row).length === 5).toBe(true);
  });

  it('groups findings by subject: the subject is named once per group', () => {
    const server = reportWithFindings(makeCapture({ tools: cleanTools() }), [
      { ruleId: RULE, subject: { kind: 'server' }, level: 'error' },
      { ruleId: RULE, subject: { kind: 'tool', name: 'bookstore_get_book' } },
      { ruleId: RULE, subject: { kind: 'tool', name: 'bookstore_get_book', pointer: '/inputSchema/properties/book_id' }, level: 'note' },
      { ruleId: RULE, subject: { kind: 'resourceTemplate', name: 'book_record' } },
    ]);
    const rows = tableRows(markdown(lintReport(server), CONTEXT)).filter((r) => r.includes(RULE));
    expect(rows.map((r) => cells(r)[0]!.trim())).toEqual(['server', 'tool `bookstore_get_book`', '', 'resource template `book_record`']);
    expect(rows.map((r) => cells(r)[1]!.trim())).toEqual(['**error**', 'warning', 'note', 'warning']);
    expect(cells(rows[2]!)[3]).toContain('`/inputSchema/properties/book_id` ');
  });

  it('folds evidence into <details>, escaped and on one line', () => {
    const server = reportWithFindings(makeCapture({ tools: cleanTools() }), [
      { ruleId: RULE, subject: { kind: 'transport' }, evidence: 'Server started | port 3000\n<script>alert(1)</script> *bold*' },
    ]);
    const md = markdown(lintReport(server), CONTEXT);
    const row = tableRows(md).find((r) => r.includes(RULE))!;
    expect(cells(row)).toHaveLength(4);
    expect(row).toContain(
      '<details><summary>evidence</summary><code>Server started \\| port 3000<br>\\<script\\>alert(1)\\</script\\> \\*bold\\*</code></details>',
    );
  });

  it('says when there is nothing to report, and shows a failed handshake and skipped rules', () => {
    expect(markdown(lintReport(serverReport(makeCapture({ tools: cleanTools() }), { only: [RULE] })), CONTEXT)).toContain(
      'No problems found.',
    );
    const skippedList: ListCapture = { status: 'skipped', pages: [], items: [] };
    const failed = makeCapture({
      handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'exited', message: 'exited with code 1 | see stderr', durationMs: 3 },
      lists: { tools: skippedList, prompts: skippedList, resources: skippedList, resourceTemplates: skippedList },
    });
    const md = markdown(lintReport(serverReport(failed, { only: [RULE] })), CONTEXT);
    expect(md).toContain('**Handshake failed:** exited with code 1 \\| see stderr');
    expect(md).toMatch(/<details><summary>1 skipped rule<\/summary>\n\n- `tool-annotations-present`: tools were not listed/);
  });

  it('gives several servers an overview table and their own sections', () => {
    const a = serverReport(withTools(unannotated(['a_one'])), { only: [RULE] });
    const b = serverReport(withTools(cleanTools(), { name: 'library|mcp', version: '2.0.0' }), { only: [RULE] });
    const md = markdown(lintReport(a, b), CONTEXT);
    expect(md).toMatch(/^## mcplint: 2 servers\n/);
    expect(md).toContain('| server | score | errors | warnings | notes |');
    expect(md).toContain('### bookstore-mcp-server 1.0.0');
    expect(md).toContain('### library\\|mcp 2.0.0');
    const overviewRows = tableRows(md).slice(2, 4);
    for (const row of overviewRows) expect(cells(row)).toHaveLength(7);
  });

  it(`lists at most ${MAX_ROWS} findings per server and counts the rest`, () => {
    const names = Array.from({ length: MAX_ROWS + 5 }, (_, i) => `tool_${String(i).padStart(3, '0')}`);
    const server = reportWithFindings(
      makeCapture({ tools: cleanTools() }),
      names.map((name) => ({ ruleId: RULE, subject: { kind: 'tool', name } })),
    );
    const md = markdown(lintReport(server), CONTEXT);
    expect(tableRows(md).filter((r) => r.includes(RULE))).toHaveLength(MAX_ROWS);
    expect(md).toContain('_… and 5 more findings;');
  });

  it('escape helpers', () => {
    expect(escapeText('a|b')).toBe('a\\|b');
    expect(escapeText('_x_ *y* <z> [l](u) `c` ~s~ & \\')).toBe('\\_x\\_ \\*y\\* \\<z\\> \\[l\\](u) \\`c\\` \\~s\\~ \\& \\\\');
    expect(escapeText('one\ntwo')).toBe('one two');
    expect(code('plain')).toBe('`plain`');
    expect(code('a`b')).toBe('``a`b``');
    expect(code('`x`')).toBe('`` `x` ``');
    expect(code('p|q')).toBe('`p\\|q`');
  });
});

import { LIST_METHODS, type ListName } from '../src/model/capture.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { jsonText } from '../src/shared/json-text.js';

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function short(value: unknown): string {
  const text = jsonText(value) ?? String(value);
  return clip(text, 120);
}

const messages = {
  loopCursor:
    'Server pagination of {{method}} loops: after {{pages}} pages it returned the cursor {{cursor}} again, so a client that follows nextCursor never reaches the end; return a new cursor per page and omit nextCursor on the last one.',
  pageCapHit:
    'Server returned yet another nextCursor for {{method}} after {{pages}} pages ({{items}} entries), so mcplint stopped following it; if the cursors never run out, clients that list everything never finish.',
  nonStringCursor:
    'Server returned a nextCursor for {{method}} that is {{type}}, not a string; clients reject the page or stop there, so later entries are unreachable. Omit nextCursor on the last page.',
  emptyCursor:
    'Server returned an empty-string nextCursor for {{method}}; from protocol 2026-07-28 "" is a valid cursor, so clients ask for that page again and loop. Omit nextCursor on the last page.',
};

export default defineRule({
  id: 'list-pagination',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: ['pagination'],
  summary: 'List pagination ends: nextCursor is an opaque non-empty string, never repeats, and is absent on the last page.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/utilities/pagination § Response Format',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination#response-format',
    },
    {
      title: 'MCP spec 2025-11-25 — server/utilities/pagination § Implementation Guidelines: "Servers SHOULD provide stable cursors"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination#implementation-guidelines',
    },
    {
      title: 'MCP spec 2026-07-28 — server/utilities/pagination: an empty string is a valid cursor',
      url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/pagination',
    },
  ],
  messages,
  requires: ['handshake'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const list of Object.keys(LIST_METHODS) as ListName[]) {
      const { method } = LIST_METHODS[list];
      const captured = capture.lists[list];
      const pages = captured.pages;
      const subject = { kind: 'server' } as const;
      const last = pages.at(-1);
      const frameOf = (page: (typeof pages)[number] | undefined) => (page?.frame !== undefined ? { frame: page.frame } : {});

      if (captured.loopCursor !== undefined) {
        yield {
          messageId: 'loopCursor',
          data: { method, pages: pages.length, cursor: short(captured.loopCursor) },
          subject,
          key: list,
          evidence: `"nextCursor": ${short(captured.loopCursor)}`,
          ...frameOf(last),
        };
      }
      if (captured.pageCapHit) {
        yield {
          messageId: 'pageCapHit',
          data: { method, pages: pages.length, items: captured.items.length },
          subject,
          key: list,
          ...(last && last.nextCursor !== undefined ? { evidence: `"nextCursor": ${short(last.nextCursor)}` } : {}),
          ...frameOf(last),
        };
      }
      for (const page of pages) {
        if (page.nextCursor === undefined) continue;
        if (typeof page.nextCursor !== 'string') {
          yield {
            messageId: 'nonStringCursor',
            data: { method, type: typeName(page.nextCursor) },
            subject,
            key: list,
            evidence: `"nextCursor": ${short(page.nextCursor)}`,
            ...frameOf(page),
          };
        } else if (page.nextCursor === '') {
          yield { messageId: 'emptyCursor', data: { method }, subject, key: list, evidence: '"nextCursor": ""', ...frameOf(page) };
        }
      }
    }
  },
});

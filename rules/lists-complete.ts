import { LIST_METHODS, type ListCapture, type ListName, type OutputStats } from '../src/model/capture.js';
import { isObject, type CaptureIndex } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { jsonText } from '../src/shared/json-text.js';

const EVIDENCE_CHARS = 200;

const messages = {
  flooded:
    '{{method}} never completed: the server wrote more than {{cap}} to stdout while mcplint waited for {{page}}, so mcplint stopped it ({{items}} received); a client never gets the list. Answer promptly, and rate-limit notifications and logs.',
  pageCap:
    '{{method}} never completed: after {{pages}} pages ({{items}}) the server still returned a nextCursor, so mcplint stopped at its page cap; a client that lists everything never finishes. End pagination by omitting nextCursor.',
  loop: '{{method}} never completed: after {{pages}} pages the cursor {{cursor}} came back, so a client that follows nextCursor never reaches the end. Return a new cursor per page and omit nextCursor on the last one.',
};

function entries(count: number): string {
  return count === 1 ? '1 entry' : `${count} entries`;
}

function bytesInWords(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** What the flood was made of: the first notification of the method sent most, as received. */
function floodEvidence(output: OutputStats | undefined, index: CaptureIndex): { evidence?: string; frame?: number } {
  const [method] = Object.entries(output?.notifications ?? {}).sort(([, a], [, b]) => b - a)[0] ?? [];
  const first =
    method === undefined ? undefined : index.serverNotifications.find((f) => isObject(f.message) && f.message.method === method);
  if (!first) return {};
  return { evidence: clip(jsonText(first.message) ?? '', EVIDENCE_CHARS), frame: first.frameIndex };
}

/**
 * The list mcplint was fetching when it stopped the server for flooding stdout: the one it was
 * waiting for, or (stopped between two requests) the first one the stop cut off.
 */
function floodedList(lists: Readonly<Record<ListName, ListCapture>>, stopped: NonNullable<OutputStats['stopped']>): ListName | undefined {
  const names = Object.keys(LIST_METHODS) as ListName[];
  const waited = names.find((name) => LIST_METHODS[name].method === stopped.waitingFor);
  if (waited !== undefined) return lists[waited].status === 'ok' ? undefined : waited;
  if (stopped.waitingFor !== undefined || stopped.phase !== 'listing') return undefined;
  return names.find((name) => lists[name].error?.kind === 'closed');
}

export default defineRule({
  id: 'lists-complete',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: ['server-runs'],
  summary: 'Every advertised list can be received in full: its last page arrives, without a flood or endless pagination in the way.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/utilities/pagination § Response Format: "An opaque cursor … if more results exist"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination#response-format',
    },
    {
      title: 'MCP spec 2025-11-25 — server/utilities/logging § Security: "Implementations SHOULD: Rate limit messages"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging#security',
    },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Listing Tools',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#listing-tools',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  incompleteList: true,
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const stopped = capture.output?.stopped;
    const flooded = stopped ? floodedList(capture.lists, stopped) : undefined;
    for (const list of Object.keys(LIST_METHODS) as ListName[]) {
      const { method } = LIST_METHODS[list];
      const captured = capture.lists[list];
      const last = captured.pages.at(-1);
      const base = { subject: { kind: 'server' } as const, key: list, ...(last?.frame !== undefined ? { frame: last.frame } : {}) };
      const items = entries(captured.items.length);

      if (list === flooded && stopped) {
        const cap = capture.output?.caps.stdoutBytes;
        const page = captured.pages.length === 0 ? 'its first page' : `page ${captured.pages.length + 1}`;
        yield {
          messageId: 'flooded',
          data: { method, cap: cap !== undefined ? bytesInWords(cap) : 'the stdout cap', page, items },
          ...base,
          ...floodEvidence(capture.output, index),
        };
      } else if (captured.pageCapHit) {
        const evidence = last?.nextCursor !== undefined ? { evidence: `"nextCursor": ${clip(jsonText(last.nextCursor) ?? '', 120)}` } : {};
        yield { messageId: 'pageCap', data: { method, pages: captured.pages.length, items }, ...base, ...evidence };
      } else if (captured.loopCursor !== undefined) {
        const cursor = clip(jsonText(captured.loopCursor) ?? '', 120);
        yield { messageId: 'loop', data: { method, pages: captured.pages.length, cursor }, evidence: `"nextCursor": ${cursor}`, ...base };
      }
    }
  },
});

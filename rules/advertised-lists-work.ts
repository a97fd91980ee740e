import { LIST_METHODS, type Frame, type ListName } from '../src/model/capture.js';
import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { stderrTail } from './lib/stderr.js';
import { jsonText } from '../src/shared/json-text.js';

const METHOD_NOT_FOUND = -32601;
const EVIDENCE_CHARS = 300;

/** The last lines of stderr: what the server said while mcplint waited (absent when it said nothing). */
function stderrEvidence(stderr: string): { evidence?: string } {
  const tail = stderrTail(stderr)?.split('\n').slice(-3).join('\n');
  return tail ? { evidence: tail } : {};
}

/** The result that was not a list, as received. */
function resultEvidence(frame: Frame | undefined): { evidence?: string } {
  if (frame?.kind !== 'message' || !isObject(frame.message) || !('result' in frame.message)) return {};
  const text = jsonText(frame.message.result) ?? 'undefined';
  return { evidence: clip(text, EVIDENCE_CHARS) };
}

const messages = {
  errorResponse:
    'Server advertises the "{{capability}}" capability, but {{method}} {{when}}answered with an error ({{error}}); implement {{method}} or stop advertising the capability.',
  cursorRejected:
    'Server advertises the "{{capability}}" capability, but {{method}} rejected the cursor from page {{page}} (the nextCursor it returned itself) with an error ({{error}}); a list must accept its own cursors, or clients stop at page {{page}} and never see the rest.',
  timeout: 'Server advertises the "{{capability}}" capability, but {{method}} {{when}}got no answer within the timeout.',
  closed: 'Server advertises the "{{capability}}" capability, but the server closed the connection during {{method}}{{whenTail}}.',
  invalidResult: 'Server advertises the "{{capability}}" capability, but {{method}} {{when}}answered without a "{{key}}" array.',
};

export default defineRule({
  id: 'advertised-lists-work',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'high',
  checklist: ['server-runs'],
  summary: 'Every list method behind an advertised capability (tools, prompts, resources) answers with a valid list.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Capability Negotiation',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#capability-negotiation',
    },
    {
      title: 'MCP spec 2025-11-25 — server/tools § Listing Tools',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#listing-tools',
    },
    {
      title: 'MCP spec 2025-11-25 — server/prompts § Listing Prompts',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/prompts#listing-prompts',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Listing Resources',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#listing-resources',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  incompleteList: ['timeout'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    for (const list of Object.keys(LIST_METHODS) as ListName[]) {
      const { method, key, capability } = LIST_METHODS[list];
      const captured = capture.lists[list];
      if ((captured.status !== 'error' && captured.status !== 'partial') || !captured.error) continue;
      const error = captured.error;
      // resources/templates/list is optional for a server with resources: -32601 there means "no templates".
      if (list === 'resourceTemplates' && error.kind === 'error-response' && error.code === METHOD_NOT_FOUND) continue;
      // mcplint itself closed it, for flooding stdout: output-flood says so, and "the server closed
      // the connection" would be untrue.
      if (error.kind === 'closed' && capture.output?.stopped) continue;

      const failedPage = captured.status === 'partial' ? captured.pages.length + (error.kind === 'invalid-result' ? 0 : 1) : 1;
      const when = captured.status === 'partial' ? `on page ${failedPage} ` : '';
      const whenTail = captured.status === 'partial' ? ` (page ${failedPage})` : '';
      const frame = error.kind === 'invalid-result' ? captured.pages.at(-1)?.frame : undefined;
      const base = { subject: { kind: 'server' } as const, key: list, ...(frame !== undefined ? { frame } : {}) };

      switch (error.kind) {
        case 'error-response': {
          const parts = [
            error.code !== undefined ? String(error.code) : undefined,
            error.message ? `"${error.message}"` : undefined,
          ].filter((p): p is string => p !== undefined);
          const errorWords = parts.join(' ') || 'no code or message';
          yield {
            ...(captured.status === 'partial'
              ? { messageId: 'cursorRejected' as const, data: { capability, method, page: String(failedPage - 1), error: errorWords } }
              : { messageId: 'errorResponse' as const, data: { capability, method, when, error: errorWords } }),
            evidence: (
              jsonText({
                code: error.code,
                message: error.message,
                ...(error.data !== undefined ? { data: error.data } : {}),
              }) ?? ''
            ).slice(0, 300),
            ...base,
          };
          break;
        }
        case 'timeout':
          yield { messageId: 'timeout', data: { capability, method, when }, ...base, ...stderrEvidence(capture.stderr.text) };
          break;
        case 'closed':
          yield { messageId: 'closed', data: { capability, method, whenTail }, ...base, ...stderrEvidence(capture.stderr.text) };
          break;
        case 'invalid-result':
          yield {
            messageId: 'invalidResult',
            data: { capability, method, when, key },
            ...base,
            ...resultEvidence(frame === undefined ? undefined : capture.frames[frame]),
          };
          break;
      }
    }
  },
});

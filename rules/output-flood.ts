import type { Frame } from '../src/model/capture.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { phaseInWords } from './lib/session-phase.js';
import { jsonText } from '../src/shared/json-text.js';

const EVIDENCE_CHARS = 200;

interface Options {
  /** Most notifications of one method in one session before they count as a flood. */
  maxNotifications: number;
}

const messages = {
  stdoutCap:
    'Server wrote more than {{cap}} to stdout {{phase}}, so mcplint stopped it; a client buffering that much stalls or runs out of memory, so log to stderr and paginate or truncate large results.',
  notifications:
    'Server sent {{count}} "{{method}}" notifications in one {{seconds}} s session (more than {{max}}); rate-limit or batch them, since a client shows, stores or forwards every one.',
};

function bytesInWords(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function quote(frame: Frame | undefined): string | undefined {
  if (!frame) return undefined;
  const text = frame.kind === 'noise' ? frame.text : jsonText(frame.message);
  if (!text) return undefined;
  return clip(text, EVIDENCE_CHARS);
}

export default defineRule<keyof typeof messages, Options, ['exit']>({
  id: 'output-flood',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary: 'A server does not flood its client: stdout stays within bounds and notifications are rate-limited.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/utilities/logging § Security: "Implementations SHOULD: Rate limit messages"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging#security',
    },
    {
      title: 'MCP spec 2025-11-25 — basic/transports § stdio',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio',
    },
  ],
  messages,
  requires: ['exit'],
  options: {
    schema: {
      type: 'object',
      properties: { maxNotifications: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    },
    defaults: { maxNotifications: 1000 },
  },
  *check({ capture, index, options }): Generator<Report<keyof typeof messages>> {
    const output = capture.output;
    if (!output) return;
    const subject = { kind: 'transport' } as const;

    if (output.stopped && output.caps.stdoutBytes !== undefined) {
      // The last line kept shows what the flood was made of.
      const lastRecv = [...capture.frames].reverse().find((f) => f.dir === 'recv' && (f.kind === 'noise' ? f.text !== '' : true));
      const evidence = quote(lastRecv);
      yield {
        messageId: 'stdoutCap',
        data: {
          cap: bytesInWords(output.caps.stdoutBytes),
          phase: output.stopped.waitingFor
            ? `while mcplint waited for the ${output.stopped.waitingFor} response`
            : phaseInWords(output.stopped.phase, capture.frames, capture.frames.length),
        },
        subject,
        ...(evidence ? { evidence } : {}),
        ...(lastRecv ? { frame: lastRecv.seq } : {}),
      };
      return;
    }

    const seconds = (capture.timing.totalMs / 1000).toFixed(1);
    for (const [method, count] of Object.entries(output.notifications)) {
      if (count <= options.maxNotifications) continue;
      const first = index.serverNotifications.find((f) => (f.message as { method?: unknown }).method === method);
      const evidence = quote(first);
      yield {
        messageId: 'notifications',
        data: { count, method, seconds, max: options.maxNotifications },
        subject,
        key: method,
        ...(evidence ? { evidence } : {}),
        ...(first ? { frame: first.frameIndex } : {}),
      };
    }
  },
});

import { describe } from 'vitest';
import type { Capture, Frame, ListCapture, OutputStats } from '../../src/model/capture.js';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/lists-complete.js';
import { makeCapture, type CaptureSpec } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const tools = cleanTools();
const MIB = 1024 * 1024;

/** Output figures of a stdio session that mcplint stopped for flooding stdout (or did not). */
function output(stopped?: OutputStats['stopped']): OutputStats {
  return {
    stdoutBytes: 70 * MIB,
    notifications: { 'notifications/message': 530_000, 'notifications/progress': 3 },
    framesDropped: 510_000,
    framesTruncated: 0,
    caps: { frameBytes: 256 * 1024, recordedBytes: 32 * MIB, frames: 20_000, lineBytes: 16 * MIB, stdoutBytes: 64 * MIB },
    ...(stopped ? { stopped } : {}),
  };
}

const closed = (pages: ListCapture['pages'] = [], items: unknown[] = []): ListCapture => ({
  status: pages.length === 0 ? 'error' : 'partial',
  pages,
  items,
  error: { kind: 'closed', message: 'The connection closed during tools/list.' },
});

const LOG = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'debug', data: 'indexed book 1' } };
const frames: Frame[] = [
  {
    seq: 0,
    at: 40,
    phase: 'listing',
    bytes: 30,
    kind: 'message',
    dir: 'recv',
    message: { jsonrpc: '2.0', method: 'notifications/progress' },
  },
  { seq: 1, at: 41, phase: 'listing', bytes: 90, kind: 'message', dir: 'recv', message: LOG },
];

function flooded(stopped: OutputStats['stopped'], lists: CaptureSpec['lists']): () => Capture {
  return () => ({ ...makeCapture({ tools, prompts: [], lists, frames }), output: output(stopped) });
}

describe('lists-complete', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts lists received in full', capture: () => makeCapture({ tools, prompts: [] }) },
      {
        name: 'accepts a flood stopped during a tool call, after every list was complete',
        capture: flooded({ reason: 'stdout-cap', phase: 'probe:valid-calls', at: 900, waitingFor: 'tools/call' }, {}),
      },
      {
        name: 'leaves a list that timed out to advertised-lists-work',
        capture: () =>
          makeCapture({
            tools,
            lists: { tools: { status: 'error', pages: [], items: [], error: { kind: 'timeout', message: 'No answer' } } },
          }),
      },
    ],
    invalid: [
      {
        name: 'reports the list mcplint waited for when it stopped a flooding server',
        capture: flooded({ reason: 'stdout-cap', phase: 'listing', at: 1100, waitingFor: 'tools/list' }, { tools: closed() }),
        findings: [
          {
            messageId: 'flooded',
            subject: 'server',
            level: 'error',
            message:
              'tools/list never completed: the server wrote more than 64 MiB to stdout while mcplint waited for its first page, so mcplint stopped it (0 entries received); a client never gets the list. Answer promptly, and rate-limit notifications and logs.',
            evidence: JSON.stringify(LOG),
          },
        ],
      },
      {
        name: 'names the page a flood cut off, and only that list',
        capture: flooded(
          { reason: 'stdout-cap', phase: 'listing', at: 1100, waitingFor: 'prompts/list' },
          { prompts: closed([{ cursor: null, nextCursor: 'p2', itemCount: 1, frame: 7 }], [{ name: 'summarise' }]) },
        ),
        findings: [
          {
            messageId: 'flooded',
            subject: 'server',
            message: /prompts\/list never completed: .* waited for page 2, .*\(1 entry received\)/,
          },
        ],
      },
      {
        name: 'reports the first list cut off when the flood stopped the server between two requests',
        capture: flooded({ reason: 'stdout-cap', phase: 'listing', at: 1100 }, { tools: closed() }),
        findings: [{ messageId: 'flooded', subject: 'server', message: /^tools\/list never completed/ }],
      },
      {
        name: 'reports a list still going at the page cap',
        capture: () => {
          const pages = Array.from({ length: 100 }, (_, i) => ({
            cursor: i === 0 ? null : `c${i}`,
            nextCursor: `c${i + 1}`,
            itemCount: 1,
          }));
          const resources: ListCapture = {
            status: 'partial',
            pages,
            items: pages.map((_, i) => ({ uri: `x://${i}`, name: `r${i}` })),
            pageCapHit: true,
          };
          return makeCapture({ tools, lists: { resources } });
        },
        findings: [
          {
            messageId: 'pageCap',
            subject: 'server',
            level: 'error',
            message: /^resources\/list never completed: after 100 pages \(100 entries\) the server still returned a nextCursor/,
            evidence: '"nextCursor": "c100"',
          },
        ],
      },
      {
        name: 'reports a pagination loop',
        capture: () => {
          const looping: ListCapture = {
            status: 'partial',
            pages: [
              { cursor: null, nextCursor: 'a', itemCount: 1, frame: 4 },
              { cursor: 'a', nextCursor: 'a', itemCount: 1, frame: 6 },
            ],
            items: tools.slice(0, 2),
            loopCursor: 'a',
          };
          return makeCapture({ tools, lists: { tools: looping } });
        },
        findings: [
          {
            messageId: 'loop',
            subject: 'server',
            message: /^tools\/list never completed: after 2 pages the cursor "a" came back/,
            evidence: '"nextCursor": "a"',
          },
        ],
      },
    ],
  });
});

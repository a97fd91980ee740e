import { describe, expect } from 'vitest';
import type { Capture, ListCapture } from '../../src/model/capture.js';
import rule from '../../rules/advertised-lists-work.js';
import { cleanPrompts, cleanResources, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { makeCapture, type CaptureSpec } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'advertised-lists-work';
const base = { tools: cleanTools(), prompts: cleanPrompts(), resources: cleanResources(), resourceTemplates: [] };
const failedList = (error: ListCapture['error'], pages: ListCapture['pages'] = []): ListCapture => ({
  status: pages.length === 0 ? 'error' : 'partial',
  pages,
  items: [],
  error,
});
const withLists = (lists: CaptureSpec['lists']) => () => makeCapture({ ...base, lists });
const flooded = (stopped: boolean) => (): Capture => ({
  ...makeCapture({ ...base, lists: { tools: failedList({ kind: 'closed', message: 'closed' }) } }),
  output: {
    notifications: {},
    framesDropped: 0,
    framesTruncated: 0,
    stdoutBytes: 70_000_000,
    caps: { frameBytes: 1, recordedBytes: 1, frames: 1, stdoutBytes: 67_108_864 },
    ...(stopped ? { stopped: { reason: 'stdout-cap', phase: 'listing', at: 900, waitingFor: 'tools/list' } as const } : {}),
  },
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'is silent when every advertised list answers', capture: () => makeCapture(base) },
      { name: 'is silent for lists that are not advertised', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'leaves a list cut short because mcplint stopped a flooding server to output-flood',
        capture: flooded(true),
      },
      {
        name: 'tolerates resources/templates/list answering "method not found"',
        capture: withLists({ resourceTemplates: failedList({ kind: 'error-response', message: 'Method not found', code: -32601 }) }),
      },
      {
        name: 'leaves loops and page caps to list-pagination',
        capture: withLists({
          tools: { status: 'partial', pages: [{ cursor: null, nextCursor: 'a', itemCount: 1 }], items: [cleanTools()[0]], loopCursor: 'a' },
        }),
      },
    ],
    invalid: [
      {
        name: 'reports an advertised list that answers with an error',
        capture: withLists({ prompts: failedList({ kind: 'error-response', message: 'Method not found', code: -32601 }) }),
        findings: [
          {
            messageId: 'errorResponse',
            subject: 'server',
            message:
              'Server advertises the "prompts" capability, but prompts/list answered with an error (-32601 "Method not found"); implement prompts/list or stop advertising the capability.',
            evidence: '{"code":-32601,"message":"Method not found"}',
          },
        ],
      },
      {
        name: 'says the cursor from page 1 was rejected when page 2 is answered with an error',
        capture: withLists({
          tools: failedList({ kind: 'error-response', code: -32602, message: 'Invalid cursor' }, [
            { cursor: null, nextCursor: 'c1', itemCount: 2, frame: 5 },
          ]),
        }),
        findings: [
          {
            messageId: 'cursorRejected',
            subject: 'server',
            message:
              /tools\/list rejected the cursor from page 1 \(the nextCursor it returned itself\) with an error \(-32602 "Invalid cursor"\)/,
          },
        ],
      },
      {
        name: 'names the page when a later page fails',
        capture: withLists({
          tools: failedList({ kind: 'timeout', message: 'No answer' }, [{ cursor: null, nextCursor: 'c1', itemCount: 2, frame: 5 }]),
        }),
        findings: [
          {
            messageId: 'timeout',
            subject: 'server',
            message: 'Server advertises the "tools" capability, but tools/list on page 2 got no answer within the timeout.',
          },
        ],
      },
      {
        name: 'reports a connection closed during listing, and a result without the array',
        capture: withLists({
          tools: failedList({ kind: 'closed', message: 'closed' }),
          resources: {
            status: 'error',
            pages: [{ cursor: null, itemCount: 0, frame: 11, rest: { items: [] } }],
            items: [],
            error: { kind: 'invalid-result', message: 'no array' },
          },
        }),
        findings: [
          {
            messageId: 'closed',
            subject: 'server',
            message: 'Server advertises the "tools" capability, but the server closed the connection during tools/list.',
            frame: null,
          },
          {
            messageId: 'invalidResult',
            subject: 'server',
            message: 'Server advertises the "resources" capability, but resources/list answered without a "resources" array.',
            frame: 11,
          },
        ],
      },
      {
        name: 'reports a list cut short when mcplint did not stop the server (output-flood has nothing to say)',
        capture: flooded(false),
        findings: [{ messageId: 'closed', subject: 'server' }],
      },
      {
        name: 'names the failing page of a partial list that ends in an invalid result',
        capture: withLists({
          resources: {
            status: 'partial',
            pages: [
              { cursor: null, nextCursor: 'c1', itemCount: 1, frame: 9 },
              { cursor: 'c1', itemCount: 0, frame: 11, rest: {} },
            ],
            items: cleanResources(),
            error: { kind: 'invalid-result', message: 'no array' },
          },
        }),
        findings: [{ messageId: 'invalidResult', subject: 'server', message: /resources\/list on page 2 answered without/ }],
      },
      {
        name: 'does not tolerate other failures of resources/templates/list',
        capture: withLists({ resourceTemplates: failedList({ kind: 'error-response', message: 'Internal error', code: -32603 }) }),
        findings: [{ messageId: 'errorResponse', subject: 'server' }],
      },
      {
        name: 'gives each failing list its own fingerprint',
        capture: withLists({
          tools: failedList({ kind: 'error-response', message: 'boom', code: -32603 }),
          prompts: failedList({ kind: 'error-response', message: 'boom', code: -32603 }),
        }),
        findings: [
          { messageId: 'errorResponse', subject: 'server' },
          { messageId: 'errorResponse', subject: 'server' },
        ],
        assert: (result) => expect(new Set(result.findings.map((f) => f.fingerprint)).size).toBe(2),
      },
    ],
  });
});

import { describe } from 'vitest';
import rule from '../../rules/resource-updated-subscribed.js';
import type { Frame } from '../../src/model/capture.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const message = (dir: 'send' | 'recv', body: Record<string, unknown>, seq: number): Frame =>
  ({ kind: 'message', dir, message: { jsonrpc: '2.0', ...body }, bytes: 10, seq, at: seq, phase: 'probe:declared-capabilities' }) as Frame;
const subscribe = (uri: string, seq: number) => message('send', { id: seq, method: 'resources/subscribe', params: { uri } }, seq);
const updated = (uri: string, seq: number) => message('recv', { method: 'notifications/resources/updated', params: { uri } }, seq);
const subscribing = { tools: {}, resources: { subscribe: true } };

describe('resource-updated-subscribed', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'no update at all', capture: () => makeCapture({ capabilities: subscribing }) },
      {
        name: 'an update for the subscribed resource',
        capture: () => makeCapture({ capabilities: subscribing, frames: [subscribe('a://1', 1), updated('a://1', 2)] }),
      },
    ],
    invalid: [
      {
        name: 'an update without the subscribe capability, once for the server',
        capture: () => makeCapture({ capabilities: { tools: {}, resources: {} }, frames: [updated('a://1', 1), updated('a://2', 2)] }),
        findings: [{ messageId: 'undeclared', subject: 'server', message: /does not declare "resources": \{ "subscribe": true \}/ }],
      },
      {
        name: 'an update without any resources capability',
        capture: () => makeCapture({ capabilities: { tools: {} }, frames: [updated('a://1', 1)] }),
        findings: [{ messageId: 'undeclared', subject: 'server', message: /declares no "resources" capability at all/ }],
      },
      {
        name: 'an update for a resource nobody subscribed to',
        capture: () => makeCapture({ capabilities: subscribing, frames: [subscribe('a://1', 1), updated('a://2', 2)] }),
        findings: [{ messageId: 'unsubscribed', subject: 'server', message: /for "a:\/\/2", which mcplint never subscribed to/ }],
      },
    ],
  });
});

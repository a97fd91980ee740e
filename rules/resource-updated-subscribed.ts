import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  undeclared:
    'Server sent notifications/resources/updated for {{uri}} although it {{declared}}; updates go only to clients that subscribed to a resource, and only a server that declares "resources": { "subscribe": true } takes subscriptions. Declare the capability and send updates for subscribed resources only.',
  unsubscribed:
    'Server sent notifications/resources/updated for {{uri}}, which mcplint never subscribed to; send updates only for resources a client subscribed to with resources/subscribe, so clients are not woken for resources they do not follow.',
};

const UPDATED = 'notifications/resources/updated';

export default defineRule({
  id: 'resource-updated-subscribed',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'high',
  checklist: 'none',
  summary:
    'The server sends notifications/resources/updated only when it declares resources.subscribe, and only for resources the client subscribed to.',
  until: '2025-11-25',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — server/resources § Subscriptions: "The protocol supports optional subscriptions to resource changes. Clients can subscribe to specific resources and receive notifications when they change"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#subscriptions',
    },
    {
      title: 'MCP spec 2025-11-25 — server/resources § Capabilities (subscribe)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/resources#capabilities',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const resources = capture.handshake.ok ? capture.handshake.capabilities.resources : undefined;
    const takesSubscriptions = isObject(resources) && resources.subscribe === true;
    // Every URI mcplint subscribed to in the session: an update after an unsubscribe may have crossed it on the wire.
    const subscribed = new Set<string>();
    for (const frame of index.sent) {
      const message = frame.message;
      if (
        isObject(message) &&
        message.method === 'resources/subscribe' &&
        isObject(message.params) &&
        typeof message.params.uri === 'string'
      )
        subscribed.add(message.params.uri);
    }
    // One finding: a server that sends unsolicited updates sends them the same way for every resource.
    for (const frame of index.serverNotifications) {
      const message = frame.message;
      if (!isObject(message) || message.method !== UPDATED) continue;
      const uri = isObject(message.params) && typeof message.params.uri === 'string' ? message.params.uri : undefined;
      if (takesSubscriptions && uri !== undefined && subscribed.has(uri)) continue;
      // Without a URI the notification is malformed: notification-schema-valid says so.
      if (uri === undefined) continue;
      yield {
        messageId: takesSubscriptions ? 'unsubscribed' : 'undeclared',
        data: {
          uri: JSON.stringify(uri),
          declared:
            resources === undefined ? 'declares no "resources" capability at all' : 'does not declare "resources": { "subscribe": true }',
        },
        subject: { kind: 'server' },
        frame: frame.frameIndex,
        evidence: jsonText(message),
      };
      return;
    }
  },
});

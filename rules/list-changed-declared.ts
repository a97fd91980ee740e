import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  listChangedUndeclared:
    'Server sent {{method}} although its {{capability}} capability {{declared}}; a server that will notify list changes declares "listChanged": true, and a client that took it at its word ignores the notification and keeps a stale list.',
};

/** The list a list_changed notification is about, by method. */
const LIST_CHANGED: Readonly<Record<string, string>> = {
  'notifications/tools/list_changed': 'tools',
  'notifications/prompts/list_changed': 'prompts',
  'notifications/resources/list_changed': 'resources',
};

export default defineRule({
  id: 'list-changed-declared',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'The server sends a list_changed notification only for a list whose capability declares "listChanged": true.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — server/tools § Capabilities: "listChanged indicates whether the server will emit notifications when the list of available tools changes"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#capabilities',
    },
  ],
  messages,
  requires: ['handshake', 'session'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const capabilities = capture.handshake.ok ? capture.handshake.capabilities : {};
    const reported = new Set<string>();
    for (const frame of index.serverNotifications) {
      const message = frame.message;
      if (!isObject(message) || typeof message.method !== 'string') continue;
      const list = LIST_CHANGED[message.method];
      if (list === undefined || reported.has(list)) continue;
      const capability = capabilities[list];
      if (isObject(capability) && capability.listChanged === true) continue;
      reported.add(list);
      yield {
        messageId: 'listChangedUndeclared',
        data: {
          method: message.method,
          capability: list,
          declared: capability === undefined ? 'is not declared at all' : 'does not declare "listChanged": true',
        },
        subject: { kind: 'server' },
        key: list,
        frame: frame.frameIndex,
        evidence: jsonText(message),
      };
    }
  },
});

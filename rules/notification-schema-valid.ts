import { officialDefines, schemaVersionFor } from '../src/schema/json-schema.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { isObject } from '../src/shared/json.js';
import { quoteAt } from './lib/json-pointer.js';
import { definitionProblems } from './lib/result-schema.js';

/** Findings per method at most, so one broken emitter does not drown the report. */
const MAX_PER_METHOD = 10;

/** The official definition of each notification a server sends that the schema defines. */
const NOTIFICATION_DEFINITIONS: Readonly<Record<string, string>> = {
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
};

const messages = {
  schema:
    'Server sent a {{method}} notification whose {{pointer}} {{problem}}, against the official schema of protocol {{version}}; clients that validate notifications drop it.',
};

export default defineRule({
  id: 'notification-schema-valid',
  category: 'probes',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary:
    'Every progress, log message, list_changed and resources/updated notification the server sends matches the official schema of the negotiated protocol version.',
  references: [
    {
      title:
        'MCP spec 2025-11-25 — schema (ProgressNotification, LoggingMessageNotification, ResourceUpdatedNotification, *ListChangedNotification)',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/schema',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const version = schemaVersionFor(index.protocolVersion);
    const seen = new Set<string>();
    const perMethod = new Map<string, number>();
    for (const frame of index.serverNotifications) {
      const message = frame.message;
      if (!isObject(message) || typeof message.method !== 'string') continue;
      const definition = NOTIFICATION_DEFINITIONS[message.method];
      if (!definition || !officialDefines(version, definition)) continue;
      for (const problem of definitionProblems(version, definition, message)) {
        const key = `${message.method} ${problem.pointer} ${problem.message}`;
        const count = perMethod.get(message.method) ?? 0;
        if (seen.has(key) || count >= MAX_PER_METHOD) continue;
        seen.add(key);
        perMethod.set(message.method, count + 1);
        yield {
          messageId: 'schema',
          data: { method: message.method, pointer: problem.pointer === '' ? '(root)' : problem.pointer, problem: problem.message, version },
          subject: { kind: 'server' },
          key,
          frame: frame.frameIndex,
          evidence: quoteAt(message, problem.pointer),
        };
      }
    }
  },
});

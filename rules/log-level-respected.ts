import { defineRule, type Report } from '../src/engine/rule.js';
import { isObject } from '../src/shared/json.js';
import { probeCalls, shorten } from '../src/model/probe-records.js';
import { jsonText } from '../src/shared/json-text.js';

/** RFC 5424 severities, least severe first, as the spec lists them. */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const messages = {
  belowLevel:
    'Server sent {{count}} notifications/message below level "{{level}}" ({{levels}}) after logging/setLevel "{{level}}" was answered; send only messages at or above the level the client set, so a client that asked for less is not flooded.',
};

export default defineRule({
  id: 'log-level-respected',
  category: 'probes',
  basis: 'spec',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'After logging/setLevel, the server sends only notifications/message at or above the level the client set.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — server/utilities/logging § Setting Log Level, § Message Flow',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging#setting-log-level',
    },
  ],
  messages,
  requires: ['handshake', 'exit'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const setLevel = probeCalls(capture, 'declared-capabilities').find(
      (c) => c.method === 'logging/setLevel' && c.answer.kind === 'result' && c.answer.frame >= 0,
    );
    if (setLevel?.answer.kind !== 'result') return;
    const level = isObject(setLevel.params) ? setLevel.params.level : undefined;
    const threshold = typeof level === 'string' ? LEVELS.indexOf(level) : -1;
    if (threshold < 0) return;
    const answered = setLevel.answer.frame;
    // A server started again after a crash has forgotten the level: only its first process is judged.
    const process = capture.frames[answered]?.connection ?? 1;
    const below = index.serverNotifications.filter((frame) => {
      if (frame.frameIndex <= answered || (frame.connection ?? 1) !== process) return false;
      const m = frame.message;
      if (!isObject(m) || m.method !== 'notifications/message' || !isObject(m.params)) return false;
      const severity = typeof m.params.level === 'string' ? LEVELS.indexOf(m.params.level) : -1;
      return severity >= 0 && severity < threshold;
    });
    if (below.length === 0) return;
    const levels = new Map<string, number>();
    for (const frame of below) {
      const l = String((frame.message as { params: { level: string } }).params.level);
      levels.set(l, (levels.get(l) ?? 0) + 1);
    }
    yield {
      messageId: 'belowLevel',
      data: {
        count: below.length,
        level: level as string,
        levels: [...levels].map(([l, n]) => `${n} ${l}`).join(', '),
      },
      subject: { kind: 'server' },
      frame: below[0]!.frameIndex,
      evidence: shorten(jsonText(below[0]!.message) ?? '', 300),
    };
  },
});

import { isObject } from '../src/engine/capture-index.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { jsonText } from '../src/shared/json-text.js';

const messages = {
  progressUnrequested:
    'Server sent notifications/progress for token {{token}}, which no request carried; progress may only reference a token a client sent in an active request, so the client cannot tell what it is about.',
  progressNotIncreasing:
    "Server sent progress {{progress}} for token {{token}} after {{previous}}; the progress value must increase with each notification, or a client's progress bar goes backwards.",
};

// A token is a string or a number; anything else (however deep) is keyed by its JSON text, as String() of a deep array recurses.
const tokenKey = (token: unknown): string =>
  `${typeof token}:${typeof token === 'string' || typeof token === 'number' ? String(token) : jsonText(token)}`;

export default defineRule({
  id: 'progress-tokens-valid',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: 'none',
  summary: "The server sends progress only for a token one of the client's requests carried, with a value that increases each time.",
  references: [
    {
      title:
        'MCP spec 2025-11-25 — basic/utilities/progress: "Progress notifications MUST only reference tokens that: Were provided in an active request … The progress value MUST increase with each notification"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress',
    },
  ],
  messages,
  requires: ['session'],
  *check({ index }): Generator<Report<keyof typeof messages>> {
    const subject = { kind: 'server' } as const;
    // The progress tokens mcplint's requests carried (params._meta.progressToken).
    const tokens = new Set<string>();
    for (const frame of index.sent) {
      if (!isObject(frame.message)) continue;
      const params = frame.message.params;
      const meta = isObject(params) ? params._meta : undefined;
      if (isObject(meta) && 'progressToken' in meta) tokens.add(tokenKey(meta.progressToken));
    }
    const unrequested = new Set<string>();
    const lastProgress = new Map<string, number>();
    const notIncreasing = new Set<string>();
    for (const frame of index.serverNotifications) {
      const message = frame.message;
      if (!isObject(message) || message.method !== 'notifications/progress' || !isObject(message.params)) continue;
      const at = { frame: frame.frameIndex, evidence: jsonText(message) };
      const token = message.params.progressToken;
      const key = tokenKey(token);
      if (!tokens.has(key)) {
        if (unrequested.has(key)) continue;
        unrequested.add(key);
        yield { messageId: 'progressUnrequested', data: { token: jsonText(token) }, subject, key: `token ${key}`, ...at };
        continue;
      }
      const progress = message.params.progress;
      if (typeof progress !== 'number') continue; // the notification's schema finding
      const previous = lastProgress.get(key);
      lastProgress.set(key, progress);
      if (previous === undefined || progress > previous || notIncreasing.has(key)) continue;
      notIncreasing.add(key);
      yield {
        messageId: 'progressNotIncreasing',
        data: { token: jsonText(token), progress: String(progress), previous: String(previous) },
        subject,
        key: `increasing ${key}`,
        ...at,
      };
    }
  },
});

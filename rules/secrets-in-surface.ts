import type { Subject } from '../src/engine/rule.js';
import { defineRule, type Report, subjectLabel } from '../src/engine/rule.js';
import { isObject } from '../src/engine/capture-index.js';
import { findSecrets, kindById, maskSecret, mayHoldSecret, mayHoldSecretInJson, REDACTION_MARKER } from '../src/shared/secret-patterns.js';
import { placeInWords, surfaceTexts } from './lib/surface.js';

interface Found {
  readonly kind: string;
  readonly label: string;
  readonly masked: string;
}

/** Secrets in a text: token-shaped strings, and the markers redaction left where it removed one. */
function secretsIn(text: string): Found[] {
  const marked = text.includes('[redacted ');
  if (!marked && !mayHoldSecret(text)) return [];
  const out: Found[] = [];
  for (const m of findSecrets(text))
    if (!m.example) out.push({ kind: m.kind.id, label: m.kind.label, masked: maskSecret(m.kind, m.value) });
  if (marked) {
    for (const m of text.matchAll(REDACTION_MARKER)) {
      const kind = kindById(m[1]!);
      if (kind) out.push({ kind: kind.id, label: kind.label, masked: m[2]! });
    }
  }
  return out;
}

/** Every string inside a JSON value (keys too), in document order. A plain walk: nested generators are slow. */
function stringsOf(value: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 64) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, depth + 1, out);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, depth + 1, out);
    }
  }
  return out;
}

const article = (label: string): string => (/^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`);

const messages = {
  surface:
    '{{subject}} exposes what looks like {{secret}} ({{masked}}) in {{where}}; everything in the tool surface reaches the model and client logs, so remove it and rotate the credential.',
  callOutput:
    '{{subject}} returned what looks like {{secret}} ({{masked}}) in the output of a call; tool results reach the model and client logs, so never return credentials, and rotate this one.',
  logMessage:
    'Server sent what looks like {{secret}} ({{masked}}) in a log notification; log messages must not contain credentials or secrets, so remove it and rotate the credential.',
};

export default defineRule({
  id: 'secrets-in-surface',
  category: 'security',
  basis: 'guideline',
  severity: 'error',
  precision: 'high',
  checklist: 'none',
  summary:
    'No credential (API key, token, private key, password in a URL) appears in the tool surface, tool call output or log notifications.',
  references: [
    { title: 'Server-building guide — OAuth and Security Best Practices: "Store API keys in environment variables, never in code"' },
    {
      title: 'MCP spec 2025-11-25 — server/utilities/logging § Security: "Log messages MUST NOT contain: Credentials or secrets"',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging#security',
    },
  ],
  messages,
  requires: ['exit'],
  *check({ capture, index }): Generator<Report<keyof typeof messages>> {
    const reported = new Set<string>();
    const report = function* (
      messageId: keyof typeof messages,
      subject: Subject,
      where: string,
      found: Found,
      key: string,
      frame?: number,
    ): Generator<Report<keyof typeof messages>> {
      const id = `${messageId}|${JSON.stringify(subject)}|${key}|${found.kind}`;
      if (reported.has(id)) return;
      reported.add(id);
      yield {
        messageId,
        data: { subject: subjectLabel(subject, { capital: true }), secret: article(found.label), masked: found.masked, where },
        subject,
        key: `${key}:${found.kind}`,
        // The secret itself is never quoted: only its masked form.
        evidence: `${found.label}: ${found.masked}`,
        ...(frame !== undefined ? { frame } : {}),
      };
    };

    // The surface: every string of every entry, and the server's instructions and serverInfo.
    for (const item of surfaceTexts(capture, index, { prefilter: (json) => mayHoldSecretInJson(json) || json.includes('[redacted ') })) {
      for (const found of secretsIn(item.text))
        yield* report('surface', item.subject, placeInWords(item.subject, item.pointer), found, item.pointer);
    }

    // Tool call outputs (probe calls): responses to tools/call, attributed to the tool called.
    const calledTool = new Map<string, string>();
    for (const frame of capture.frames) {
      if (frame.kind !== 'message' || frame.dir !== 'send' || !isObject(frame.message)) continue;
      const m = frame.message;
      if (m.method === 'tools/call' && 'id' in m && isObject(m.params) && typeof m.params.name === 'string')
        calledTool.set(`${typeof m.id}:${String(m.id)}`, m.params.name);
    }
    if (calledTool.size > 0) {
      for (const frame of index.received) {
        const m = frame.message;
        if (!isObject(m) || !('id' in m) || 'method' in m) continue;
        const tool = calledTool.get(`${typeof m.id}:${String(m.id)}`);
        if (tool === undefined) continue;
        for (const text of stringsOf('result' in m ? m.result : m.error)) {
          for (const found of secretsIn(text))
            yield* report('callOutput', { kind: 'tool', name: tool }, 'call output', found, 'call', frame.frameIndex);
        }
      }
    }

    // Log notifications.
    for (const frame of index.serverNotifications) {
      const m = frame.message;
      if (!isObject(m) || m.method !== 'notifications/message') continue;
      for (const text of stringsOf(m.params)) {
        for (const found of secretsIn(text))
          yield* report('logMessage', { kind: 'server' }, 'a log notification', found, 'log', frame.frameIndex);
      }
    }
  },
});

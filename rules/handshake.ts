import type { Capture } from '../src/model/capture.js';
import { defineRule, type Report } from '../src/engine/rule.js';
import { clip } from '../src/shared/text.js';
import { exchangeEvidence } from './lib/http.js';
import { stderrTail } from './lib/stderr.js';
import { jsonText } from '../src/shared/json-text.js';

const RAW_EVIDENCE_CHARS = 300;

function short(value: unknown): string {
  let text: string;
  try {
    text = jsonText(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return clip(text, RAW_EVIDENCE_CHARS);
}

/** What to do about an initialize error: name the versions the server says it supports, if it does. */
function errorHint(data: unknown, requested: string, hasTail: boolean): string {
  const supported =
    typeof data === 'object' && data !== null && Array.isArray((data as Record<string, unknown>).supported)
      ? ((data as Record<string, unknown>).supported as unknown[]).filter((v): v is string => typeof v === 'string')
      : [];
  if (supported.length > 0) {
    return `it says it supports only ${supported.join(', ')}, not the requested ${requested}.`;
  }
  return hasTail ? 'its stderr (quoted) may show why.' : 'it must answer with its protocol version, capabilities and serverInfo.';
}

function exitDetail(capture: Capture): string {
  const exit = capture.exit;
  if (!exit) return '';
  if (exit.code !== null) return ` with exit code ${exit.code}`;
  if (exit.signal) return ` on signal ${exit.signal}`;
  return '';
}

/** The head of the answer that was too large: the cut stdout line, or the HTTP exchange that carried it. */
function tooLargeEvidence(capture: Capture): string | undefined {
  const line = capture.frames.find((f) => f.kind === 'noise' && f.answerTo === 'initialize');
  if (line?.kind === 'noise') return `${clip(line.text, RAW_EVIDENCE_CHARS)}`;
  const exchange = capture.exchanges?.findIndex((e) => e.rpcMethod === 'initialize' && e.body?.truncated) ?? -1;
  return exchange >= 0 ? exchangeEvidence(capture, exchange) : undefined;
}

const messages = {
  cwdMissing: 'Server could not be started: {{detail}}; create it, or correct the working directory (cwd) the server is configured with.',
  spawnFailed: 'Server could not be started ({{detail}}); check that the command exists, is on PATH and is executable.',
  exited: 'Server exited{{exit}} before answering initialize; {{hint}}',
  timeout: 'Server did not answer initialize within {{ms}} ms; {{hint}}',
  errorResponse: 'Server answered initialize with a JSON-RPC error ({{error}}) instead of its protocol version and capabilities; {{hint}}',
  invalidResult:
    'Server answered initialize with an unusable result ({{problem}}); the result must carry a protocolVersion string, a capabilities object and serverInfo.',
  connectionFailed: 'Server could not be reached ({{detail}}); {{hint}}',
  tooLarge:
    'Server answered initialize with more than mcplint reads: {{detail}}; a client cannot use an answer it cannot read, so keep the initialize result to its protocol version, capabilities, serverInfo and brief instructions.',
  // HTTP targets: mcplint has no stdin or stderr of theirs, so the advice is about the URL and the server's own logs.
  timeoutHttp:
    'Server did not answer initialize within {{ms}} ms; it may be waiting for configuration or a service, and its own logs may show which.',
};

export default defineRule({
  id: 'handshake',
  category: 'lifecycle',
  basis: 'spec',
  severity: 'error',
  precision: 'very-high',
  checklist: ['server-runs'],
  summary: 'The server starts and answers initialize with a result.',
  references: [
    {
      title: 'MCP spec 2025-11-25 — basic/lifecycle § Initialization',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization',
    },
  ],
  messages,
  requires: ['exit'],
  *check({ capture }): Generator<Report<keyof typeof messages>> {
    const handshake = capture.handshake;
    if (handshake.ok) return;
    const tail = stderrTail(capture.stderr.text);
    const see = tail ? 'its stderr (quoted) shows why.' : 'it wrote nothing to stderr, so run it by hand to see why.';
    const subject = { kind: 'server' } as const;
    const withTail = tail !== undefined ? { evidence: tail } : {};
    const overHttp = capture.target.kind === 'http';

    switch (handshake.reason) {
      case 'spawn-failed': {
        const detail = handshake.message.replace(/^The server could not be started: /, '');
        if (/^the working directory .* (?:does not exist|is not a directory)$/.test(detail)) {
          yield { messageId: 'cwdMissing', data: { detail }, subject, ...withTail };
          return;
        }
        yield { messageId: 'spawnFailed', data: { detail }, subject, ...withTail };
        return;
      }
      case 'exited':
        yield { messageId: 'exited', data: { exit: exitDetail(capture), hint: see }, subject, ...withTail };
        return;
      case 'timeout': {
        const ms = /within (\d+) ms/.exec(handshake.message)?.[1] ?? String(handshake.durationMs);
        if (overHttp) {
          yield { messageId: 'timeoutHttp', data: { ms }, subject };
          return;
        }
        const polluted = capture.frames.some((f) => f.kind === 'noise');
        const hint = polluted
          ? 'it wrote output to stdout that is not a JSON-RPC message (see stdout-pollution), which a client cannot parse.'
          : tail
            ? 'it may be waiting for configuration or a service, and its stderr (quoted) may show which.'
            : 'it may be waiting for configuration or a service, or not reading requests from stdin.';
        yield { messageId: 'timeout', data: { ms, hint }, subject, ...withTail };
        return;
      }
      case 'error-response': {
        const err = handshake.error ?? {};
        const error = [
          err.code !== undefined ? String(err.code) : undefined,
          err.message !== undefined ? `"${String(err.message)}"` : undefined,
        ]
          .filter((p) => p !== undefined)
          .join(' ');
        yield {
          messageId: 'errorResponse',
          data: { error: error || 'no code or message', hint: errorHint(err.data, handshake.requestedVersion, tail !== undefined) },
          subject,
          evidence: tail ?? short(err),
        };
        return;
      }
      case 'invalid-result': {
        const raw = handshake.raw;
        const problem =
          typeof raw !== 'object' || raw === null || Array.isArray(raw)
            ? `the result is ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : `a ${typeof raw}`}, not an object`
            : typeof (raw as Record<string, unknown>).protocolVersion !== 'string'
              ? 'no protocolVersion string'
              : 'no capabilities object';
        yield { messageId: 'invalidResult', data: { problem }, subject, evidence: tail ?? short(raw) };
        return;
      }
      case 'too-large': {
        const evidence = tooLargeEvidence(capture);
        yield {
          messageId: 'tooLarge',
          data: { detail: handshake.message.replace(/^The server's answer was not read: /, '').replace(/\.$/, '') },
          subject,
          ...(evidence ? { evidence } : {}),
        };
        return;
      }
      case 'connection-failed':
        // Only HTTP targets fail this way: the advice is about the URL, not a stderr mcplint never had.
        yield {
          messageId: 'connectionFailed',
          data: {
            detail: handshake.message.replace(/^The server could not be reached at its URL: /, '').replace(/\.$/, ''),
            hint: overHttp ? 'check that it is running and listening at that URL; its own logs may show why.' : see,
          },
          subject,
          ...withTail,
        };
        return;
    }
  },
});

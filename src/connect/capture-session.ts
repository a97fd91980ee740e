/**
 * Drives one session in a fixed order — handshake, every list page, probes, shutdown — and turns
 * what the connection recorded into a frozen Capture. The only place that decides I/O order.
 */
import {
  CAPTURE_VERSION,
  LIST_METHODS,
  type CappedText,
  REQUESTED_PROTOCOL_VERSION,
  type Capture,
  type DeclaredIn,
  type Handshake,
  type ListCapture,
  type ListName,
  type ListPage,
  type Phase,
  type ProbeRecord,
  type ProcessExit,
  type TargetDescription,
  targetText,
} from '../model/capture.js';
import { DEFAULT_TIMEOUT_MS, MIN_STARTUP_TIMEOUT_MS } from '../model/timeouts.js';
import { isObject } from '../shared/json.js';
import { VERSION } from '../shared/version.js';
import type { Connection, FrameSink, RpcOutcome } from './connection.js';
import { establish } from './discover.js';
import { trackSessionProgress } from './session-progress.js';
import { StdioConnection, type StdioTarget } from './stdio.js';
import type { HttpConnection } from './http.js';

export interface CaptureOptions {
  /** Per-request timeout. */
  readonly timeoutMs: number;
  /** Timeout for the initialize answer (start-up included). */
  readonly startupTimeoutMs: number;
  /** Most pages followed per list. */
  readonly maxPages: number;
  readonly exitGraceMs?: number;
  readonly inheritEnv?: boolean;
  /** stdio: stop the server after this many stdout bytes (default 64 MiB; DEFAULT_STDIO_LIMITS). */
  readonly maxStdoutBytes?: number;
  /** stdio: longest stdout line kept for parsing (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** Runs after listing, before shutdown; returns probe records keyed by id. */
  readonly probes?: (session: LiveSession) => Promise<Record<string, ProbeRecord>>;
  /** --protocol: the version to ask for; a 2026-07-28 (modern) version skips initialize for server/discover. */
  readonly protocolVersion?: string;
  /**
   * Start the second server process (the fresh connection version negotiation needs) together
   * with the first, so its start-up overlaps the handshake and listing instead of following them.
   * Nothing is sent to it before its probe's turn; unused, it is closed at the end.
   */
  readonly startFreshEarly?: boolean;
  /**
   * stdio: called once shutdown is about to begin, with the capture as it stands then — no exit,
   * nothing of the shutdown yet — so the caller can judge what does not depend on the exit while
   * the server shuts down. Its arrays are copies: the session keeps recording into its own.
   */
  readonly onShutdown?: (beforeExit: Capture) => void;
  /**
   * Called once the lists are complete, before the probes run, with the capture as it stands then
   * (handshake and lists final, no frames or notes), so the caller can judge what reads no more
   * than that while the probes run. Not called when there are no probes to wait for.
   */
  readonly onListed?: (listed: Capture) => void;
  /** What an interrupted run calls this server (already redacted); default: its command line or URL. */
  readonly progressLabel?: string;
}

/** What probes get: the live connection and what has been captured so far. */
export interface LiveSession {
  readonly connection: Connection;
  readonly handshake: Handshake;
  readonly lists: Readonly<Record<ListName, ListCapture>>;
  /** HTTP targets: the connection the HTTP protocol probes send on (withheld by --no-protocol-probes). */
  readonly http?: HttpConnection;
  /**
   * Start the server once more on a connection of its own (HTTP: a connection for a second,
   * throw-away session), recording into its own frames, with nothing sent yet (version
   * negotiation needs a first contact of its own). The caller closes it. Absent when the transport cannot.
   */
  readonly openFresh?: () => Connection;
  /**
   * The server died or hangs: stop what is left of it, start it again, redo the handshake, and
   * carry on recording into the same capture (frames tagged with the process number). Absent when
   * the transport cannot; gives no session when the restart fails or the restart budget is spent.
   */
  readonly restart?: (phase: Phase, why: string) => Promise<RestartOutcome>;
}

export interface RestartOutcome {
  readonly session?: LiveSession;
  /** How the previous server process ended. */
  readonly exit?: ProcessExit;
  /** Why there is no new session. */
  readonly reason?: string;
}

/** Makes another connection to the same server (stdio: spawns it again). */
export type ConnectionFactory = (sink?: FrameSink) => Connection;

/** How many times probes may start a crashed or hung server again in one session. */
export const MAX_RESTARTS = 3;

export const DEFAULT_CAPTURE_OPTIONS: CaptureOptions = {
  timeoutMs: DEFAULT_TIMEOUT_MS,
  startupTimeoutMs: MIN_STARTUP_TIMEOUT_MS,
  maxPages: 100,
};

export async function captureStdio(target: StdioTarget & { readonly declaredIn?: DeclaredIn }, options: CaptureOptions): Promise<Capture> {
  const description: TargetDescription = {
    kind: 'stdio',
    command: target.command,
    args: [...target.args],
    ...(target.cwd ? { cwd: target.cwd } : {}),
    envNames: Object.keys(target.env ?? {}).sort(),
    ...(target.declaredIn ? { declaredIn: target.declaredIn } : {}),
  };
  const open = (sink?: FrameSink): StdioConnection =>
    new StdioConnection(target, {
      timeoutMs: options.timeoutMs,
      exitGraceMs: options.exitGraceMs,
      inheritEnv: options.inheritEnv,
      maxStdoutBytes: options.maxStdoutBytes,
      maxLineBytes: options.maxLineBytes,
      ...(sink ? { sink } : {}),
    });
  const connection = open();
  return runSession(connection, description, options, () => connection.spawnError, open);
}

export async function runSession(
  connection: Connection,
  target: TargetDescription,
  options: CaptureOptions,
  spawnError: () => Error | undefined = () => undefined,
  factory?: ConnectionFactory,
): Promise<Capture> {
  // One progress report per server, whichever of its processes is in use (restarts replace it).
  const inUse = { connection };
  const label = options.progressLabel ?? targetText(target);
  const untrackProgress = trackSessionProgress(label, connection, () => inUse.connection);
  try {
    return await recordSession(connection, target, options, spawnError, factory, inUse);
  } finally {
    untrackProgress();
  }
}

async function recordSession(
  connection: Connection,
  target: TargetDescription,
  options: CaptureOptions,
  spawnError: () => Error | undefined,
  factory: ConnectionFactory | undefined,
  inUse: { connection: Connection },
): Promise<Capture> {
  let early: Connection | undefined = factory && options.startFreshEarly && options.probes ? factory() : undefined;
  const handshake = await establish(connection, options, () => initialize(connection, options, spawnError));
  const lists = {} as Record<ListName, ListCapture>;
  let probes: Record<string, ProbeRecord> = {};
  // Probes may replace a crashed server: `current` is the connection in use, `earlier` the ones it replaced.
  let current = connection;
  const earlier: Connection[] = [];
  // The capture as it stands: `copy` for a view taken while the session still records (onListed, onShutdown).
  const record = (exit: ProcessExit | undefined, copy: boolean): Capture => {
    const output = connection.outputStats?.();
    return {
      captureVersion: CAPTURE_VERSION,
      producer: { name: 'mcplint', version: VERSION },
      target,
      transport: connection.transport,
      handshake,
      lists,
      frames: copy ? connection.frames.slice() : connection.frames,
      stderr: earlier.length === 0 ? current.stderr() : joinStderr([...earlier, current].map((c) => c.stderr())),
      ...(exit ? { exit } : {}),
      probes,
      timing: { handshakeMs: handshake.durationMs, totalMs: current.elapsed() },
      notes: copy ? connection.notes.slice() : connection.notes,
      ...(output ? { output } : {}),
    };
  };

  if (handshake.ok) {
    connection.phase = 'listing';
    for (const name of Object.keys(LIST_METHODS) as ListName[]) {
      lists[name] = await fetchList(connection, name, handshake.capabilities, options);
    }
    if (options.probes) {
      let restarts = 0;
      const live = (conn: Connection, hs: Handshake): LiveSession => ({
        connection: conn,
        handshake: hs,
        lists,
        ...(factory
          ? {
              openFresh: () => {
                const started = early ?? factory();
                early = undefined;
                return started;
              },
              restart: async (phase: Phase, why: string): Promise<RestartOutcome> => {
                const old = current;
                const exit = await old.close();
                if (restarts >= MAX_RESTARTS || !connection.sinkFor) {
                  connection.notes.push(
                    `Probes stopped during ${phase}: ${why}; mcplint had already started the server again ${restarts} times.`,
                  );
                  return { ...(exit ? { exit } : {}), reason: `${why}; the server had already been started again ${restarts} times` };
                }
                restarts++;
                const next = factory(connection.sinkFor(restarts + 1));
                next.phase = phase;
                earlier.push(old);
                current = next;
                inUse.connection = next;
                const again = await establish(next, options, () => initialize(next, options, () => undefined));
                next.phase = phase;
                if (!again.ok) {
                  connection.notes.push(
                    `During ${phase}: ${why}; mcplint started the server again (process ${restarts + 1}), but its handshake failed (${again.message}), so the remaining probes were skipped.`,
                  );
                  return { ...(exit ? { exit } : {}), reason: `${why}; starting the server again failed (${again.message})` };
                }
                connection.notes.push(
                  `During ${phase}: ${why}; mcplint started the server again (process ${restarts + 1}) and went on with the remaining probes.`,
                );
                return { session: live(next, again), ...(exit ? { exit } : {}) };
              },
            }
          : {}),
      });
      // Without the transcript: what it holds is still being recorded (and read by the probes).
      if (options.onListed) options.onListed({ ...record(undefined, false), frames: [], notes: [] });
      probes = await options.probes(live(connection, handshake));
    }
  } else {
    for (const name of Object.keys(LIST_METHODS) as ListName[]) lists[name] = { status: 'skipped', pages: [], items: [] };
  }

  if (options.onShutdown && connection.transport === 'stdio') options.onShutdown(record(undefined, true));
  // The early second process, when no probe took it, ends together with the first, without a grace period.
  const [exit] = await Promise.all([current.close(), early && (early.discard ?? early.close).call(early)]);
  // Not frozen here: the pipeline redacts it, then freezes it once (src/session/acquire.ts).
  return record(exit, false);
}

/** stderr of a server that probes started again: each process's part, in order, marked. */
function joinStderr(parts: readonly CappedText[]): CappedText {
  return {
    text: parts.map((p, i) => (i === 0 ? p.text : `\n[mcplint started the server again: process ${i + 1}]\n${p.text}`)).join(''),
    totalBytes: parts.reduce((n, p) => n + p.totalBytes, 0),
    truncated: parts.some((p) => p.truncated),
  };
}

async function initialize(connection: Connection, options: CaptureOptions, spawnError: () => Error | undefined): Promise<Handshake> {
  const requestedVersion = options.protocolVersion ?? REQUESTED_PROTOCOL_VERSION;
  const outcome = await Promise.race([
    connection.request(
      'initialize',
      { protocolVersion: requestedVersion, capabilities: {}, clientInfo: { name: 'mcplint', version: VERSION } },
      { timeoutMs: options.startupTimeoutMs },
    ),
    // A server that dies before answering must not cost the whole start-up timeout.
    connection.closed.then((): RpcOutcome => ({ kind: 'closed', ms: connection.elapsed() })),
  ]);
  const durationMs = connection.elapsed();
  const base = { requestedVersion, durationMs };

  switch (outcome.kind) {
    case 'closed': {
      const error = spawnError();
      if (connection.transport !== 'stdio') {
        return {
          ok: false,
          ...base,
          reason: 'connection-failed',
          message: `The server could not be reached at its URL${error ? `: ${error.message}` : ''}.`,
        };
      }
      if (error) return { ok: false, ...base, reason: 'spawn-failed', message: `The server could not be started: ${error.message}` };
      return { ok: false, ...base, reason: 'exited', message: 'The server exited before answering initialize.' };
    }
    case 'timeout':
      return {
        ok: false,
        ...base,
        reason: 'timeout',
        message: `The server did not answer initialize within ${options.startupTimeoutMs} ms.`,
      };
    case 'error':
      if (outcome.overCap !== undefined)
        return { ok: false, ...base, reason: 'too-large', message: `The server's answer was not read: ${outcome.overCap}.` };
      return {
        ok: false,
        ...base,
        reason: 'error-response',
        message: `The server answered initialize with an error: ${String(outcome.error.message ?? outcome.error.code)}`,
        error: outcome.error,
      };
    case 'result': {
      const result = outcome.result;
      if (!isObject(result) || typeof result.protocolVersion !== 'string' || !isObject(result.capabilities)) {
        return {
          ok: false,
          ...base,
          reason: 'invalid-result',
          message: 'The initialize result lacks a protocolVersion string or a capabilities object.',
          raw: result,
        };
      }
      connection.phase = 'handshake';
      connection.notify('notifications/initialized');
      return {
        ok: true,
        ...base,
        protocolVersion: result.protocolVersion,
        serverInfo: isObject(result.serverInfo) ? result.serverInfo : {},
        capabilities: result.capabilities,
        ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
        raw: result,
      };
    }
  }
}

async function fetchList(
  connection: Connection,
  name: ListName,
  capabilities: Readonly<Record<string, unknown>>,
  options: CaptureOptions,
): Promise<ListCapture> {
  const { method, key, capability } = LIST_METHODS[name];
  if (!isObject(capabilities[capability])) return { status: 'not-advertised', pages: [], items: [] };

  const pages: ListPage[] = [];
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    if (pages.length >= options.maxPages) return { status: 'partial', pages, items, pageCapHit: true };
    const outcome = await connection.request(method, cursor === null ? {} : { cursor });
    if (outcome.kind !== 'result') {
      const error =
        outcome.kind === 'error'
          ? {
              kind: 'error-response' as const,
              message: String(outcome.error.message ?? ''),
              code: outcome.error.code,
              data: outcome.error.data,
            }
          : {
              kind: outcome.kind,
              message:
                outcome.kind === 'timeout' ? `No answer to ${method} within the timeout.` : `The connection closed during ${method}.`,
            };
      return { status: pages.length === 0 ? 'error' : 'partial', pages, items, error };
    }
    const result = outcome.result;
    const list = isObject(result) ? result[key] : undefined;
    if (!Array.isArray(list)) {
      const error = { kind: 'invalid-result' as const, message: `The ${method} result has no "${key}" array.` };
      pages.push({ cursor, itemCount: 0, frame: outcome.frame, rest: isObject(result) ? result : {} });
      return { status: pages.length === 1 ? 'error' : 'partial', pages, items, error };
    }
    const { [key]: _list, ...rest } = result as Record<string, unknown>;
    const nextCursor = rest.nextCursor;
    pages.push({ cursor, itemCount: list.length, frame: outcome.frame, rest, ...(nextCursor !== undefined ? { nextCursor } : {}) });
    items.push(...list);
    if (typeof nextCursor !== 'string' || nextCursor === '') return { status: 'ok', pages, items };
    if (seen.has(nextCursor)) return { status: 'partial', pages, items, loopCursor: nextCursor };
    seen.add(nextCursor);
    cursor = nextCursor;
  }
}

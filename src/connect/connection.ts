/**
 * Transport-neutral JSON-RPC session: records every frame, matches responses to requests by the
 * exact id (type included), answers the server's own requests, and never throws at callers —
 * every request resolves to an outcome, with a timeout.
 */
import type { CappedText, Frame, FrameHttp, MessageFrame, NoiseFrame, OutputStats, Phase, ProcessExit } from '../model/capture.js';
import { isObject } from '../shared/json.js';

export type RequestId = string | number;

export type RpcOutcome =
  | { readonly kind: 'result'; readonly result: unknown; readonly frame: number; readonly ms: number }
  | {
      readonly kind: 'error';
      readonly error: { code?: unknown; message?: unknown; data?: unknown };
      readonly frame: number;
      readonly ms: number;
      /** The answer outgrew a cap and was not read: what exceeded which ("the initialize result exceeded the 16 MiB line cap"). */
      readonly overCap?: string;
    }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'closed'; readonly ms: number };

export interface RequestOptions {
  readonly timeoutMs?: number;
  /** Use this id instead of the next number (probes send string ids). */
  readonly id?: RequestId;
}

/**
 * Where a connection records: a restarted server's connection writes into the first connection's
 * frames and notes (its frames tagged with its number), with times relative to the first start.
 */
export interface FrameSink {
  readonly frames: Frame[];
  readonly notes: string[];
  readonly startedAt: number;
  /** 2 for the first restart, 3 for the next… */
  readonly connection: number;
}

/** Which probe step a connection is on, for the progress line (never recorded in the capture). */
export interface StepProgress {
  readonly index: number;
  readonly total: number;
  /** The tool called, as the server named it (the progress line makes it inert). */
  readonly tool?: string;
}

export interface Connection {
  readonly transport: 'stdio' | 'http' | 'sse';
  phase: Phase;
  /** Set by the probe runner while a probe step is under way. */
  step?: StepProgress | undefined;
  readonly frames: readonly Frame[];
  readonly notes: string[];
  /** Resolves when the peer is gone (process exited / connection closed). */
  readonly closed: Promise<void>;
  readonly isClosed: boolean;
  request(method: string, params?: unknown, options?: RequestOptions): Promise<RpcOutcome>;
  notify(method: string, params?: unknown): void;
  /** 2026-07-28: `_meta` merged into every request's params (set by the era detection). */
  modernMeta?: Readonly<Record<string, unknown>> | undefined;
  /** Send an arbitrary JSON value as one message (for protocol probes). */
  sendRaw(message: unknown): void;
  close(): Promise<ProcessExit | undefined>;
  /**
   * End a throw-away connection (a version-negotiation twin, an unused early start) at once: its
   * shutdown is not judged, so it gets no grace period. Connections without processes just close.
   */
  discard?(): Promise<ProcessExit | undefined>;
  stderr(): CappedText;
  elapsed(): number;
  /** The method of a request still unanswered, if any. */
  waitingFor?(): string | undefined;
  /** Output volume and what was cut (call after close()). */
  outputStats?(): OutputStats;
  /** A sink for a replacement connection that records into this one's frames (restart after a crash). */
  sinkFor?(connection: number): FrameSink;
}

/** Biggest message kept verbatim in a frame; larger ones keep their envelope only. */
export const FRAME_MESSAGE_CAP = 256 * 1024;
/** Longest noise text kept per frame. */
export const NOISE_TEXT_CAP = 2000;
/** Frames kept before only counting. */
export const MAX_FRAMES = 20_000;
/** Total bytes of messages and noise text kept in frames; past it, frames keep their envelope only. */
export const RECORDED_BYTES_CAP = 32 * 1024 * 1024;
/** Requests and responses still kept past the frame cap (notifications and noise are not). */
const ESSENTIAL_FRAMES_PAST_CAP = 1000;
/** Noise text kept per frame once the total cap is reached. */
const NOISE_TEXT_CAP_PAST_TOTAL = 200;

interface Pending {
  id: RequestId;
  resolve: (outcome: RpcOutcome) => void;
  timer: NodeJS.Timeout;
  sentAt: number;
  method: string;
}

export abstract class RecordingSession {
  phase: Phase = 'before-initialize';
  step?: StepProgress | undefined;
  readonly frames: Frame[];
  readonly notes: string[];
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private droppedFrames = 0;
  private truncatedFrames = 0;
  private recordedBytes = 0;
  private recordedCapHit = false;
  private readonly notificationCounts = new Map<string, number>();
  protected readonly startedAt: number;
  protected closedFlag = false;
  /** Set on a replacement connection (restart after a crash): tags its frames. */
  private readonly connectionNumber: number | undefined;

  constructor(
    protected readonly defaultTimeoutMs: number,
    sink?: FrameSink,
  ) {
    this.frames = sink?.frames ?? [];
    this.notes = sink?.notes ?? [];
    this.startedAt = sink?.startedAt ?? performance.now();
    this.connectionNumber = sink?.connection;
  }

  sinkFor(connection: number): FrameSink {
    return { frames: this.frames, notes: this.notes, startedAt: this.startedAt, connection };
  }

  elapsed(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  get isClosed(): boolean {
    return this.closedFlag;
  }

  /** Write one serialised message to the peer. */
  protected abstract write(line: string, message: unknown): void;

  /**
   * 2026-07-28 servers: the `_meta` every request carries (protocol version, client capabilities,
   * client info). Set by the era detection; merged into the params of every request.
   */
  modernMeta: Readonly<Record<string, unknown>> | undefined;

  request(method: string, params?: unknown, options: RequestOptions = {}): Promise<RpcOutcome> {
    const id = options.id ?? this.nextId++;
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
    if (this.modernMeta) params = withMeta(params, this.modernMeta);
    if (params !== undefined) message.params = params;
    const sentAt = performance.now();
    const key = pendingKey(id);
    return new Promise<RpcOutcome>((resolve) => {
      if (this.closedFlag) {
        resolve({ kind: 'closed', ms: 0 });
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(key);
        resolve({ kind: 'timeout', ms: Math.round(performance.now() - sentAt) });
      }, options.timeoutMs ?? this.defaultTimeoutMs);
      this.pending.set(key, { id, resolve, timer, sentAt, method });
      this.send(message);
    });
  }

  notify(method: string, params?: unknown): void {
    const message: Record<string, unknown> = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    this.send(message);
  }

  sendRaw(message: unknown): void {
    this.send(message);
  }

  private send(message: unknown): void {
    if (this.closedFlag) return;
    const line = JSON.stringify(message);
    this.record({ kind: 'message', dir: 'send', message, bytes: Buffer.byteLength(line) }, true);
    this.write(line, message);
  }

  /**
   * Record a message the transport sends by other means than `write` (HTTP probes with their own
   * headers), so every answer in the capture has its request. Returns the frame index.
   */
  protected recordSent(message: unknown): number {
    const line = JSON.stringify(message);
    return this.record({ kind: 'message', dir: 'send', message, bytes: Buffer.byteLength(line) }, true);
  }

  /** Called by transports for every complete message received. Returns the frame index. */
  protected receive(message: unknown, bytes: number, offset?: number, truncated = false, http?: FrameHttp): number {
    const notification = isObject(message) && typeof message.method === 'string' && !('id' in message);
    if (notification)
      this.notificationCounts.set(message.method as string, (this.notificationCounts.get(message.method as string) ?? 0) + 1);
    // Responses and server requests stay recorded past the frame cap (there are few); notifications do not.
    const essential = !notification;
    if (this.willKeep(essential)) {
      if (!truncated && this.recordedBytes + bytes > RECORDED_BYTES_CAP) {
        truncated = true;
        this.totalCapReached();
      }
      if (truncated) this.truncatedFrames++;
      else this.recordedBytes += bytes;
    }
    const frame = this.record(
      {
        kind: 'message',
        dir: 'recv',
        bytes,
        ...(offset !== undefined ? { offset } : {}),
        ...(truncated ? { truncated: true, message: envelopeOf(message) } : { message }),
        ...(http ? { http } : {}),
      },
      essential,
    );
    if (!isObject(message)) return frame;
    const isResponse = 'id' in message && !('method' in message) && ('result' in message || 'error' in message);
    if (isResponse) {
      const key = pendingKey(message.id as RequestId);
      const pending = this.pending.get(key);
      if (pending) {
        this.pending.delete(key);
        clearTimeout(pending.timer);
        const ms = Math.round(performance.now() - pending.sentAt);
        if ('error' in message) {
          const err = isObject(message.error) ? message.error : { message: message.error };
          pending.resolve({ kind: 'error', error: err, frame, ms });
        } else {
          pending.resolve({ kind: 'result', result: message.result, frame, ms });
        }
      }
      return frame;
    }
    if (typeof message.method === 'string' && 'id' in message) this.answerServerRequest(message);
    return frame;
  }

  protected receiveNoise(
    noise: NoiseFrame['noise'],
    text: string,
    bytes: number,
    offset: number,
    truncated = false,
    answerTo?: string,
  ): void {
    const answer = answerTo !== undefined ? { answerTo } : {};
    if (!this.willKeep(false)) {
      this.record({ kind: 'noise', dir: 'recv', noise, offset, bytes, text: '', ...answer });
      return;
    }
    let cap = NOISE_TEXT_CAP;
    if (this.recordedBytes + Math.min(text.length, NOISE_TEXT_CAP) > RECORDED_BYTES_CAP) {
      cap = NOISE_TEXT_CAP_PAST_TOTAL;
      this.totalCapReached();
    }
    const cut = text.length > cap;
    this.recordedBytes += Math.min(text.length, cap);
    this.record({
      kind: 'noise',
      dir: 'recv',
      noise,
      offset,
      bytes,
      text: cut ? text.slice(0, cap) : text,
      ...(truncated || cut ? { truncated: true } : {}),
      ...answer,
    });
  }

  /** mcplint declares no client capabilities: only ping is answered with a result. */
  private answerServerRequest(message: Record<string, unknown>): void {
    if (message.method === 'ping') {
      this.send({ jsonrpc: '2.0', id: message.id, result: {} });
    } else {
      this.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32601, message: `Method not found: mcplint declared no client capability for ${String(message.method)}` },
      });
    }
  }

  private willKeep(essential: boolean): boolean {
    return this.frames.length < MAX_FRAMES || (essential && this.frames.length < MAX_FRAMES + ESSENTIAL_FRAMES_PAST_CAP);
  }

  private record(frame: Omit<MessageFrame, 'seq' | 'at' | 'phase'> | Omit<NoiseFrame, 'seq' | 'at' | 'phase'>, essential = false): number {
    if (!this.willKeep(essential)) {
      if (this.droppedFrames++ === 0)
        this.notes.push(`Frame cap of ${MAX_FRAMES} reached; later notifications and stdout lines were counted, not kept.`);
      return -1;
    }
    const full = {
      ...frame,
      seq: this.frames.length,
      at: this.elapsed(),
      phase: this.phase,
      ...(this.connectionNumber !== undefined ? { connection: this.connectionNumber } : {}),
    } as Frame;
    this.frames.push(full);
    return this.frames.length - 1;
  }

  /**
   * Resolve one waiting request with an outcome the transport determined itself (an HTTP error
   * status without a JSON-RPC answer, a network failure). Returns false when nothing was waiting.
   */
  protected settle(id: RequestId, outcome: RpcOutcome): boolean {
    const key = pendingKey(id);
    const pending = this.pending.get(key);
    if (!pending) return false;
    this.pending.delete(key);
    clearTimeout(pending.timer);
    pending.resolve(outcome);
    return true;
  }

  /** The requests still waiting for their answers, oldest first. */
  protected waitingRequests(): { id: RequestId; method: string }[] {
    return [...this.pending.values()].map(({ id, method }) => ({ id, method }));
  }

  /** How long a waiting request has waited, in ms (0 when it is not waiting). */
  protected waitedMs(id: RequestId): number {
    const pending = this.pending.get(pendingKey(id));
    return pending ? Math.round(performance.now() - pending.sentAt) : 0;
  }

  /** Whether a request with this id is still waiting for its answer. */
  protected isPending(id: RequestId): boolean {
    return this.pending.has(pendingKey(id));
  }

  /** Fail every pending request: the peer is gone. */
  protected failPending(): void {
    for (const [key, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.resolve({ kind: 'closed', ms: Math.round(performance.now() - pending.sentAt) });
      this.pending.delete(key);
    }
  }

  private totalCapReached(): void {
    if (this.recordedCapHit) return;
    this.recordedCapHit = true;
    this.notes.push(
      `Recorded frames reached the total cap of ${mib(RECORDED_BYTES_CAP)}; later messages keep only their envelope and later stdout lines ${NOISE_TEXT_CAP_PAST_TOTAL} characters.`,
    );
  }

  protected finishNotes(): void {
    if (this.droppedFrames > 0) this.notes.push(`${this.droppedFrames} frames were not kept (frame cap).`);
    if (this.truncatedFrames > 0) {
      this.notes.push(
        `${this.truncatedFrames} received message${this.truncatedFrames === 1 ? ' was' : 's were'} kept as envelope only (larger than the per-frame cap of ${mib(FRAME_MESSAGE_CAP)}, or past the total cap); list entries are kept in full.`,
      );
    }
  }

  /** What was received and cut; transports add their own figures. */
  outputStats(): OutputStats {
    return {
      notifications: Object.fromEntries([...this.notificationCounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      framesDropped: this.droppedFrames,
      framesTruncated: this.truncatedFrames,
      caps: { frameBytes: FRAME_MESSAGE_CAP, recordedBytes: RECORDED_BYTES_CAP, frames: MAX_FRAMES },
    };
  }

  /** The method of the oldest request still waiting for an answer (for progress reports). */
  /** The method of a request still unanswered, if any (what an interrupted run reports). */
  waitingFor(): string | undefined {
    for (const pending of this.pending.values()) return pending.method;
    return undefined;
  }
}

/** Bytes as a short figure: "256 KiB", "32 MiB". */
export function mib(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Ids match by type and value: 1 and "1" are different requests. */
function pendingKey(id: RequestId): string {
  return `${typeof id}:${String(id)}`;
}

function envelopeOf(message: unknown): unknown {
  if (!isObject(message)) return message;
  const { result, params, error, ...rest } = message;
  const out: Record<string, unknown> = { ...rest };
  if (result !== undefined) out.result = '[omitted: larger than the frame cap]';
  if (params !== undefined) out.params = '[omitted: larger than the frame cap]';
  if (error !== undefined) out.error = error;
  return out;
}

/** Params with the per-request `_meta` of 2026-07-28 merged in (the caller's own `_meta` keys win). */
function withMeta(params: unknown, meta: Readonly<Record<string, unknown>>): unknown {
  if (params !== undefined && !isObject(params)) return params;
  const base = params ?? {};
  const own = isObject(base._meta) ? base._meta : {};
  return { ...base, _meta: { ...meta, ...own } };
}

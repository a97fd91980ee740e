/**
 * Transport-neutral JSON-RPC session: records every frame, matches responses to requests by the
 * exact id (type included), answers the server's own requests, and never throws at callers —
 * every request resolves to an outcome, with a timeout.
 */
import type { CappedText, Frame, MessageFrame, NoiseFrame, Phase, ProcessExit } from '../capture.js';
import { isObject } from '../engine/capture-index.js';

export type RequestId = string | number;

export type RpcOutcome =
  | { readonly kind: 'result'; readonly result: unknown; readonly frame: number; readonly ms: number }
  | { readonly kind: 'error'; readonly error: { code?: unknown; message?: unknown; data?: unknown }; readonly frame: number; readonly ms: number }
  | { readonly kind: 'timeout'; readonly ms: number }
  | { readonly kind: 'closed'; readonly ms: number };

export interface RequestOptions {
  readonly timeoutMs?: number;
  /** Use this id instead of the next number (probes send string ids). */
  readonly id?: RequestId;
}

export interface Connection {
  readonly transport: 'stdio' | 'http' | 'sse';
  phase: Phase;
  readonly frames: readonly Frame[];
  readonly notes: string[];
  /** Resolves when the peer is gone (process exited / connection closed). */
  readonly closed: Promise<void>;
  readonly isClosed: boolean;
  request(method: string, params?: unknown, options?: RequestOptions): Promise<RpcOutcome>;
  notify(method: string, params?: unknown): void;
  /** Send an arbitrary JSON value as one message (for protocol probes). */
  sendRaw(message: unknown): void;
  close(): Promise<ProcessExit | undefined>;
  stderr(): CappedText;
  elapsed(): number;
}

/** Biggest message kept verbatim in a frame; larger ones keep their envelope only. */
export const FRAME_MESSAGE_CAP = 256 * 1024;
/** Longest noise text kept per frame. */
export const NOISE_TEXT_CAP = 2000;
/** Frames kept before only counting. */
export const MAX_FRAMES = 20_000;

interface Pending {
  resolve: (outcome: RpcOutcome) => void;
  timer: NodeJS.Timeout;
  sentAt: number;
}

export abstract class RecordingSession {
  phase: Phase = 'before-initialize';
  readonly frames: Frame[] = [];
  readonly notes: string[] = [];
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private droppedFrames = 0;
  protected readonly startedAt = performance.now();
  protected closedFlag = false;

  constructor(protected readonly defaultTimeoutMs: number) {}

  elapsed(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  get isClosed(): boolean {
    return this.closedFlag;
  }

  /** Write one serialised message to the peer. */
  protected abstract write(line: string): void;

  request(method: string, params?: unknown, options: RequestOptions = {}): Promise<RpcOutcome> {
    const id = options.id ?? this.nextId++;
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method };
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
      this.pending.set(key, { resolve, timer, sentAt });
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
    this.record({ kind: 'message', dir: 'send', message, bytes: Buffer.byteLength(line) });
    this.write(line);
  }

  /** Called by transports for every complete message received. Returns the frame index. */
  protected receive(message: unknown, bytes: number, offset?: number, truncated = false): number {
    const frame = this.record({
      kind: 'message',
      dir: 'recv',
      bytes,
      ...(offset !== undefined ? { offset } : {}),
      ...(truncated ? { truncated: true, message: envelopeOf(message) } : { message }),
    });
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

  protected receiveNoise(noise: NoiseFrame['noise'], text: string, bytes: number, offset: number, truncated = false): void {
    const cut = text.length > NOISE_TEXT_CAP;
    this.record({
      kind: 'noise',
      dir: 'recv',
      noise,
      offset,
      bytes,
      text: cut ? text.slice(0, NOISE_TEXT_CAP) : text,
      ...(truncated || cut ? { truncated: true } : {}),
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

  private record(frame: Omit<MessageFrame, 'seq' | 'at' | 'phase'> | Omit<NoiseFrame, 'seq' | 'at' | 'phase'>): number {
    if (this.frames.length >= MAX_FRAMES) {
      if (this.droppedFrames++ === 0) this.notes.push(`Frame cap of ${MAX_FRAMES} reached; later frames were counted, not kept.`);
      return -1;
    }
    const full = { ...frame, seq: this.frames.length, at: this.elapsed(), phase: this.phase } as Frame;
    this.frames.push(full);
    return this.frames.length - 1;
  }

  /** Fail every pending request: the peer is gone. */
  protected failPending(): void {
    for (const [key, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.resolve({ kind: 'closed', ms: Math.round(performance.now() - pending.sentAt) });
      this.pending.delete(key);
    }
  }

  protected finishNotes(): void {
    if (this.droppedFrames > 0) this.notes.push(`${this.droppedFrames} frames were not kept (frame cap).`);
  }
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

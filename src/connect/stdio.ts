/**
 * stdio connection: spawns the server in its own process group, reads stdout as raw bytes and
 * classifies every line itself (the SDK's transport drops or glues non-JSON lines), keeps a capped
 * head+tail of stderr, and always reaps the whole process tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import type { CappedText, OutputStats, Phase, ProcessExit } from '../model/capture.js';
import { isObject } from '../shared/json.js';
import { FRAME_MESSAGE_CAP, mib, RecordingSession, type Connection, type FrameSink } from './connection.js';
import { cutAnswerOf, type CutAnswer } from './cut-answer.js';
import { LineSplitter } from './line-splitter.js';
import { killTree, reapEscaped, rememberDescendants, survivors, trackChild, untrackChild } from './reaper.js';
import { newSessionMarker, RUN_MARKER_VAR } from './run-marker.js';

export interface StdioTarget {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  /** Extra environment for the server, on top of the minimal inherited set. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface StdioOptions {
  readonly timeoutMs: number;
  /** Longest line kept for parsing; longer lines are cut and recorded as noise. Default 16 MiB. */
  readonly maxLineBytes?: number;
  /** After this many stdout bytes the server is stopped as a flood. Default 64 MiB. */
  readonly maxStdoutBytes?: number;
  /** How long to wait after closing stdin, then after SIGTERM, before escalating. Default 1000 ms. */
  readonly exitGraceMs?: number;
  /** Inherit the whole environment instead of the minimal set (not the default). */
  readonly inheritEnv?: boolean;
  /** Record into another connection's frames (a restart after a probe crashed the server). */
  readonly sink?: FrameSink;
}

/** Variables a stdio client passes on by default, like the SDK's getDefaultEnvironment(). */
export const INHERITED_ENV_VARS =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** Output caps: memory stays bounded whatever the server writes. */
export const DEFAULT_STDIO_LIMITS = {
  maxLineBytes: 16 * 1024 * 1024,
  maxStdoutBytes: 64 * 1024 * 1024,
  exitGraceMs: 1000,
} as const;
/** After the process is gone, how long to wait for its pipes to close (a grandchild may hold them). */
const PIPE_CLOSE_GRACE_MS = 500;

const STDERR_HEAD = 32 * 1024;
const STDERR_TAIL = 32 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

export function serverEnvironment(extra: Readonly<Record<string, string>> | undefined, inheritAll = false): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  if (inheritAll) Object.assign(env, process.env);
  else
    for (const name of INHERITED_ENV_VARS)
      if (process.env[name] !== undefined && !process.env[name]!.startsWith('()')) env[name] = process.env[name];
  return { ...env, ...extra };
}

export class StdioConnection extends RecordingSession implements Connection {
  readonly transport = 'stdio' as const;
  readonly closed: Promise<void>;
  private readonly child: ChildProcess;
  private readonly splitter: LineSplitter;
  private readonly maxStdoutBytes: number;
  private readonly maxLineBytes: number;
  private readonly exitGraceMs: number;
  private linesCut = 0;
  private longestLine = 0;
  private stopped: OutputStats['stopped'];
  private stderrHead = Buffer.alloc(0);
  private stderrTail: Buffer[] = [];
  private stderrTailBytes = 0;
  private stderrTotal = 0;
  private exitInfo: { code: number | null; signal: string | null; at: number } | undefined;
  private shutdownStartedAt: number | undefined;
  private shutdownStage: ProcessExit['how'] | undefined;
  spawnError: Error | undefined;

  constructor(target: StdioTarget, options: StdioOptions) {
    super(options.timeoutMs, options.sink);
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_STDIO_LIMITS.maxLineBytes;
    this.splitter = new LineSplitter(this.maxLineBytes);
    this.maxStdoutBytes = options.maxStdoutBytes ?? DEFAULT_STDIO_LIMITS.maxStdoutBytes;
    this.exitGraceMs = options.exitGraceMs ?? DEFAULT_STDIO_LIMITS.exitGraceMs;

    // Inherited by every process the server starts, so none of them can get away (run-marker.ts).
    const marker = newSessionMarker();
    this.child = spawn(target.command, [...target.args], {
      cwd: target.cwd,
      env: { ...serverEnvironment(target.env, options.inheritEnv), [RUN_MARKER_VAR]: marker },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Own process group, so the whole tree can be signalled at once.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    trackChild(this.child, marker);

    this.closed = new Promise<void>((resolve) => {
      this.child.once('error', (error) => {
        this.spawnError = missingDirectory(target.cwd, error) ?? error;
        this.markClosed(null, null);
        resolve();
      });
      this.child.once('exit', (code, signal) => {
        this.markClosed(code, signal);
      });
      // 'close' fires after stdio streams are drained, so every byte is recorded first.
      this.child.once('close', () => resolve());
    });

    this.child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk));
    this.child.stdout!.on('end', () => {
      const rest = this.splitter.end();
      if (rest) this.classify(rest.bytes, rest.length, rest.offset, rest.truncated, true);
    });
    this.child.stderr!.on('data', (chunk: Buffer) => this.onStderr(chunk));
    // A server that closes stdin early must not crash mcplint with EPIPE.
    this.child.stdin!.on('error', () => {});
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  protected write(line: string): void {
    if (this.exitInfo || !this.child.stdin!.writable) return;
    this.child.stdin!.write(line + '\n');
  }

  private stdoutAfterStop = 0;

  private onStdout(chunk: Buffer): void {
    // Once stopped for flooding, only count: parsing more would cost memory and time for nothing.
    if (this.stopped) {
      this.stdoutAfterStop += chunk.length;
      return;
    }
    for (const line of this.splitter.push(chunk)) {
      if (line.length > this.longestLine) this.longestLine = line.length;
      if (line.truncated) this.linesCut++;
      if (!line.truncated) {
        this.classify(line.bytes, line.length, line.offset, false, false);
        continue;
      }
      const cut = cutAnswerOf(utf8Lenient.decode(line.bytes.subarray(0, 16 * 1024)), this.waitingRequests());
      this.classify(line.bytes, line.length, line.offset, true, false, cut?.request.method);
      if (cut) this.settleCutAnswer(cut, line.length);
    }
    if (this.splitter.totalBytes > this.maxStdoutBytes) {
      const waitingFor = this.waitingFor();
      this.stopped = { reason: 'stdout-cap', phase: this.phase, at: this.elapsed(), ...(waitingFor ? { waitingFor } : {}) };
      const when = waitingFor ? `while mcplint waited for the ${waitingFor} response` : phaseWords(this.phase);
      this.notes.push(
        `The server wrote more than the stdout cap of ${mib(this.maxStdoutBytes)} ${when}; mcplint stopped it (SIGTERM, then SIGKILL).`,
      );
      void this.close();
    }
  }

  /** A line cut at the cap that was probably a waiting request's answer fails that request now. */
  private settleCutAnswer({ request, noun }: CutAnswer, length: number): void {
    const overCap = `the ${request.method} ${noun} exceeded the ${mib(this.maxLineBytes)} line cap (a line of ${length} bytes)`;
    this.notes.push(`${overCap.charAt(0).toUpperCase()}${overCap.slice(1)}; mcplint could not read it.`);
    this.settle(request.id, {
      kind: 'error',
      error: { message: overCap, data: { lineBytes: length } },
      frame: -1,
      ms: this.waitedMs(request.id),
      overCap,
    });
  }

  private classify(bytes: Buffer, length: number, offset: number, truncated: boolean, atEnd: boolean, answerTo?: string): void {
    let text: string;
    let validUtf8 = true;
    try {
      // A line cut at the cap may end inside a character: only a bad sequence before the cut is invalid.
      text = truncated ? new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }) : utf8.decode(bytes);
    } catch {
      validUtf8 = false;
      text = utf8Lenient.decode(bytes);
    }
    if (atEnd) return this.receiveNoise('unterminated', text, length, offset, truncated);
    if (!validUtf8) return this.receiveNoise('invalid-utf8', text, length, offset, truncated);
    if (truncated) return this.receiveNoise('not-json', text, length, offset, true, answerTo);
    if (text.trim() === '') return this.receiveNoise('blank', text, length, offset);

    const parsed = parseJson(text);
    if (parsed.ok) return this.classifyValue(parsed.value, text, length, offset);

    // Output without a newline glued onto the next message: split it so the message still counts.
    const start = text.indexOf('{"jsonrpc"');
    if (start > 0) {
      const tail = parseJson(text.slice(start));
      if (tail.ok && isJsonRpc(tail.value)) {
        const prefixBytes = Buffer.byteLength(text.slice(0, start));
        this.receiveNoise('unterminated', text.slice(0, start), prefixBytes, offset);
        this.receive(tail.value, length - prefixBytes, offset + prefixBytes, length - prefixBytes > FRAME_MESSAGE_CAP);
        return;
      }
    }
    this.receiveNoise('not-json', text, length, offset);
  }

  private classifyValue(value: unknown, text: string, length: number, offset: number): void {
    if (Array.isArray(value)) {
      this.receiveNoise('batch', text, length, offset);
      for (const item of value) if (isJsonRpc(item)) this.receive(item, 0, offset, false);
      return;
    }
    if (!isJsonRpc(value)) return this.receiveNoise('not-jsonrpc', text, length, offset);
    this.receive(value, length, offset, length > FRAME_MESSAGE_CAP);
  }

  private onStderr(chunk: Buffer): void {
    this.stderrTotal += chunk.length;
    if (this.stderrHead.length < STDERR_HEAD) {
      const take = chunk.subarray(0, STDERR_HEAD - this.stderrHead.length);
      this.stderrHead = Buffer.concat([this.stderrHead, take]);
      chunk = chunk.subarray(take.length);
    }
    if (chunk.length === 0) return;
    this.stderrTail.push(Buffer.from(chunk));
    this.stderrTailBytes += chunk.length;
    while (this.stderrTailBytes - this.stderrTail[0]!.length >= STDERR_TAIL) {
      this.stderrTailBytes -= this.stderrTail.shift()!.length;
    }
  }

  stderr(): CappedText {
    const tail = Buffer.concat(this.stderrTail);
    const cutTail = tail.length > STDERR_TAIL ? tail.subarray(tail.length - STDERR_TAIL) : tail;
    const truncated = this.stderrTotal > this.stderrHead.length + cutTail.length;
    const text =
      utf8Lenient.decode(this.stderrHead) +
      (truncated ? `\n[… ${this.stderrTotal - this.stderrHead.length - cutTail.length} bytes of stderr not kept …]\n` : '') +
      utf8Lenient.decode(cutTail);
    return { text, totalBytes: this.stderrTotal, truncated };
  }

  private markClosed(code: number | null, signal: string | null): void {
    if (!this.exitInfo) this.exitInfo = { code, signal, at: this.elapsed() };
    this.closedFlag = true;
    this.failPending();
  }

  /**
   * Shut down the way the spec describes for stdio (close stdin, then SIGTERM, then SIGKILL),
   * but never wait long: record how the server ended instead.
   */
  private closing: Promise<ProcessExit | undefined> | undefined;

  /** Idempotent: a second call (e.g. after a flood stop) waits for the first. */
  close(): Promise<ProcessExit | undefined> {
    return (this.closing ??= this.shutdown());
  }

  /** No stdin close and no grace: SIGKILL, then the same reaping and recording as close(). */
  discard(): Promise<ProcessExit | undefined> {
    this.discarding = true;
    return this.close();
  }

  private discarding = false;

  private async shutdown(): Promise<ProcessExit | undefined> {
    if (this.spawnError) {
      untrackChild(this.child);
      return undefined;
    }
    if (this.shutdownStartedAt === undefined) {
      this.shutdownStartedAt = performance.now();
      const wasRunning = !this.exitInfo;
      if (wasRunning) this.remember();
      if (wasRunning && this.discarding) {
        this.phase = 'shutdown';
        this.shutdownStage = 'sigkill';
        this.child.stdin!.end();
        this.signalGroup('SIGKILL');
      } else if (wasRunning && this.stopped) {
        // A flooding server is stopped, not asked: SIGTERM at once, SIGKILL after the grace.
        this.phase = 'shutdown';
        this.shutdownStage = 'sigterm';
        this.child.stdin!.end();
        this.signalGroup('SIGTERM');
        if (!(await this.waitForExit(this.exitGraceMs))) {
          this.shutdownStage = 'sigkill';
          this.remember();
          this.signalGroup('SIGKILL');
        }
      } else if (wasRunning) {
        this.phase = 'shutdown';
        this.shutdownStage = 'stdin-closed';
        this.child.stdin!.end();
        if (!(await this.waitForExit(this.exitGraceMs))) {
          this.remember();
          this.shutdownStage = 'sigterm';
          this.signalGroup('SIGTERM');
          if (!(await this.waitForExit(this.exitGraceMs))) {
            this.shutdownStage = 'sigkill';
            this.remember();
            this.signalGroup('SIGKILL');
          }
        }
      } else {
        this.shutdownStage = 'exited-early';
      }
    }
    await this.waitForExit(this.exitGraceMs);
    // Processes it started that outlived a server which exited by itself (no signal of ours reached them).
    const leftBehind =
      (this.shutdownStage === 'stdin-closed' || this.shutdownStage === 'exited-early') && this.child.pid !== undefined
        ? survivors(this.child.pid).map(shortCommand)
        : [];
    // Grandchildren die with it: the process group, and every descendant seen (even one that left the group).
    killTree(this.child);
    // Then whatever still runs anyway (a double-forked daemon, a new session): found by the marker, killed, reported.
    const escaped = this.child.pid !== undefined ? reapEscaped(this.child.pid).map(shortCommand) : [];
    // A grandchild outside the group may still hold stdout/stderr open: do not wait for it forever.
    const drained = await Promise.race([this.closed.then(() => true), delay(PIPE_CLOSE_GRACE_MS).then(() => false)]);
    if (!drained) {
      this.child.stdout!.destroy();
      this.child.stderr!.destroy();
      this.notes.push(
        `The server's stdout/stderr stayed open after it exited (a process it started still held them); mcplint closed them after ${PIPE_CLOSE_GRACE_MS} ms.`,
      );
      if (!this.exitInfo) this.markClosed(null, 'SIGKILL');
    }
    untrackChild(this.child);
    this.finishNotes();
    if (this.stderrTotal > this.stderrHead.length + Math.min(this.stderrTailBytes, STDERR_TAIL)) {
      this.notes.push(`stderr: kept the first ${mib(STDERR_HEAD)} and the last ${mib(STDERR_TAIL)} of ${this.stderrTotal} bytes.`);
    }
    if (this.linesCut > 0) {
      this.notes.push(
        `${this.linesCut} stdout line${this.linesCut === 1 ? ' was' : 's were'} longer than the line cap of ${mib(this.maxLineBytes)} and cut (longest: ${this.longestLine} bytes).`,
      );
    }
    const exit = this.exitInfo!;
    return {
      how: this.shutdownStage ?? 'unknown',
      code: exit.code,
      signal: exit.signal,
      at: exit.at,
      ...(this.shutdownStage !== 'exited-early'
        ? { shutdownMs: Math.max(0, Math.round(this.startedAt + exit.at - this.shutdownStartedAt!)) }
        : {}),
      graceMs: this.exitGraceMs,
      ...(leftBehind.length > 0 ? { leftBehind } : {}),
      ...(escaped.length > 0 ? { survivors: escaped } : {}),
    };
  }

  override outputStats(): OutputStats {
    const base = super.outputStats();
    return {
      ...base,
      stdoutBytes: this.splitter.totalBytes + this.stdoutAfterStop,
      linesCut: this.linesCut,
      longestLine: this.longestLine,
      ...(this.stopped ? { stopped: this.stopped } : {}),
      caps: { ...base.caps, lineBytes: this.maxLineBytes, stdoutBytes: this.maxStdoutBytes },
    };
  }

  /** Note the server's descendants while they are still its descendants. */
  private remember(): void {
    if (this.child.pid !== undefined && !this.exitInfo) rememberDescendants(this.child.pid);
  }

  private waitForExit(ms: number): Promise<boolean> {
    if (this.exitInfo) return Promise.resolve(true);
    return new Promise((resolve) => {
      // Timers run before I/O in a loop turn: when the loop was busy (rules judged during the
      // shutdown, a GC pause), an exit already queued is handled in this same turn — look once
      // more after it before calling the wait a timeout.
      const timer = setTimeout(() => setImmediate(() => resolve(this.exitInfo !== undefined)), ms);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === 'win32') this.child.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * A cwd that does not exist makes spawn fail with "spawn <command> ENOENT", which blames the
 * command: say what is really missing.
 */
function missingDirectory(cwd: string | undefined, error: NodeJS.ErrnoException): Error | undefined {
  if (cwd === undefined || error.code !== 'ENOENT') return undefined;
  const isDirectory = statSync(cwd, { throwIfNoEntry: false })?.isDirectory();
  if (isDirectory) return undefined;
  return new Error(`the working directory ${cwd} ${isDirectory === false ? 'is not a directory' : 'does not exist'}`);
}

function shortCommand(p: { pid: number; command: string }): { pid: number; command: string } {
  return { pid: p.pid, command: p.command.length > 200 ? `${p.command.slice(0, 200)}…` : p.command };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function phaseWords(phase: Phase): string {
  if (phase === 'before-initialize') return 'before answering initialize';
  if (phase === 'handshake') return 'right after initialize';
  if (phase === 'listing') return 'while listing';
  if (phase === 'shutdown') return 'at shutdown';
  return `during the ${phase.slice('probe:'.length)} probe`;
}

/** Characters a JSON text can start with (after whitespace). */
const JSON_START = /^\s*(?:[{"\d-]|\[\s*(?:[[{"\d\]-]|true|false|null)|true|false|null)/;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // A log line ("[info] …", "Starting…") is rejected without a throw: a flood of them stays cheap.
  if (!JSON_START.test(text)) return { ok: false };
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Envelope check only; full validation against the official schema is a rule's job. */
function isJsonRpc(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if (typeof value.method === 'string') return true;
  return 'id' in value && ('result' in value || 'error' in value);
}

/**
 * stdio connection: spawns the server in its own process group, reads stdout as raw bytes and
 * classifies every line itself (the SDK's transport drops or glues non-JSON lines), keeps a capped
 * head+tail of stderr, and always reaps the whole process tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { CappedText, ProcessExit } from '../capture.js';
import { isObject } from '../engine/capture-index.js';
import { FRAME_MESSAGE_CAP, RecordingSession, type Connection } from './connection.js';
import { LineSplitter } from './line-splitter.js';
import { trackChild, untrackChild } from './reaper.js';

export interface StdioTarget {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  /** Extra environment for the server, on top of the minimal inherited set. */
  readonly env?: Readonly<Record<string, string>>;
}

export interface StdioOptions {
  readonly timeoutMs: number;
  /** Longest line kept for parsing; longer lines are cut and recorded as noise. */
  readonly maxLineBytes?: number;
  /** After this many stdout bytes the server is stopped as a flood. */
  readonly maxStdoutBytes?: number;
  /** How long to wait after closing stdin, then after SIGTERM, before escalating. */
  readonly exitGraceMs?: number;
  /** Inherit the whole environment instead of the minimal set (not the default). */
  readonly inheritEnv?: boolean;
}

/** Variables a stdio client passes on by default, like the SDK's getDefaultEnvironment(). */
export const INHERITED_ENV_VARS =
  process.platform === 'win32'
    ? ['APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE', 'SYSTEMROOT', 'TEMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES']
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

const STDERR_HEAD = 32 * 1024;
const STDERR_TAIL = 32 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

export function serverEnvironment(extra: Readonly<Record<string, string>> | undefined, inheritAll = false): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  if (inheritAll) Object.assign(env, process.env);
  else for (const name of INHERITED_ENV_VARS) if (process.env[name] !== undefined && !process.env[name]!.startsWith('()')) env[name] = process.env[name];
  return { ...env, ...extra };
}

export class StdioConnection extends RecordingSession implements Connection {
  readonly transport = 'stdio' as const;
  readonly closed: Promise<void>;
  private readonly child: ChildProcess;
  private readonly splitter: LineSplitter;
  private readonly maxStdoutBytes: number;
  private readonly exitGraceMs: number;
  private stderrHead = Buffer.alloc(0);
  private stderrTail: Buffer[] = [];
  private stderrTailBytes = 0;
  private stderrTotal = 0;
  private exitInfo: { code: number | null; signal: string | null; at: number } | undefined;
  private shutdownStartedAt: number | undefined;
  private shutdownStage: ProcessExit['how'] | undefined;
  spawnError: Error | undefined;

  constructor(target: StdioTarget, options: StdioOptions) {
    super(options.timeoutMs);
    this.splitter = new LineSplitter(options.maxLineBytes ?? 64 * 1024 * 1024);
    this.maxStdoutBytes = options.maxStdoutBytes ?? 256 * 1024 * 1024;
    this.exitGraceMs = options.exitGraceMs ?? 300;

    this.child = spawn(target.command, [...target.args], {
      cwd: target.cwd,
      env: serverEnvironment(target.env, options.inheritEnv),
      stdio: ['pipe', 'pipe', 'pipe'],
      // Own process group, so the whole tree can be signalled at once.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    trackChild(this.child);

    this.closed = new Promise<void>((resolve) => {
      this.child.once('error', (error) => {
        this.spawnError = error;
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

  private onStdout(chunk: Buffer): void {
    for (const line of this.splitter.push(chunk)) this.classify(line.bytes, line.length, line.offset, line.truncated, false);
    if (this.splitter.totalBytes > this.maxStdoutBytes && !this.shutdownStage) {
      this.notes.push(`The server wrote more than ${this.maxStdoutBytes} bytes to stdout; mcplint stopped it.`);
      void this.close();
    }
  }

  private classify(bytes: Buffer, length: number, offset: number, truncated: boolean, atEnd: boolean): void {
    let text: string;
    let validUtf8 = true;
    try {
      text = utf8.decode(bytes);
    } catch {
      validUtf8 = false;
      text = utf8Lenient.decode(bytes);
    }
    if (atEnd) return this.receiveNoise('unterminated', text, length, offset, truncated);
    if (!validUtf8) return this.receiveNoise('invalid-utf8', text, length, offset, truncated);
    if (truncated) return this.receiveNoise('not-json', text, length, offset, true);
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
  async close(): Promise<ProcessExit | undefined> {
    if (this.spawnError) {
      untrackChild(this.child);
      return undefined;
    }
    if (this.shutdownStartedAt === undefined) {
      this.shutdownStartedAt = performance.now();
      const wasRunning = !this.exitInfo;
      if (wasRunning) {
        this.phase = 'shutdown';
        this.shutdownStage = 'stdin-closed';
        this.child.stdin!.end();
        if (!(await this.waitForExit(this.exitGraceMs))) {
          this.shutdownStage = 'sigterm';
          this.signalGroup('SIGTERM');
          if (!(await this.waitForExit(this.exitGraceMs))) {
            this.shutdownStage = 'sigkill';
            this.signalGroup('SIGKILL');
          }
        }
      } else {
        this.shutdownStage = 'exited-early';
      }
    }
    await this.closed;
    // Grandchildren left in the group die with it.
    this.signalGroup('SIGKILL');
    untrackChild(this.child);
    this.finishNotes();
    const exit = this.exitInfo!;
    return {
      how: this.shutdownStage ?? 'unknown',
      code: exit.code,
      signal: exit.signal,
      at: exit.at,
      ...(this.shutdownStage !== 'exited-early' ? { shutdownMs: Math.round(performance.now() - this.shutdownStartedAt!) } : {}),
    };
  }

  private waitForExit(ms: number): Promise<boolean> {
    if (this.exitInfo) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
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

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Envelope check only; full validation against the official schema is a rule's job. */
function isJsonRpc(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if (typeof value.method === 'string') return true;
  return 'id' in value && ('result' in value || 'error' in value);
}

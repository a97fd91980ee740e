/**
 * Start a fixture server over HTTP and wait for its URL: fixtures listen on 127.0.0.1 at a free
 * port and print `LISTENING <url>` first. Raw-server fixtures serve HTTP when
 * MCPLINT_FIXTURE_TRANSPORT=http, which is set here. Used by the docs generator and the tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Close its stdin (fixtures exit on it), SIGKILL after a second. */
  stop(): Promise<void>;
}

export interface HttpFixtureOptions {
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

export function startHttpServer(file: string, options: HttpFixtureOptions = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [file, ...(options.args ?? [])], {
    env: { ...process.env, MCPLINT_FIXTURE_TRANSPORT: 'http', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin!.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    await gone;
    clearTimeout(timer);
  };
  return new Promise<RunningServer>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${file} printed no LISTENING line in time\n${out}\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) before listening\n${stderr}`));
    });
  });
}

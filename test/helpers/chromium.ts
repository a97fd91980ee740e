/**
 * Headless Chromium (the Debian package `chromium`, which .ci/run installs) driven over the
 * DevTools protocol on a pipe (--remote-debugging-pipe: NUL-separated JSON on fds 3 and 4), so a
 * test can load a page and ask the rendered DOM questions without any browser library. The
 * browser runs in its own process group, killed whole on close or timeout.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** The chromium binary on PATH, or undefined (the tests that need it are skipped, saying why). */
export const CHROMIUM: string | undefined = (() => {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
})();

export const NO_CHROMIUM = 'needs headless Chromium: `chromium` is not on PATH (Debian package chromium; .ci/run installs it)';

// Generous: the machine may be busy, and a first start of the browser reads a lot from disk.
const CALL_TIMEOUT_MS = 30_000;

export interface Page {
  /** A JavaScript expression evaluated in the page (DevTools evaluation, not subject to the page's CSP); its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** A PNG of the whole page. */
  screenshot(): Promise<Buffer>;
  /** Console messages and browser log entries (CSP violations among them) seen since the page was opened. */
  readonly log: readonly string[];
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

/** Open `url` in a fresh headless browser and wait for its load event. */
export async function openPage(url: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  if (!CHROMIUM) throw new Error(NO_CHROMIUM);
  const profile = mkdtempSync(join(tmpdir(), 'mcplint-chromium-'));
  const browser = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      `--window-size=${viewport.width},${viewport.height}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true },
  );
  const toBrowser = browser.stdio[3] as Writable;
  const fromBrowser = browser.stdio[4] as Readable;
  const pending = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  const listeners: ((m: Message) => void)[] = [];
  const log: string[] = [];
  let nextId = 1;
  let buffered = '';
  let exited = false;
  browser.on('exit', () => {
    exited = true;
    for (const p of pending.values()) p.reject(new Error('chromium exited'));
    pending.clear();
  });
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\0');
    while (end >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      if (message.id !== undefined) {
        const p = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) p?.reject(new Error(`DevTools: ${message.error.message}`));
        else p?.resolve(message);
      } else {
        for (const listen of listeners) listen(message);
      }
    }
  });

  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error('chromium exited'));
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`DevTools ${method}: no answer in ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      pending.set(id, {
        resolve: (m) => (clearTimeout(timer), resolve(m.result ?? {})),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const nextEvent = (method: string, sessionId: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`DevTools: no ${method} in ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
      listeners.push((m) => {
        if (m.method === method && m.sessionId === sessionId) {
          clearTimeout(timer);
          resolve();
        }
      });
    });

  const close = async (): Promise<void> => {
    if (!exited) {
      const gone = new Promise((resolve) => browser.once('exit', resolve));
      killGroup(browser);
      await gone;
    }
    // Renderer and zygote processes of the group can outlive the browser by a moment.
    for (let i = 0; i < 50 && groupAlive(browser); i++) await new Promise((r) => setTimeout(r, 50));
    rmSync(profile, { recursive: true, force: true });
  };

  try {
    const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Runtime.consoleAPICalled') log.push(`console: ${JSON.stringify(m.params?.args)}`);
      if (m.method === 'Log.entryAdded') log.push(`log: ${JSON.stringify(m.params?.entry)}`);
      if (m.method === 'Runtime.exceptionThrown') log.push(`exception: ${JSON.stringify(m.params?.exceptionDetails)}`);
    });
    await send('Page.enable', {}, sessionId);
    await send('Runtime.enable', {}, sessionId);
    await send('Log.enable', {}, sessionId);
    const loaded = nextEvent('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url }, sessionId);
    await loaded;
    return {
      log,
      async evaluate<T>(expression: string): Promise<T> {
        const answer = (await send('Runtime.evaluate', { expression, returnByValue: true }, sessionId)) as {
          result: { value?: T };
          exceptionDetails?: { text: string };
        };
        if (answer.exceptionDetails) throw new Error(`evaluate ${expression}: ${answer.exceptionDetails.text}`);
        return answer.result.value as T;
      },
      async screenshot(): Promise<Buffer> {
        const { data } = (await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true }, sessionId)) as {
          data: string;
        };
        return Buffer.from(data, 'base64');
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function killGroup(child: ChildProcess): void {
  try {
    // Negative pid: the browser's whole process group (renderers, GPU and zygote processes).
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function groupAlive(child: ChildProcess): boolean {
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

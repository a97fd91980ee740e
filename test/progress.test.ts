/** Terminal manners: progress only on a TTY stderr, only after the delay, and erased before output. */
import { describe, expect, it } from 'vitest';
import { startProgress } from '../src/progress.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, columns: 40, write: (s: string) => (writes.push(s), true) } as unknown as NodeJS.WriteStream };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('progress', () => {
  it('stays silent for runs shorter than the delay', async () => {
    const { writes, stream } = fakeStream(true);
    const p = startProgress('linting x', { stream, delayMs: 200 });
    await sleep(20);
    p.stop();
    await sleep(250);
    expect(writes).toEqual([]);
  });

  it('spins on a TTY after the delay, clipped to the width, and erases its line on stop', async () => {
    const { writes, stream } = fakeStream(true);
    const p = startProgress('linting a server with a very long command line indeed', { stream, delayMs: 10, intervalMs: 10 });
    await sleep(60);
    p.update('linting y');
    await sleep(30);
    p.stop();
    p.stop();
    expect(writes.length).toBeGreaterThan(2);
    expect(writes[0]).toMatch(/^\r\x1b\[K. linting a server .*…$/);
    expect(writes[0]!.replace('\r\x1b[K', '').length).toBeLessThanOrEqual(39);
    expect(writes.some((w) => w.includes('linting y ('))).toBe(true);
    expect(writes.at(-1)).toBe('\r\x1b[K');
    expect(writes.filter((w) => w === '\r\x1b[K')).toHaveLength(1);
  });

  it('never writes when stderr is not a TTY (pipes, CI logs) or when disabled (--quiet)', async () => {
    const pipe = fakeStream(false);
    const quiet = fakeStream(true);
    const a = startProgress('x', { stream: pipe.stream, delayMs: 1 });
    const b = startProgress('x', { stream: quiet.stream, delayMs: 1, enabled: false });
    await sleep(30);
    a.stop();
    b.stop();
    expect(pipe.writes).toEqual([]);
    expect(quiet.writes).toEqual([]);
  });
});

/** Terminal manners: progress only on a TTY stderr, only after the delay, and erased before output. */
import { describe, expect, it } from 'vitest';
import { activityText, lintingText, startProgress } from '../src/cli/progress.js';

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
    // The elapsed time comes first, so the width cuts the long label, never the time.
    expect(writes[0]).toMatch(/^\r\x1b\[K. \d+\.\d s · linting a server .*…$/);
    expect(writes[0]!.replace('\r\x1b[K', '').length).toBeLessThanOrEqual(39);
    expect(writes.some((w) => w.endsWith(' s · linting y'))).toBe(true);
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

describe('what the progress line says', () => {
  it("names what is linted; a URL's own password and token masked, as in reports", async () => {
    const url = 'https://alice:hunter2-pw@mcp.example.com/mcp?token=tok-1234abcd';
    const server = { kind: 'http' as const, url, transport: 'auto' as const };
    expect(await lintingText({ kind: 'server', foundBy: '--url', server }, [])).toBe(
      'linting https://alice:[redacted]@mcp.example.com/mcp?token=[redacted]',
    );
    expect(await lintingText({ kind: 'capture-file', foundBy: '--from', file: 'cap.json' }, [])).toBe('linting the capture cap.json');
    expect(
      await lintingText({ kind: 'server', foundBy: 'command after --', server: { command: 'node', args: ['x.js'] } }, ['node', 'x.js']),
    ).toBe('linting node x.js');
  });

  it('names the phase and the probe step out of all of them, never the tool the server named', () => {
    expect(activityText([])).toBeUndefined();
    expect(activityText([{ phase: 'handshake' }])).toBe('starting');
    expect(activityText([{ phase: 'listing' }])).toBe('listing');
    // A server can echo a secret of its environment in a tool name, and the line is drawn before redaction.
    expect(activityText([{ phase: 'probe:valid-calls', step: { index: 3, total: 12, tool: 'get_sk-live-4f7a1c9e2b' } }])).toBe(
      'probing 3/12',
    );
    expect(activityText([{ phase: 'probe:ping', step: { index: 1, total: 12 } }])).toBe('probing 1/12');
    expect(activityText([{ phase: 'probe:ping' }])).toBe('probing · ping');
    expect(activityText([{ phase: 'listing' }, { phase: 'handshake' }])).toBe('2 servers · listing');
  });

  it('shows the time and the detail before the text, made inert, so a narrow terminal still shows them', async () => {
    const { writes, stream } = fakeStream(true);
    stream.columns = 200;
    const p = startProgress('linting x', { stream, delayMs: 5, intervalMs: 5, detail: () => 'probing 2/9 · evil\x1b[2Jtool' });
    await sleep(40);
    p.stop();
    const drawn = writes.find((w) => w.includes('probing'))!;
    expect(drawn).toMatch(/^\r\x1b\[K. \d+\.\d s · probing 2\/9 · evil.*tool · linting x$/);
    expect(drawn.replace(/^\r\x1b\[K/, '')).not.toContain('\x1b');
    // A narrow terminal cuts the label: the time and the phase stay.
    const narrow = fakeStream(true);
    const q = startProgress(`linting ${'x'.repeat(100)}`, {
      stream: narrow.stream,
      delayMs: 5,
      intervalMs: 5,
      detail: () => 'probing 2/9',
    });
    await sleep(40);
    q.stop();
    expect(narrow.writes[0]).toMatch(/^\r\x1b\[K. \d+\.\d s · probing 2\/9 · linting x+…$/);
  });

  it('a live run reports each probe step, and no tool name', async () => {
    const { captureFixture } = await import('./helpers/capture.js');
    const { liveProgress } = await import('../src/connect/reaper.js');
    const seen = new Set<string>();
    const timer = setInterval(() => {
      const text = activityText(liveProgress());
      if (text) seen.add(text);
    }, 1);
    try {
      await captureFixture('exemplary-server/server.mjs');
    } finally {
      clearInterval(timer);
    }
    expect([...seen].some((t) => /^probing \d+\/\d+$/.test(t))).toBe(true);
    // The exemplary server's tools are all notes_*: none of their names reaches the line.
    expect([...seen].filter((t) => t.includes('notes_'))).toEqual([]);
  });
});

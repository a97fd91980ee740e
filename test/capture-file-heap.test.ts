/**
 * A --from listing of many small tools tunes heap growth like a large file does
 * (src/session/capture-file.ts): memory grows with the tools and their findings, not the bytes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const setFlags = vi.hoisted(() => vi.fn<(flags: string) => void>());
vi.mock('node:v8', async (actual) => ({ ...(await actual<typeof import('node:v8')>()), setFlagsFromString: setFlags }));

const { MANY_TOOLS, readCaptures } = await import('../src/session/capture-file.js');

const listing = (tools: number) => {
  const file = join(mkdtempSync(join(tmpdir(), 'mcplint-capture-heap-')), 'tools.json');
  const tool = (i: number) => ({ name: `s${i}_get_item`, description: 'Get it.', inputSchema: { type: 'object' } });
  writeFileSync(file, JSON.stringify({ tools: Array.from({ length: tools }, (_, i) => tool(i)) }));
  return file;
};

describe('heap growth for a --from listing', () => {
  beforeEach(() => setFlags.mockClear());

  it(`grows by half between collections from ${MANY_TOOLS} tools, in a file far under the size threshold`, () => {
    expect(readCaptures(listing(MANY_TOOLS))[0]!.lists.tools.items).toHaveLength(MANY_TOOLS);
    expect(setFlags).toHaveBeenCalledWith('--heap-growing-percent=50');
  });

  it('leaves an ordinary listing to V8', () => {
    readCaptures(listing(100));
    expect(setFlags).not.toHaveBeenCalled();
  });
});

/**
 * The MCP SDK (and zod with it) is bundled into chunks of their own that only `mcplint mcp`
 * imports: a normal lint never loads them. Which chunks hold them is read from the bundle's
 * source maps (scripts/bundle.ts writes them), so a new chunk name cannot slip past.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';

const SLOW = 90_000;
const ESM = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-esm.mjs')).href;
const BIN = join(ROOT, 'dist', 'bin');

/** The bundle's chunks made of the SDK's or zod's modules. */
function sdkChunks(): string[] {
  return readdirSync(BIN)
    .filter((f) => f.endsWith('.js.map'))
    .filter((f) =>
      (JSON.parse(readFileSync(join(BIN, f), 'utf8')) as { sources: string[] }).sources.some((s) =>
        /@modelcontextprotocol|\/zod\//.test(s),
      ),
    )
    .map((f) => f.slice(0, -'.map'.length));
}

async function chunksLoadedBy(args: string[]): Promise<string[]> {
  const log = join(mkdtempSync(join(tmpdir(), 'mcplint-esm-')), 'esm.log');
  const r = await runCli(args, { env: { NODE_OPTIONS: `--import ${ESM}`, MCPLINT_ESM_LOG: log }, timeoutMs: SLOW });
  expect(r.code, r.stderr).toBe(0);
  const urls = existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [];
  const chunks = sdkChunks();
  return chunks.filter((chunk) => urls.some((url) => url.endsWith(`/dist/bin/${chunk}`)));
}

describe('the MCP SDK is loaded only by mcplint mcp', () => {
  it(
    'a lint never loads it; mcplint mcp does',
    async () => {
      expect(sdkChunks().length).toBeGreaterThan(0);
      expect(await chunksLoadedBy(['--', process.execPath, fixturePath('clean-server.mjs')])).toEqual([]);
      // stdin is closed at once: the server starts, sees its client gone, and ends.
      expect((await chunksLoadedBy(['mcp'])).length).toBeGreaterThan(0);
    },
    SLOW,
  );
});

/**
 * Which chunks of the bundle (dist/bin, scripts/bundle.ts) hold a package's modules, read from
 * their source maps so a new chunk name cannot slip past, and which of them a CLI run loads (every
 * ES module the main thread resolves, helpers/record-esm.mjs): how a test holds a heavy package
 * to the one command that needs it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './capture.js';
import { runCli, type CliResult } from './cli.js';

const BIN = join(ROOT, 'dist', 'bin');

/** The bundle's chunks with a module whose source path matches `source`. */
export function chunksOf(source: RegExp): string[] {
  return readdirSync(BIN)
    .filter((f) => f.endsWith('.js.map'))
    .filter((f) => (JSON.parse(readFileSync(join(BIN, f), 'utf8')) as { sources: string[] }).sources.some((s) => source.test(s)))
    .map((f) => f.slice(0, -'.map'.length));
}

/** Run the CLI with `args`; its result and which of `chunks` it loaded. */
export async function loadedChunks(
  args: string[],
  chunks: readonly string[],
  timeoutMs?: number,
): Promise<{ r: CliResult; loaded: string[] }> {
  const log = join(mkdtempSync(join(tmpdir(), 'mcplint-esm-')), 'esm.log');
  const esm = pathToFileURL(join(ROOT, 'test', 'helpers', 'record-esm.mjs')).href;
  const r = await runCli(args, { env: { NODE_OPTIONS: `--import ${esm}`, MCPLINT_ESM_LOG: log }, ...(timeoutMs ? { timeoutMs } : {}) });
  const urls = existsSync(log) ? readFileSync(log, 'utf8').split('\n') : [];
  if (urls.length < 2) throw new Error(`no module was recorded: ${r.stderr}`);
  return { r, loaded: chunks.filter((chunk) => urls.some((url) => url.endsWith(`/dist/bin/${chunk}`))) };
}

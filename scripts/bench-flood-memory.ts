/**
 * The bench's memory figures: peak RSS of one default lint of the 188-tool fixture (target
 * < 200 MB) and of lints of servers that flood mcplint — one huge stdout line, a 100 MB stdout
 * flood, one 100 MB SSE event and an HTTP body that never ends (target: under about 300 MB).
 */
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { startHttpServer } from './http-fixture.js';
import { measureNode, type Measured } from './bench-peak-memory.js';

const fixture = (...parts: string[]) => join(PACKAGE_ROOT, 'fixtures', ...parts);
/** Over the 16 MiB line cap, under the 64 MiB stdout cap. */
const HUGE_LINE_BYTES = 50 * 1024 * 1024;

export interface MemoryFigure {
  readonly figure: string;
  readonly targetMB: number;
  readonly run: Measured;
}

export async function measureMemory(cli: string, log: (line: string) => void): Promise<MemoryFigure[]> {
  const lint = (args: readonly string[], env?: Record<string, string>) => measureNode([cli, '--format', 'json', ...args], env);
  const stdio = (file: string) => ['--', process.execPath, file];
  const figures: MemoryFigure[] = [];
  const add = async (figure: string, targetMB: number, run: Promise<Measured>) => {
    log(`     ${figure}…\n`);
    figures.push({ figure, targetMB, run: await run });
  };
  await add('188 tools, 0.8 MB list (default run)', 200, lint(stdio(fixture('bench', 'large-list-server.mjs'))));
  await add('one 50 MiB stdout line', 300, lint(stdio(fixture('hostile', 'long-line.mjs')), { LONG_LINE_BYTES: String(HUGE_LINE_BYTES) }));
  await add('100 MB stdout flood', 300, lint(stdio(fixture('hostile', 'flood.mjs'))));
  for (const [figure, mode] of [
    ['one 100 MB SSE event (HTTP)', 'sse-event'],
    ['endless HTTP body', 'endless-body'],
  ] as const) {
    const server = await startHttpServer(fixture('bench', 'http-flood-server.mjs'), { args: [mode] });
    try {
      await add(figure, 300, lint(['--url', server.url]));
    } finally {
      await server.stop();
    }
  }
  return figures;
}

/**
 * The bench's scale points: `mcplint --from` captures of 100, 1,000 and 10,000 realistic tools
 * (fixtures/bench/realistic-tools.mjs, large schemas like the 188-tool fixture's). Each capture
 * is the 188-tool fixture's own capture (handshake, protocol probes, frames) with its tool list
 * replaced, so no 10,000-tool server has to be linted live to make it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../src/shared/paths.js';
import { measureNode, type Measured } from './bench-peak-memory.js';

export const SCALE_POINTS = [100, 1000, 10_000] as const;

interface CaptureShape {
  lists: { tools: { items: unknown[]; pages: { itemCount: number }[] } };
}

const toolsModule = pathToFileURL(join(PACKAGE_ROOT, 'fixtures', 'bench', 'realistic-tools.mjs')).href;

/** Write a capture of `count` realistic tools next to `base`; its path. */
export async function scaledCapture(base: string, count: number, dir: string): Promise<string> {
  const file = join(dir, `capture-${count}-realistic-tools.json`);
  if (existsSync(file)) return file;
  const { realisticTools } = (await import(toolsModule)) as { realisticTools: (n: number) => unknown[] };
  const capture = JSON.parse(readFileSync(base, 'utf8')) as CaptureShape;
  capture.lists.tools.items = realisticTools(count);
  // One page holding every tool, as if the server had answered in one go.
  capture.lists.tools.pages = [{ ...capture.lists.tools.pages[0]!, itemCount: count }];
  writeFileSync(file, JSON.stringify(capture));
  return file;
}

export interface ScalePoint {
  readonly tools: number;
  readonly megabytes: number;
  readonly run: Measured;
}

/** One `--from … --format json` run per scale point (the large ones take too long to repeat). */
export async function measureScale(cli: string, base: string, dir: string, log: (line: string) => void): Promise<ScalePoint[]> {
  const points: ScalePoint[] = [];
  for (const tools of SCALE_POINTS) {
    const file = await scaledCapture(base, tools, dir);
    log(`     ${tools} tools…\n`);
    const run = await measureNode([cli, '--from', file, '--format', 'json']);
    if (run.code !== 0 && run.code !== 1) throw new Error(`--from ${tools} tools failed (exit ${run.code}):\n${run.stderr}`);
    points.push({ tools, megabytes: readFileSync(file).length / 1e6, run });
  }
  return points;
}

/** Whether time and memory grow at most linearly from each point to the next (10× tools → ≤ 10×). */
export function growthIsLinear(points: readonly ScalePoint[], measure: (p: ScalePoint) => number): boolean {
  return points.every((p, i) => i === 0 || measure(p) / measure(points[i - 1]!) <= p.tools / points[i - 1]!.tools);
}

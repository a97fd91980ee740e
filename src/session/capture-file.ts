/** Reading a --from file: a capture saved with --save-capture, or a bare tools/list result. */
import { setFlagsFromString } from 'node:v8';
import { CAPTURE_VERSION, type Capture } from '../model/capture.js';
import { ConfigError } from '../config/config.js';
import { readBoundedText } from '../shared/read-bounded.js';
import { VERSION } from '../shared/version.js';
import { listingCaptures } from './bare-listing.js';

/**
 * The captures a --from file holds: a saved capture, or a bare tools/list result (one capture per
 * server, src/session/bare-listing.ts); not yet frozen (the pipeline redacts and freezes each
 * once). A ConfigError for anything else. `given`: the path as the user gave it.
 */
export function readCaptures(path: string, given: string = path): Capture[] {
  let text: string;
  try {
    // A regular file within the capture cap: /dev/zero or a FIFO must not hang or exhaust memory.
    text = readBoundedText(path, 'capture', `--from ${path}`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`--from ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  if (text.length > LARGE_CAPTURE_CHARS) growHeapByHalf();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`--from ${path}: not JSON, so not an mcplint capture`);
  }
  const v = value as Partial<Capture>;
  if (typeof v !== 'object' || v === null || v.captureVersion === undefined) {
    const listed = listingCaptures(value, given);
    if (listed && isManyTools(listed)) growHeapByHalf();
    if (listed) return listed;
    throw new ConfigError(
      `--from ${path}: not an mcplint capture (no captureVersion), nor a tools/list result ({"tools": [...]}) or a tools.json ({"<server>": [tools]})`,
    );
  }
  if (v.captureVersion !== CAPTURE_VERSION) {
    throw new ConfigError(
      `--from ${path}: capture version ${String(v.captureVersion)} is not supported by mcplint ${VERSION} (expects ${CAPTURE_VERSION})`,
    );
  }
  if (!v.handshake || !v.lists || !Array.isArray(v.frames) || !v.target)
    throw new ConfigError(`--from ${path}: incomplete capture (missing handshake, lists, frames or target)`);
  return [{ ...v, probes: v.probes ?? {}, notes: v.notes ?? [] } as Capture];
}

/** A --from file this large (a listing of 200,000 tools is 175 MB) makes the heap grow by half between collections. */
const LARGE_CAPTURE_CHARS = 32 * 1024 * 1024;

/**
 * So do this many tools in a listing, however small each: what is live grows with the tools and
 * their findings, not with the bytes (200,000 tools of three fields are a 15 MB file, and peaked
 * at 2.8 GB).
 */
export const MANY_TOOLS = 20_000;

/** Whether the captures of a listing hold at least MANY_TOOLS tools in all. */
export function isManyTools(captures: readonly Capture[]): boolean {
  let tools = 0;
  for (const capture of captures) tools += capture.lists.tools.items.length;
  return tools >= MANY_TOOLS;
}

/**
 * V8 lets a heap that was collected with a few hundred MB live grow to four times that before the
 * next full collection: judging 200,000 tools peaked at 1.6–2.4 GB although at most about 1 GB was
 * ever live. Growing by half instead keeps such a run under 1.5 GB at the same CPU time; V8 reads
 * this flag at each collection, so setting it now takes effect, and runs on ordinary inputs never
 * set it.
 */
function growHeapByHalf(): void {
  setFlagsFromString('--heap-growing-percent=50');
}

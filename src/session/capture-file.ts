/** Reading a --from file: a capture saved with --save-capture, or a bare tools/list result. */
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ConfigError(`--from ${path}: not JSON, so not an mcplint capture`);
  }
  const v = value as Partial<Capture>;
  if (typeof v !== 'object' || v === null || v.captureVersion === undefined) {
    const listed = listingCaptures(value, given);
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

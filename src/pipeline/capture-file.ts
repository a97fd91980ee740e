/** Reading a capture saved with --save-capture (for --from). */
import { CAPTURE_VERSION, type Capture } from '../capture.js';
import { ConfigError } from '../engine/config.js';
import { readBoundedText } from '../shared/read-bounded.js';
import { VERSION } from '../version.js';

/** A saved capture, not yet frozen (the pipeline redacts and freezes it once); a ConfigError for anything else. */
export function readCapture(path: string): Capture {
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
  if (typeof v !== 'object' || v === null || v.captureVersion === undefined)
    throw new ConfigError(`--from ${path}: not an mcplint capture (no captureVersion)`);
  if (v.captureVersion !== CAPTURE_VERSION) {
    throw new ConfigError(
      `--from ${path}: capture version ${String(v.captureVersion)} is not supported by mcplint ${VERSION} (expects ${CAPTURE_VERSION})`,
    );
  }
  if (!v.handshake || !v.lists || !Array.isArray(v.frames) || !v.target)
    throw new ConfigError(`--from ${path}: incomplete capture (missing handshake, lists, frames or target)`);
  return { ...v, probes: v.probes ?? {}, notes: v.notes ?? [] } as Capture;
}

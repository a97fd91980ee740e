import type { Capture } from '../../src/model/capture.js';
import type { CaptureIndex } from '../../src/engine/capture-index.js';

/** The tool names a client exposes for a server: Gemini CLI's includeTools / excludeTools applied. */
export function exposedTools(capture: Capture, index: CaptureIndex): Set<string> {
  const include = capture.clientConfig?.includeTools;
  const exclude = new Set(capture.clientConfig?.excludeTools ?? []);
  const names = new Set<string>();
  for (const tool of index.tools) {
    if (include && !include.includes(tool.name)) continue;
    if (exclude.has(tool.name)) continue;
    names.add(tool.name);
  }
  return names;
}

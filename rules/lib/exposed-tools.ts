import type { PeerCapture, PeerIndex } from '../../src/engine/requirements.js';

/** The tool names a client exposes for a server: Gemini CLI's includeTools / excludeTools applied. */
export function exposedTools(capture: PeerCapture, index: PeerIndex): Set<string> {
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

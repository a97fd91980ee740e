import type { PeerCapture, PeerIndex } from '../../src/engine/requirements.js';

/**
 * Each index's exposed names, worked out once: a cross-server rule reads every server's names
 * once per other server, which for 10,000 servers made the names of each 9,999 times.
 */
const exposedByIndex = new WeakMap<PeerIndex, ReadonlySet<string>>();

/** The tool names a client exposes for a server: Gemini CLI's includeTools / excludeTools applied. */
export function exposedTools(capture: PeerCapture, index: PeerIndex): ReadonlySet<string> {
  const known = exposedByIndex.get(index);
  if (known) return known;
  const include = capture.clientConfig?.includeTools;
  const exclude = new Set(capture.clientConfig?.excludeTools ?? []);
  const names = new Set<string>();
  for (const tool of index.tools) {
    if (include && !include.includes(tool.name)) continue;
    if (exclude.has(tool.name)) continue;
    names.add(tool.name);
  }
  exposedByIndex.set(index, names);
  return names;
}

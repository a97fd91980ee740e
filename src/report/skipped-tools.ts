/**
 * The tools the probes did not call, and why (the probes' own records: src/model/probe-types.ts
 * SkippedTool), one entry per tool and reason with every probe that gave it. A rule skipped because
 * "no tool can be called" points here, so every report that says so can list them.
 */
import type { Capture } from '../model/capture.js';
import { isObject } from '../shared/json.js';

export interface SkippedToolEntry {
  readonly tool: string;
  readonly reason: string;
  /** The probes that skipped it for this reason, in probe order. */
  readonly probes: readonly string[];
}

export function skippedTools(capture: Capture): SkippedToolEntry[] {
  const entries = new Map<string, { tool: string; reason: string; probes: string[] }>();
  for (const record of Object.values(capture.probes)) {
    // A capture may come from a file (--from): its records are read, never trusted to be well formed.
    const listed = isObject(record.data) && Array.isArray(record.data.skippedTools) ? record.data.skippedTools : [];
    for (const skipped of listed) {
      if (!isObject(skipped) || typeof skipped.tool !== 'string' || typeof skipped.reason !== 'string') continue;
      const probe = typeof skipped.probe === 'string' ? skipped.probe : record.id;
      const key = `${skipped.tool}\u0000${skipped.reason}`;
      const entry = entries.get(key);
      if (!entry) entries.set(key, { tool: skipped.tool, reason: skipped.reason, probes: [probe] });
      else if (!entry.probes.includes(probe)) entry.probes.push(probe);
    }
  }
  return [...entries.values()];
}

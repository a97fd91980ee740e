/**
 * The subjects a score is a share of, counted from a capture: per tool, its parameters (top-level
 * properties and the fields of object parameters, one level down, as parameter rules judge them).
 */
import type { Capture } from '../model/capture.js';
import { isObject } from '../shared/json.js';

/** Parameter count per distinct tool name, in list order (first occurrence wins). */
export function parameterCounts(capture: Capture): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  for (const item of capture.lists.tools.items) {
    if (!isObject(item) || typeof item.name !== 'string' || item.name in counts) continue;
    counts[item.name] = countParameters(item.inputSchema);
  }
  return counts;
}

function countParameters(schema: unknown): number {
  if (!isObject(schema) || !isObject(schema.properties)) return 0;
  let count = 0;
  for (const property of Object.values(schema.properties)) {
    count++;
    if (isObject(property) && isObject(property.properties)) count += Object.keys(property.properties).length;
  }
  return count;
}

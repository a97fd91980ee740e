/**
 * What a report says of a --manifest run: which manifest and which of its entries was launched,
 * and the value a required variable with no default was launched with (manifest-launch.ts) —
 * the server ran with values no user would give it.
 */
import type { ManifestRecord } from '../../model/manifest.js';

export const PLACEHOLDER = 'mcplint-placeholder';

/** The notes of a launched manifest, first the artefact and its entry, then any placeholders. */
export function manifestNotes(record: ManifestRecord): string[] {
  const kind = record.kind === 'mcpb' ? `MCP Bundle manifest ${record.schemaVersion}` : `server.json ${record.schemaVersion}`;
  const launched = `${record.archive ? ', unpacked into a temporary folder' : ''}${record.launch ? `; launched ${record.launch.from}` : ''}`;
  const placeholders = placeholderNote(record);
  return [`linted ${record.file} (${kind})${launched}`, ...(placeholders ? [placeholders] : [])];
}

function placeholderNote(record: ManifestRecord): string | undefined {
  const names = record.launch?.placeholders ?? [];
  if (names.length === 0) return undefined;
  return `${record.file} requires ${names.map((n) => `"${n}"`).join(', ')} with no default: mcplint launched the server with the placeholder value "${PLACEHOLDER}" for ${names.length === 1 ? 'it' : 'each'}, so what depends on a real value was not seen`;
}

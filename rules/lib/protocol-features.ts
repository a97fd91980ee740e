/**
 * What each MCP protocol version added that a server-building guideline or a client relies on,
 * read from the vendored schemas (schemas/mcp/<version>/schema.json) and the specification's
 * changelogs. protocol-version-current names what an older negotiated version lacks; guideline
 * rules say which version brought the field they ask for.
 */
import { compareProtocolVersions, KNOWN_PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/shared/protocol-version.js';

/** What each version introduced, in words a server author recognises. */
export const ADDED_IN: Readonly<Record<ProtocolVersion, readonly string[]>> = {
  '2024-11-05': [],
  '2025-03-26': ['tool annotations', 'audio content', 'argument completions', 'the Streamable HTTP transport'],
  '2025-06-18': ['tool titles', 'structured tool output (outputSchema)', 'elicitation', 'resource links in tool results'],
  '2025-11-25': ['icons', 'tasks (long-running requests)', 'URL-mode elicitation', 'tool use in sampling'],
  '2026-07-28': ['stateless requests (server/discover instead of initialize)', 'cache hints on lists (ttlMs, cacheScope)'],
};

/** The versions after `older` up to and including `newer`, oldest first. */
export function versionsBetween(older: ProtocolVersion, newer: ProtocolVersion): ProtocolVersion[] {
  return KNOWN_PROTOCOL_VERSIONS.filter((v) => compareProtocolVersions(v, older) > 0 && compareProtocolVersions(v, newer) <= 0);
}

/** What `newer` and the versions between have that `older` lacks, oldest first. */
export function lackedFeatures(older: ProtocolVersion, newer: ProtocolVersion): string[] {
  return versionsBetween(older, newer).flatMap((v) => ADDED_IN[v]);
}

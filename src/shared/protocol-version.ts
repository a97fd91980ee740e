/**
 * MCP protocol versions and their order. Versions are compared by their place in the list, not as
 * text; a version mcplint does not know is newer than every known one for `atLeast` (a new era keeps
 * the old requirements) but never "known newer" for requirements that end with an era.
 */

/** Protocol versions mcplint knows, oldest first. */
export const KNOWN_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type ProtocolVersion = (typeof KNOWN_PROTOCOL_VERSIONS)[number];

export function isKnownProtocolVersion(version: string | undefined): version is ProtocolVersion {
  return (KNOWN_PROTOCOL_VERSIONS as readonly (string | undefined)[]).includes(version);
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
export function compareProtocolVersions(a: ProtocolVersion, b: ProtocolVersion): number {
  return KNOWN_PROTOCOL_VERSIONS.indexOf(a) - KNOWN_PROTOCOL_VERSIONS.indexOf(b);
}

/** True when the negotiated version is `version` or newer; an unknown version (or none) counts as newest. */
export function atLeast(negotiated: string | undefined, version: ProtocolVersion): boolean {
  return !isKnownProtocolVersion(negotiated) || compareProtocolVersions(negotiated, version) >= 0;
}

/** True when the negotiated version is a known one older than `version`, so it has none of what `version` added. */
export function olderThan(negotiated: string | undefined, version: ProtocolVersion): negotiated is ProtocolVersion {
  return isKnownProtocolVersion(negotiated) && compareProtocolVersions(negotiated, version) < 0;
}

/** True only when the negotiated version is a known one newer than `version`. */
export function knownNewerThan(negotiated: string | undefined, version: ProtocolVersion): boolean {
  return isKnownProtocolVersion(negotiated) && compareProtocolVersions(negotiated, version) > 0;
}

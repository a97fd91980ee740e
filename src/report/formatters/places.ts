/**
 * Where a finding goes, in every format that carries a path: SARIF, GitHub annotations, GitLab
 * Code Quality, JUnit and Markdown read this one anchor model. With `context.repositoryPlaces`
 * (the CLI gives it whenever one of those formats is written) the place is an existing file of the
 * repository, relative to its root (src/locate/repository-places.ts): the finding's own place, else
 * the server's files, else the client-config entry that declares it, else the anchor file — never
 * `../` or node_modules. Without it (a library caller), locate()'s working-directory path.
 */
import type { Location } from '../../locate/locate.js';
import type { PlaceAnchor, PlacedServer, RepositoryPlace } from '../../locate/repository-places.js';
import { clip } from '../../shared/text.js';
import type { FormatContext } from './types.js';

export interface FindingPlace {
  readonly uri: string;
  readonly startLine: number;
  readonly startColumn?: number;
  readonly anchor: PlaceAnchor;
  /** The uri is a file of the repository, relative to its root (else locate()'s path, or a command's name for 'target'). */
  readonly inRepository: boolean;
  /** Set when the place only stands in for the target (a URL, a server outside the repository). */
  readonly standIn?: RepositoryPlace['standIn'];
}

/** A stand-in's target named in a message is clipped to about this many characters. */
const MAX_TARGET_CHARS = 300;

export function findingPlace(
  location: Location | undefined,
  server: PlacedServer | undefined,
  context: Pick<FormatContext, 'repositoryPlaces'>,
): FindingPlace {
  const placed = server ? context.repositoryPlaces?.place(location, server) : undefined;
  // A report read back from JSON might lack a location: every format still needs a line.
  const { startLine, startColumn, ...rest } = placed ?? location ?? { uri: '', startLine: 1, anchor: 'target' as const };
  return {
    ...rest,
    startLine: Math.max(1, Math.floor(startLine) || 1),
    ...(startColumn !== undefined && startColumn >= 1 ? { startColumn: Math.floor(startColumn) } : {}),
    inRepository: placed !== undefined,
  };
}

/** What a message adds when its place only stands in for the target: " (Target: npx -y pkg.)". */
export function standInNote(place: FindingPlace): string {
  return place.standIn ? ` (Target: ${clip(place.standIn.target, MAX_TARGET_CHARS, { fit: true, trimEnd: true })}.)` : '';
}

/** "src/server.ts:12" (the file and line a format shows; a command's name for the last-resort anchor). */
export function placeText(place: FindingPlace): string {
  return `${place.uri}:${place.startLine}`;
}

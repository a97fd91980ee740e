/**
 * Where a finding goes in every format that carries a path (SARIF, GitHub annotations, GitLab,
 * JUnit, Markdown: src/report/formatters/places.ts): the first of its candidate places that is a file of the
 * repository (src/locate/repository.ts), best first — the finding's own location (the fact's source
 * line, the registration, the manifest or entry), the server's other anchors, the client config or
 * mcplint config that names the target, and last a repository file the user names (--sarif-anchor;
 * default the config file, else README.md). Text, JSON and HTML keep locate()'s working-directory paths.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { targetText, type TargetDescription } from '../model/capture.js';
import type { Location } from './locate.js';
import { repositoryFiles } from './repository.js';

export type PlaceAnchor = Location['anchor'] | 'anchor-file';

export interface RepositoryPlace {
  /** Relative to the repository root, `/` separators: always an existing, tracked-or-trackable file. */
  readonly uri: string;
  readonly startLine: number;
  readonly startColumn?: number;
  readonly anchor: PlaceAnchor;
  /** Set when the place stands in for the target itself (a URL, a server outside the repository). */
  readonly standIn?: { readonly target: string; readonly original?: string };
}

/** What a place is chosen for: a server report's target and its files (structurally, so the engine needs no report types). */
export interface PlacedServer {
  readonly target: TargetDescription;
  /** The server's manifest, entry, declaring config and capture, best first. */
  readonly anchorPlaces?: readonly Location[];
}

export interface RepositoryPlaces {
  /** The repository root as a `file://` URI ending in `/` (SARIF originalUriBaseIds). */
  readonly rootUri: string;
  place(location: Location | undefined, server: PlacedServer): RepositoryPlace;
}

export interface RepositoryPlacesOptions {
  readonly cwd: string;
  /** --project: the repository root instead of the git root of cwd. */
  readonly project?: string;
  /** The mcplint config file of the run, if any (absolute or relative to cwd), and its target line. */
  readonly configFile?: { readonly path: string; readonly line?: number };
  /** --sarif-anchor FILE (relative to cwd). */
  readonly anchorFile?: string;
}

const README_NAMES = ['README.md', 'readme.md', 'README', 'README.rst', 'README.txt'];

interface Candidate {
  readonly path: string;
  readonly line: number;
  readonly column?: number;
  readonly anchor: PlaceAnchor;
}

export function repositoryPlaces(options: RepositoryPlacesOptions): RepositoryPlaces {
  const files = repositoryFiles(options.cwd, options.project);
  const fromCwd = (path: string) => resolve(options.cwd, path);
  const config = options.configFile
    ? { path: fromCwd(options.configFile.path), line: options.configFile.line ?? 1, anchor: 'config' as const }
    : undefined;
  // The last resort must exist: the named file, else the config, else a README, else package.json.
  const lastResort: Candidate[] = [
    ...(options.anchorFile ? [{ path: fromCwd(options.anchorFile), line: 1, anchor: 'anchor-file' as const }] : []),
    ...(config ? [{ ...config, line: 1, anchor: 'anchor-file' as const }] : []),
    ...[...README_NAMES, 'package.json'].map((name) => ({ path: resolve(files.root, name), line: 1, anchor: 'anchor-file' as const })),
  ];
  const rootUri = pathToFileURL(files.root).href.replace(/\/?$/, '/');

  return {
    rootUri,
    place(location, server) {
      const own =
        location && location.anchor !== 'target'
          ? [{ ...location, path: fromCwd(location.uri), line: location.startLine, column: location.startColumn }]
          : [];
      const declared = server.target.declaredIn;
      const candidates: Candidate[] = [
        ...own,
        ...(server.anchorPlaces ?? []).map((p) => ({ path: fromCwd(p.uri), line: p.startLine, anchor: p.anchor })),
        ...(declared ? [{ path: fromCwd(declared.file), line: declared.line, anchor: 'config' as const }] : []),
        ...(config ? [config] : []),
        ...lastResort,
      ];
      for (const [i, c] of candidates.entries()) {
        const uri = files.uriOf(c.path);
        if (uri === undefined) continue;
        const place = { uri, startLine: Math.max(1, c.line), ...(c.column ? { startColumn: c.column } : {}), anchor: c.anchor };
        // Past the finding's own place and the server's files, the place only stands in for the target.
        const isStandIn = i >= own.length && (c.anchor === 'config' || c.anchor === 'anchor-file' || c.anchor === 'capture');
        if (!isStandIn) return place;
        const original = location && location.anchor !== 'target' ? `${location.uri}:${location.startLine}` : undefined;
        return { ...place, standIn: { target: targetText(server.target), ...(original ? { original } : {}) } };
      }
      // Not even a README or package.json at the root: an empty repository. Name the target itself.
      return { uri: 'README.md', startLine: 1, anchor: 'anchor-file', standIn: { target: targetText(server.target) } };
    },
  };
}

/**
 * Turns a finding's subject into one physical place, best first: the source line that registers
 * the tool (source index) → the server manifest (server.json / package.json; for tool, prompt and
 * resource findings the entry file comes before it) → the entry file →
 * the config file that declares the target → the saved capture. GitHub rejects a whole SARIF
 * upload when one result lacks a location, so there is always an answer.
 */
import type { Registration, SourceIndex, SourcePosition } from '../model/source-index.js';
import type { Subject } from '../engine/rule.js';

export interface Location {
  /** Path relative to the working directory, with `/` separators. */
  readonly uri: string;
  readonly startLine: number;
  readonly startColumn?: number;
  /** Which anchor was used, so readers know how precise it is. */
  readonly anchor: 'source' | 'manifest' | 'entry' | 'config' | 'capture' | 'target';
}

export interface FileAnchor {
  readonly uri: string;
  readonly line: number;
  readonly column?: number;
}

/** Places found once per target by the CLI (I/O lives there, not here). */
export interface Anchors {
  readonly source?: SourceIndex;
  /** Relative path of the source root from the working directory ('' when the same). */
  readonly sourcePrefix?: string;
  readonly manifest?: FileAnchor;
  /** --manifest: the linted manifest's places by JSON pointer (its file is `manifest`), for findings with a manifestAt. */
  readonly manifestPositions?: Readonly<Record<string, { readonly line: number; readonly column: number }>>;
  /** --packed: the checked package's package.json and its places by JSON pointer, for findings with a packageAt. */
  readonly packageJson?: {
    readonly uri: string;
    readonly positions: Readonly<Record<string, { readonly line: number; readonly column: number }>>;
  };
  readonly entry?: FileAnchor;
  readonly config?: FileAnchor;
  readonly capture?: FileAnchor;
  /** Last resort: a name for the target (the command), used as a path. */
  readonly fallback: string;
}

const SERVER_ORDER = ['manifest', 'entry', 'config', 'capture'] as const;
const ENTITY_ORDER = ['entry', 'manifest', 'config', 'capture'] as const;

/** JSON pointers into the files a finding is about, which win over everything. */
export interface FilePlaces {
  /** Into the linted manifest (--manifest). */
  readonly manifestAt?: string | undefined;
  /** Into the checked package's package.json (--packed). */
  readonly packageAt?: string | undefined;
}

/**
 * `at`: a place in the indexed code the finding is about (a stdout write), which wins when the
 * index is there; `places`: a JSON pointer into the linted manifest or the checked package.json.
 */
export function locate(subject: Subject, anchors: Anchors, at?: SourcePosition, places: FilePlaces = {}): Location {
  const { manifestAt, packageAt } = places;
  if (manifestAt !== undefined && anchors.manifest && anchors.manifestPositions) {
    const place = propertyAt(anchors.manifestPositions, manifestAt) ?? { line: anchors.manifest.line, column: 1 };
    return { uri: anchors.manifest.uri, startLine: place.line, startColumn: place.column, anchor: 'manifest' };
  }
  if (packageAt !== undefined && anchors.packageJson) {
    const place = propertyAt(anchors.packageJson.positions, packageAt) ?? { line: 1, column: 1 };
    return { uri: anchors.packageJson.uri, startLine: place.line, startColumn: place.column, anchor: 'manifest' };
  }
  const registered = at && anchors.source ? at : registrationOf(subject, anchors.source);
  if (registered) {
    const prefix = anchors.sourcePrefix ? `${anchors.sourcePrefix}/` : '';
    return { uri: prefix + registered.file, startLine: registered.line, startColumn: registered.column, anchor: 'source' };
  }
  // Server-wide findings belong to the manifest; findings about a tool, prompt or resource are
  // closer to the code that defines it, so the entry file comes first for them.
  const order = subject.kind === 'server' || subject.kind === 'transport' ? SERVER_ORDER : ENTITY_ORDER;
  for (const anchor of order) {
    const place = anchors[anchor];
    if (place) return { uri: place.uri, startLine: place.line, ...(place.column ? { startColumn: place.column } : {}), anchor };
  }
  return { uri: anchors.fallback, startLine: 1, anchor: 'target' };
}

function registrationOf(subject: Subject, source: SourceIndex | undefined) {
  if (!source || subject.kind === 'server' || subject.kind === 'transport') return undefined;
  const kind = subject.kind === 'resourceTemplate' ? 'resource' : subject.kind;
  const registration = registrationsOf(source).get(`${kind}\u0000${subject.name}`);
  if (!registration) return undefined;
  const property = subject.pointer && registration.properties ? propertyAt(registration.properties, subject.pointer) : undefined;
  return property ?? registration;
}

/** Registrations by kind and name, the first of each, built once per index: a server may register 10,000 tools. */
const byName = new WeakMap<SourceIndex, ReadonlyMap<string, Registration>>();
function registrationsOf(source: SourceIndex): ReadonlyMap<string, Registration> {
  let map = byName.get(source);
  if (!map) {
    const built = new Map<string, Registration>();
    for (const r of source.registrations) {
      const key = `${r.kind}\u0000${r.name}`;
      if (!built.has(key)) built.set(key, r);
    }
    byName.set(source, (map = built));
  }
  return map;
}

/**
 * The recorded position the pointer falls in: its own, else its nearest recorded parent's
 * (`/annotations/readOnlyHint` → `/annotations`; `/inputSchema/properties/q/maxLength` → the
 * property `q`), so a finding lands on the closest line the source index knows.
 */
function propertyAt<T>(properties: Readonly<Record<string, T>>, pointer: string): T | undefined {
  for (let at = pointer; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) {
    const found = properties[at];
    if (found) return found;
  }
  return undefined;
}

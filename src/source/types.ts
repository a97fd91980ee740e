/**
 * What the optional source index (ts-morph, loaded lazily) tells rules and locate() about the
 * server's own code. Paths are relative to the project root, with `/` separators.
 */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface Registration extends SourcePosition {
  readonly kind: 'tool' | 'prompt' | 'resource';
  readonly name: string;
  /** How it was registered, e.g. `registerTool`, `tool`, `ListToolsRequestSchema`. */
  readonly style: string;
  /** Property positions inside the registration (JSON pointer → position), when known. */
  readonly properties?: Readonly<Record<string, SourcePosition>>;
}

export interface SourceIndex {
  /** Absolute project root (never written to reports; used to relativise paths). */
  readonly root: string;
  readonly registrations: readonly Registration[];
  readonly unresolved: readonly (SourcePosition & { readonly kind: Registration['kind']; readonly reason: string })[];
  readonly stdoutWrites: readonly (SourcePosition & { readonly call: string; readonly text: string })[];
  readonly throwingHandlers: readonly (SourcePosition & { readonly tool: string })[];
  readonly responseLimit?: SourcePosition & { readonly name: string };
  readonly looseZodObjects: readonly (SourcePosition & { readonly tool?: string })[];
  readonly filesIndexed: number;
}

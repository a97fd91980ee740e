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
  /**
   * The name findings use for the subject: the tool or prompt name; for a resource its URI (or URI
   * template), because that is how clients and findings name resources. The position is that of
   * the name literal (for resources, the registered name, the first argument).
   */
  readonly name: string;
  /** Resources only: the name given to registerResource/resource (the first argument), when known. */
  readonly registeredName?: string;
  /** How it was registered, e.g. `registerTool`, `tool`, `ListToolsRequestSchema`. */
  readonly style: string;
  /** Property positions inside the registration (JSON pointer → position), when known. */
  readonly properties?: Readonly<Record<string, SourcePosition>>;
}

/**
 * Where a handler lives and which API it was given to. Python: `fastmcp` (a FastMCP tool function)
 * and `call_tool` (the low-level Server's handler); both turn an exception into isError.
 */
export type HandlerStyle = 'registerTool' | 'tool' | 'CallToolRequestSchema' | 'fastmcp' | 'call_tool';

export interface SourceIndex {
  /** The language of the indexed code; absent means TypeScript/JavaScript (ts-morph). */
  readonly language?: 'python';
  /** Absolute project root (never written to reports; used to relativise paths). */
  readonly root: string;
  /** The indexed entry file (relative), when the index started from the launched script. */
  readonly entry?: string;
  readonly registrations: readonly Registration[];
  readonly unresolved: readonly (SourcePosition & { readonly kind: Registration['kind']; readonly reason: string })[];
  /** console.log/info/debug/dir/table… and process.stdout.write calls that write text to stdout. */
  readonly stdoutWrites: readonly (SourcePosition & { readonly call: string; readonly text: string })[];
  /**
   * Tool handlers with a `throw` that no enclosing try/catch in the handler catches. One entry per
   * throw statement; `tool` is '' when the throw cannot be tied to one tool.
   */
  readonly throwingHandlers: readonly (SourcePosition & { readonly tool: string; readonly style: HandlerStyle; readonly text: string })[];
  /** The first response-size limit found: a CHARACTER_LIMIT-style constant or a truncating slice. */
  readonly responseLimit?: SourcePosition & { readonly name: string };
  /**
   * zod input objects that strip unknown keys instead of rejecting them: `z.object({…})` without
   * `.strict()` (`.passthrough()`/`.loose()`/`.catchall()` are deliberate and not listed), and raw
   * shapes `{ a: z.string() }` that the SDK wraps in such an object.
   */
  readonly looseZodObjects: readonly (SourcePosition & {
    readonly tool?: string;
    /**
     * `object`: a z.object(…) chain; `rawShape`: an SDK raw shape; `parse`: a loose object parsing
     * tool arguments; `pydantic`: a Pydantic model without extra='forbid' validating tool arguments.
     */
    readonly form: 'object' | 'rawShape' | 'parse' | 'pydantic';
    readonly text: string;
  })[];
  /**
   * Python only: blocking network calls (requests.*, urllib.request.urlopen, httpx without a
   * client) inside an `async def` tool, which stall the server's event loop.
   */
  readonly syncNetworkCalls?: readonly (SourcePosition & { readonly tool: string; readonly call: string; readonly text: string })[];
  /**
   * Environment variables the code reads by a literal name (src/source/extract/env-reads.ts), in
   * file order; absent in an index built before mcplint read them.
   */
  readonly envReads?: readonly EnvRead[];
  readonly filesIndexed: number;
  /** What the index's limits kept it from reading (src/source/limits.ts); absent when it read everything it found. */
  readonly leftOut?: SourceLeftOut;
  /** The project's evaluation file (evaluation.ts); absent when the index did not look. */
  readonly evaluation?: EvaluationFacts;
}

/** `process.env.NAME`, `os.environ['NAME']`, `os.getenv('NAME')`…: where the code reads a variable. */
export interface EnvRead extends SourcePosition {
  readonly name: string;
}

/** Files of the project the index did not read, so findings in them are located at the entry file. */
export interface SourceLeftOut {
  /** Files over the per-file size cap: the first few (relative paths, in the order found) and how many in all. */
  readonly largeFiles: readonly string[];
  readonly largeFileCount: number;
  /** Files found but not read because the index already held its most files or bytes. */
  readonly pastLimit: number;
  /** The walk of the project stopped listing before it had seen every folder. */
  readonly listingStopped?: true;
}

/** The server-building guide's evaluation.xml: where it is and how many complete question/answer pairs it has. */
export type EvaluationFacts =
  | { readonly found: false }
  | {
      readonly found: true;
      /** Relative to the project root. */
      readonly file: string;
      readonly bytes: number;
      /** Larger than the cap: not read. */
      readonly tooLarge?: true;
      /** The document's first element (the guide's is `evaluation`). */
      readonly rootElement?: string;
      /** `<qa_pair>` elements. */
      readonly pairs: number;
      /** Pairs with a non-empty `<question>` and `<answer>`. */
      readonly complete: number;
    };

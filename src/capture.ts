/**
 * The capture: everything mcplint observed of one server, as one plain, versioned, serialisable
 * document. connect/ and probes/ write it; rules only read it. Saved with --save-capture and
 * re-linted with --from, so nothing in here may be a class, a function or a secret.
 */

export const CAPTURE_VERSION = 1 as const;

/** Protocol versions mcplint knows, oldest first. */
export const KNOWN_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type ProtocolVersion = (typeof KNOWN_PROTOCOL_VERSIONS)[number];
/** The version mcplint asks for in `initialize` (the newest of the initialize era). */
export const REQUESTED_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25';

export interface Capture {
  readonly captureVersion: typeof CAPTURE_VERSION;
  /** mcplint version that produced the capture. */
  readonly producer: { readonly name: 'mcplint'; readonly version: string };
  readonly target: TargetDescription;
  readonly transport: 'stdio' | 'http' | 'sse';
  readonly handshake: Handshake;
  readonly lists: Lists;
  /** Every message and every non-protocol stdout line, in order of arrival/sending. */
  readonly frames: readonly Frame[];
  /** stderr of a stdio server: head and tail, capped. */
  readonly stderr: CappedText;
  /** How the server process ended (stdio). */
  readonly exit?: ProcessExit;
  /** Results of protocol and tool probes, keyed by probe id. Absent key = probe not run. */
  readonly probes: Readonly<Record<string, ProbeRecord>>;
  readonly timing: Timing;
  /** What mcplint could not do or had to cut (caps hit, timeouts), in plain words. */
  readonly notes: readonly string[];
}

/** Where the server came from. Env and header *values* are never recorded, only names. */
export type TargetDescription =
  | {
      readonly kind: 'stdio';
      readonly command: string;
      readonly args: readonly string[];
      readonly cwd?: string;
      readonly envNames: readonly string[];
      /** Set when the target was read from a client config or mcplint config file. */
      readonly declaredIn?: DeclaredIn;
    }
  | {
      readonly kind: 'http';
      readonly url: string;
      readonly headerNames: readonly string[];
      readonly declaredIn?: DeclaredIn;
    };

export interface DeclaredIn {
  readonly file: string;
  readonly line: number;
  readonly serverName?: string;
}

export type Handshake =
  | {
      readonly ok: true;
      readonly requestedVersion: string;
      readonly protocolVersion: string;
      readonly serverInfo: { readonly name?: unknown; readonly version?: unknown; readonly [k: string]: unknown };
      readonly capabilities: Readonly<Record<string, unknown>>;
      readonly instructions?: string;
      /** The raw `result` of initialize, as received. */
      readonly raw: unknown;
      readonly durationMs: number;
    }
  | {
      readonly ok: false;
      readonly requestedVersion: string;
      readonly reason: HandshakeFailure;
      readonly message: string;
      /** JSON-RPC error, when the server answered initialize with one. */
      readonly error?: { readonly code?: unknown; readonly message?: unknown; readonly data?: unknown };
      /** The raw result when it was present but unusable. */
      readonly raw?: unknown;
      readonly durationMs: number;
    };

export type HandshakeFailure =
  | 'spawn-failed'
  | 'exited'
  | 'timeout'
  | 'error-response'
  | 'invalid-result'
  | 'connection-failed';

export type ListName = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

export const LIST_METHODS: Readonly<Record<ListName, { method: string; key: string; capability: string }>> = {
  tools: { method: 'tools/list', key: 'tools', capability: 'tools' },
  prompts: { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
  resources: { method: 'resources/list', key: 'resources', capability: 'resources' },
  resourceTemplates: { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
};

export type Lists = Readonly<Record<ListName, ListCapture>>;

export interface ListCapture {
  /**
   * ok: every page fetched; partial: some pages then a failure/cap/loop;
   * error: the first page failed; not-advertised: capability absent, not requested;
   * skipped: not attempted (handshake failed).
   */
  readonly status: 'ok' | 'partial' | 'error' | 'not-advertised' | 'skipped';
  readonly pages: readonly ListPage[];
  /** Every entry of every page, as received (malformed ones included). */
  readonly items: readonly unknown[];
  readonly error?: RpcErrorInfo;
  /** A cursor the server had already returned came back: pagination loops. */
  readonly loopCursor?: string;
  /** The page cap stopped pagination. */
  readonly pageCapHit?: boolean;
}

export interface ListPage {
  readonly cursor: string | null;
  readonly nextCursor?: unknown;
  readonly itemCount: number;
  /** Index into `frames` of the response frame. */
  readonly frame?: number;
  /** The page result without the item array (so unknown keys stay visible). */
  readonly rest?: Readonly<Record<string, unknown>>;
}

export interface RpcErrorInfo {
  readonly kind: 'error-response' | 'timeout' | 'closed' | 'invalid-result';
  readonly message: string;
  readonly code?: unknown;
  readonly data?: unknown;
}

/** The stage of the session a frame belongs to, so evidence can say "during the handshake". */
export type Phase = 'before-initialize' | 'handshake' | 'listing' | `probe:${string}` | 'shutdown';

export type Frame = MessageFrame | NoiseFrame;

interface FrameBase {
  readonly seq: number;
  /** Milliseconds since the connection started. */
  readonly at: number;
  readonly phase: Phase;
  /** Size of the line in bytes (without the newline), before any capping. */
  readonly bytes: number;
}

/** A JSON-RPC message sent or received. */
export interface MessageFrame extends FrameBase {
  readonly kind: 'message';
  readonly dir: 'send' | 'recv';
  /** Byte offset of the line in the server's stdout (recv on stdio only). */
  readonly offset?: number;
  /** The parsed message. When it was larger than the per-frame cap, `message` is absent and `truncated` is set. */
  readonly message?: unknown;
  readonly truncated?: boolean;
}

/** A stdout line that is not a JSON-RPC message. */
export interface NoiseFrame extends FrameBase {
  readonly kind: 'noise';
  readonly dir: 'recv';
  readonly offset: number;
  readonly noise: 'not-json' | 'not-jsonrpc' | 'blank' | 'unterminated' | 'invalid-utf8' | 'batch';
  /** The line as text, verbatim up to the cap (invalid UTF-8 replaced by U+FFFD). */
  readonly text: string;
  readonly truncated?: boolean;
}

export interface CappedText {
  readonly text: string;
  readonly totalBytes: number;
  readonly truncated: boolean;
}

export interface ProcessExit {
  /** How mcplint ended it: the server exited on its own, on stdin close, or had to be signalled. */
  readonly how: 'exited-early' | 'stdin-closed' | 'sigterm' | 'sigkill' | 'unknown';
  readonly code: number | null;
  readonly signal: string | null;
  /** ms from the start of shutdown until the process was gone (absent when it exited early). */
  readonly shutdownMs?: number;
  /** ms since start at which it exited. */
  readonly at?: number;
}

export interface Timing {
  /** ms from spawn/connect to the initialize response (or failure). */
  readonly handshakeMs?: number;
  /** ms for the whole session, start to process gone. */
  readonly totalMs: number;
}

/** One probe's record: what it sent, what came back, and what it concluded, as data. */
export interface ProbeRecord {
  readonly id: string;
  readonly status: 'ran' | 'skipped';
  readonly reason?: string;
  readonly data?: unknown;
}

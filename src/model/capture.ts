/**
 * The capture: everything mcplint observed of one server, as one plain, versioned, serialisable
 * document. connect/ and probes/ write it; rules only read it. Saved with --save-capture and
 * re-linted with --from, so nothing in here may be a class, a function or a secret.
 */

import type { ProtocolVersion } from '../shared/protocol-version.js';
import type { ManifestRecord } from './manifest.js';
import type { PackedPackage } from './packed.js';

export const CAPTURE_VERSION = 1 as const;

// The versions themselves live with their ordering helpers; the capture names them for its readers.
export { KNOWN_PROTOCOL_VERSIONS, type ProtocolVersion } from '../shared/protocol-version.js';
/** The version mcplint asks for in `initialize` (the newest of the initialize era). */
export const REQUESTED_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25';

export interface Capture {
  readonly captureVersion: typeof CAPTURE_VERSION;
  /** mcplint version that produced the capture. */
  readonly producer: { readonly name: 'mcplint'; readonly version: string };
  readonly target: TargetDescription;
  /** 'none': no session at all, a bare tools/list result read with --from (target kind 'listing'). */
  readonly transport: 'stdio' | 'http' | 'sse' | 'none';
  readonly handshake: Handshake;
  readonly lists: Lists;
  /** Every message and every non-protocol stdout line, in order of arrival/sending. */
  readonly frames: readonly Frame[];
  /** stderr of a stdio server: head and tail, capped. */
  readonly stderr: CappedText;
  /** How the server process ended (stdio). */
  readonly exit?: ProcessExit;
  /**
   * Results of protocol and tool probes, keyed by probe id (see src/model/probe-types.ts for each
   * probe's `data`). Absent key = probe not run. Every probe request and its answer is also in
   * `frames` (phase `probe:<id>`), except those sent on a connection of their own (version
   * negotiation), whose transcript is kept in that probe's data.
   */
  readonly probes: Readonly<Record<string, ProbeRecord>>;
  readonly timing: Timing;
  /** What mcplint could not do or had to cut (caps hit, timeouts), in plain words. */
  readonly notes: readonly string[];
  /** How much the server sent and what was cut to keep memory bounded (absent in older captures). */
  readonly output?: OutputStats;
  /** Every HTTP exchange, in order (Streamable HTTP and legacy HTTP+SSE targets only). */
  readonly exchanges?: readonly HttpExchange[];
  /** The client config entry that declared the server (--config-file), secret-free. */
  readonly clientConfig?: ClientConfigRecord;
  /** The published manifest the server was launched from (--manifest, src/model/manifest.ts). */
  readonly manifest?: ManifestRecord;
  /** The npm package as npm would publish it (--packed, src/model/packed.ts). */
  readonly packed?: PackedPackage;
}

/** Volume of the server's output, and the caps that bounded what mcplint kept of it. */
export interface OutputStats {
  /** Bytes the server wrote to stdout (stdio only). */
  readonly stdoutBytes?: number;
  /** Notifications received, by method, counted even past the frame cap. */
  readonly notifications: Readonly<Record<string, number>>;
  /** Frames not kept because the frame cap was reached. */
  readonly framesDropped: number;
  /** Received messages kept as their envelope only (larger than the per-frame cap, or past the total cap). */
  readonly framesTruncated: number;
  /** stdout lines longer than the line cap (cut), and the longest line seen, in bytes. */
  readonly linesCut?: number;
  readonly longestLine?: number;
  /** Set when mcplint stopped the server for writing more than the stdout cap. */
  readonly stopped?: {
    readonly reason: 'stdout-cap';
    readonly phase: Phase;
    readonly at: number;
    /** The request mcplint was waiting on when it stopped the server. */
    readonly waitingFor?: string;
  };
  /** The caps in force, in bytes (frames: a count). */
  readonly caps: {
    readonly frameBytes: number;
    readonly recordedBytes: number;
    readonly frames: number;
    readonly lineBytes?: number;
    readonly stdoutBytes?: number;
  };
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
    }
  | {
      /**
       * A bare tools/list result (optionally with prompts, resources, templates and an initialize
       * result) read with --from: only the listed data, no live session.
       */
      readonly kind: 'listing';
      /** The file, as the user gave it. */
      readonly file: string;
      /** The server's key when the file lists several (the guide's assets/tools.json shape). */
      readonly server?: string;
      /** The file carried the server's initialize result (else the handshake is assumed, not observed). */
      readonly initialize: boolean;
      readonly declaredIn?: DeclaredIn;
    };

/** What was linted, as the user gave it: the command line, the URL, or the listing file (and its server). */
export function targetText(target: TargetDescription): string {
  if (target.kind === 'stdio') return [target.command, ...target.args].join(' ');
  if (target.kind === 'http') return target.url;
  return target.server !== undefined ? `${target.server} (${target.file})` : target.file;
}

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
      /** The raw `result` of initialize (or of server/discover, see `via`), as received. */
      readonly raw: unknown;
      readonly durationMs: number;
      /** How the session was established: the legacy initialize handshake (default) or 2026-07-28 server/discover. */
      readonly via?: 'initialize' | 'server/discover';
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
  | 'connection-failed'
  /** The answer outgrew the line or body cap and was not read. */
  | 'too-large';

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
  /**
   * Which server process the frame belongs to when a probe crashed the server and mcplint had to
   * start it again: 2 for the first restart, 3 for the next… Absent for the first process.
   */
  readonly connection?: number;
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
  /** HTTP transports: the exchange that carried the message and what its response said. */
  readonly http?: FrameHttp;
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
  /** A line cut at the line cap that was the answer to this waiting request (its method): too long, not pollution. */
  readonly answerTo?: string;
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
  /** How long mcplint waited after closing stdin (and again after SIGTERM) before escalating. */
  readonly graceMs?: number;
  /** Processes the server started that were still running after it exited on its own (mcplint killed them). */
  readonly leftBehind?: readonly { readonly pid: number; readonly command: string }[];
  /**
   * Processes the server started that were still running after mcplint had stopped it and killed
   * its process group and every descendant seen (a double-forked daemon, a new session), found by
   * the run marker in their environment (Linux); mcplint killed them.
   */
  readonly survivors?: readonly { readonly pid: number; readonly command: string }[];
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
  /**
   * false: skipped because the probe does not apply to this server (e.g. ping in an era without
   * it, an unknown tool on a server without tools); absent: it applies, but could not run.
   */
  readonly applicable?: false;
  readonly data?: unknown;
}

/** The HTTP facts of one message frame (Streamable HTTP or legacy HTTP+SSE). */
export interface FrameHttp {
  /** Index into `capture.exchanges` of the exchange that carried the message. */
  readonly exchange: number;
  readonly method: 'POST' | 'GET' | 'DELETE';
  /** HTTP status of the response (absent while unknown, e.g. a send whose response never came). */
  readonly status?: number;
  /** Media type of the response, lower case, without parameters. */
  readonly contentType?: string;
  /** The MCP-Session-Id the response carried (or the request, for sends). */
  readonly sessionId?: string;
}

/**
 * One HTTP request and its response, as observed. Header values the user supplied (--header,
 * config headers) are never recorded: only their names, in `userHeaders`.
 */
export interface HttpExchange {
  readonly seq: number;
  /** ms since the connection started, when the request was sent. */
  readonly at: number;
  readonly phase: Phase;
  readonly method: 'POST' | 'GET' | 'DELETE';
  /** The request URL (query values that look like secrets are redacted before saving). */
  readonly url: string;
  /**
   * Why mcplint sent it: a JSON-RPC message, the legacy SSE stream, a GET stream check, the GET
   * with Last-Event-ID resuming a response stream the server closed early, session termination, a probe.
   */
  readonly purpose: 'message' | 'sse-stream' | 'get-stream' | 'resume' | 'terminate' | 'probe';
  /** JSON-RPC method of the body (POST), and whether it was a request, notification or response. */
  readonly rpcMethod?: string;
  readonly rpcKind?: 'request' | 'notification' | 'response';
  /** Protocol headers sent (accept, content-type, mcp-session-id, mcp-protocol-version, origin, mcp-method, mcp-name). */
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** Names of user-supplied headers sent (values never recorded). */
  readonly userHeaders: readonly string[];
  readonly status?: number;
  /** Selected response headers (content-type, mcp-session-id, allow, x-accel-buffering, www-authenticate, location). */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** Media type of the response, lower case, without parameters. */
  readonly contentType?: string;
  readonly sessionId?: string;
  readonly body?: HttpBody;
  /** Network failure (connection refused, reset, timeout), in plain words. */
  readonly error?: string;
  /** ms from sending until the response ended (or was abandoned). */
  readonly durationMs?: number;
  /** Probe id, for probe exchanges. */
  readonly probe?: string;
  /**
   * The server pointed this request at an origin the user did not name (a redirect, or a legacy SSE
   * endpoint): mcplint did not follow it, so the user's headers never went there.
   */
  readonly crossOrigin?: { readonly origin: string; readonly via: 'redirect' | 'sse-endpoint' };
}

export interface HttpBody {
  /** empty: no bytes; json: a JSON document; sse: an event stream; text: anything else; not-read: abandoned after the headers. */
  readonly kind: 'empty' | 'json' | 'sse' | 'text' | 'not-read';
  readonly bytes: number;
  /** The body as text, capped (for non-JSON bodies and error bodies). */
  readonly text?: string;
  /** SSE: events received, and their `event` names / ids / retry fields as seen. */
  readonly events?: number;
  readonly eventNames?: readonly string[];
  readonly eventIds?: readonly string[];
  readonly retry?: number;
  /** SSE: the first event carried an id / had empty data (both: the priming event of 2025-11-25). */
  readonly firstEvent?: { readonly id: boolean; readonly empty: boolean };
  /** Frames (indexes into `capture.frames`) of the JSON-RPC messages the body carried. */
  readonly frames?: readonly number[];
  /** The body was cut at the cap, or the stream was closed by mcplint before it ended. */
  readonly truncated?: boolean;
}

/** Client config files mcplint reads (`--config-file`). */
export type ClientFormat = 'claude-desktop' | 'claude-code' | 'cursor' | 'vscode' | 'gemini' | 'windsurf' | 'generic';

/**
 * The config entry that declared a server, with every value that could be a secret replaced.
 * Config rules read this; it never holds a secret, so captures stay shareable.
 */
export interface ClientConfigRecord {
  /** The config file, as given (relative to the working directory when possible). */
  readonly file: string;
  readonly format: ClientFormat;
  /** The key of the server under mcpServers / servers. */
  readonly serverName: string;
  /** 1-based line of the server entry. */
  readonly line: number;
  /** The entry's keys, in file order. */
  readonly keys: readonly string[];
  /** How the client reaches the server. */
  /** 'none': no session at all, a bare tools/list result read with --from (target kind 'listing'). */
  readonly transport: 'stdio' | 'http' | 'sse' | 'none';
  /** The entry as parsed, with env/header values and secret-looking strings replaced by "[redacted]" (references kept). */
  readonly entry: Readonly<Record<string, unknown>>;
  /** The shape of every value that can carry a secret: env and header values, args, url, keyed by JSON pointer into the entry. */
  readonly values: Readonly<Record<string, ConfigValue>>;
  /** Gemini CLI: the tools the client exposes / hides (the server still lists all of them). */
  readonly includeTools?: readonly string[];
  readonly excludeTools?: readonly string[];
}

/** What a config value is made of, without the value itself when it could be a secret. */
export interface ConfigValue {
  /** The value verbatim when it holds no literal secret (pure references, short non-secret text), else "[redacted]". */
  readonly text: string;
  /** Variables it references: "GITHUB_TOKEN" for ${GITHUB_TOKEN} / ${env:GITHUB_TOKEN} / $GITHUB_TOKEN, "input:id" for ${input:id}. */
  readonly references: readonly string[];
  /** Length of the literal text outside references. */
  readonly literalLength: number;
  /** Why the literal text looks like a secret (e.g. "GitHub token prefix"), when it does. */
  readonly secret?: string;
}

/**
 * What a rule may read, by what it requires. A rule's `requires` both gates it (missing data →
 * skipped, never passed) and types its context: `check` receives a view of the capture that has
 * only what the requirements declare, so a rule that reads the exit without requiring 'exit' does
 * not compile. That is what lets the judge run a rule as soon as the capture holds what it
 * requires (src/engine/judge.ts): nothing it can read is still to come.
 */
import type { Capture } from '../model/capture.js';
import type { SourceIndex } from '../model/source-index.js';
import type { CaptureIndex, ListedIndex, SessionIndex } from './capture-index.js';

/** What a rule needs from the capture; when absent the rule is reported as skipped, never passed. */
export type Requirement =
  | 'handshake'
  | 'tools'
  | 'prompts'
  | 'resources'
  | 'resourceTemplates'
  | 'stdio'
  /** Reads the server's source (ctx.source). */
  | 'source'
  /** The source index is of Python code: a check of Python idioms does not apply to other code (with 'source'). */
  | 'python'
  /** Reached over HTTP (Streamable HTTP or legacy HTTP+SSE), so capture.exchanges exists. */
  | 'http'
  /** Declared in a client config file (--config-file), so capture.clientConfig exists. */
  | 'clientConfig'
  /** Launched from a published manifest (--manifest), so capture.manifest exists. */
  | 'manifest'
  /** Its npm package was checked as npm would publish it (--packed, and --manifest for an npm package), so capture.packed exists. */
  | 'packed'
  /**
   * Linted together with other servers of the same client config (ctx.peers is set). A
   * cross-server rule sees every server, its own included, only as peers do (PeerServer): that is
   * all a JSON report keeps, so `mcplint merge` can judge it over the shards' reports.
   */
  | 'peers'
  /**
   * Reads the live session's transcript (capture.frames and the index's views of them: received,
   * noise, server requests and notifications) or the records of several probes (capture.probes,
   * when no one `probe:<id>` says it). A bare tools/list result (--from) has none of them.
   */
  | 'session'
  /**
   * Reads what the end of the session adds: how the server process ended (capture.exit), and what
   * only the shutdown completes — the frames, stderr, output counts, notes, timing and HTTP
   * exchanges recorded after stdin was closed. Every other rule is judged while the server shuts
   * down, these after. Implies 'session'.
   */
  | 'exit'
  | `probe:${string}`;

/** A requirement only a live session meets (a bare listing skips such rules; the judge waits for the session). */
export const liveOnly = (need: Requirement): boolean =>
  need === 'session' || need === 'exit' || need === 'stdio' || need === 'http' || need.startsWith('probe:');

/** Whether the union of requirements N has any of K (never distributes: N is the whole union). */
type Has<N, K> = [Extract<N, K>] extends [never] ? false : true;
/** `Part` when N has any of K, else nothing (`unknown` is the identity of an intersection). */
type If<N, K, Part> = Has<N, K> extends true ? Part : unknown;

/** What every rule sees: what the capture holds once the lists are in (the handshake, the lists, where the server came from). */
export type ListedCapture = Pick<
  Capture,
  'captureVersion' | 'producer' | 'target' | 'transport' | 'handshake' | 'lists' | 'clientConfig' | 'manifest' | 'packed'
>;

/** Requirements whose rules read the probes' records (complete once the last probe has answered). */
type ProbesNeed = 'session' | 'exit' | 'stdio' | 'http' | `probe:${string}`;

/**
 * The capture as a rule with requirements N sees it: the listed data, and only what N adds —
 * the probes' records (a live requirement), the transcript ('session'), the HTTP exchanges
 * ('http'), and what the end of the session adds ('exit', which implies the rest).
 */
export type CaptureView<N extends Requirement> = ListedCapture &
  If<N, ProbesNeed, Pick<Capture, 'probes'>> &
  If<N, 'session' | 'exit', Pick<Capture, 'frames'>> &
  If<N, 'http' | 'exit', Pick<Capture, 'exchanges'>> &
  If<N, 'exit', Pick<Capture, 'exit' | 'stderr' | 'timing' | 'notes' | 'output'>>;

/** The capture index as a rule with requirements N sees it: its views of the transcript need 'session' (or 'exit'). */
export type IndexView<N extends Requirement> = ListedIndex & If<N, 'session' | 'exit', SessionIndex>;

/** What a cross-server rule reads of a server's capture: where it was declared, and the client's tool filter. */
export type PeerCapture = Pick<Capture, 'target' | 'clientConfig'>;

/** What a cross-server rule reads of a server's index: its tools' names. */
export interface PeerIndex {
  readonly tools: readonly { readonly name: string }[];
}

/**
 * A server as cross-server rules see it: in a lint, another server of the same client config (its
 * whole capture fits); when shard reports are merged, what the server's report keeps (its key,
 * target and exposed tools).
 */
export interface PeerServer {
  /** Its key in the config file. */
  readonly name: string;
  readonly capture: PeerCapture;
  readonly index: PeerIndex;
}

/** The context of a rule with requirements N (not 'peers'): its views of the capture and, with 'source', the source index. */
export type CaptureRuleContext<O, N extends Requirement> = {
  readonly capture: CaptureView<N>;
  readonly index: IndexView<N>;
  readonly options: O;
} & If<N, 'source', { readonly source: SourceIndex }>;

/** The context of a cross-server rule: its own server and the others, each as a peer. */
export interface PeersRuleContext<O> {
  readonly capture: PeerCapture;
  readonly index: PeerIndex;
  readonly options: O;
  /** The other servers judged with this one (never empty: the rule is skipped when there are none). */
  readonly peers: readonly PeerServer[];
}

/**
 * The context of any rule, as the runner holds rules of every kind (Rule): all of it. Each rule's
 * own context is a part of this one; the runner gives each what its requirements met.
 */
export interface AnyRuleContext<O> {
  readonly capture: Capture;
  readonly index: CaptureIndex;
  readonly options: O;
  readonly source: SourceIndex;
  readonly peers: readonly PeerServer[];
}

/** What `check` receives: the views its requirements N declare (every view when N is every requirement: any rule). */
export type RuleContext<O, N extends Requirement = never> = [Requirement] extends [N]
  ? AnyRuleContext<O>
  : Has<N, 'peers'> extends true
    ? PeersRuleContext<O>
    : CaptureRuleContext<O, N>;

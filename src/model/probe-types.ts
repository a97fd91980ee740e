/**
 * Shapes shared by the probes (which write them into Capture.probes) and the probe rules (which
 * read them). Everything here is plain, serialisable data: it is saved with --save-capture and
 * re-linted with --from.
 */
import type { Frame, Handshake, ListCapture, ListName } from './capture.js';
import type { HttpPlanInput, HttpRequestStep } from './http-probe-types.js';

export type RequestId = string | number;

/** The probes configuration as written in mcplint's config file (`probes` key). */
export interface ProbesConfig {
  /** Tool probes (calls to the server's own tools). Default true; `--no-probes` turns them off. */
  readonly enabled?: boolean;
  /** Protocol probes (ping, unknown method, bad cursor, version negotiation…). Default true; `--no-protocol-probes`. */
  readonly protocol?: boolean;
  /** Tools that may be called although the policy would not call them (with arguments in `args`). */
  readonly allowTools?: readonly string[];
  /** Tools that are never called, whatever their annotations or the allow-list say. */
  readonly denyTools?: readonly string[];
  /** Arguments for valid calls, per tool name. */
  readonly args?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Timeout of each probe call in ms (default: the per-request timeout). */
  readonly timeout?: number;
  /** Responses longer than this many characters must say they were truncated (default 25,000). */
  readonly maxResponseChars?: number;
  /** Read-side probes (prompts/get, resources/read, completions, logging, subscriptions). Default true. */
  readonly surface?: boolean;
  /** Arguments for prompts/get, per prompt name. */
  readonly promptArgs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** At most this many listed resources are read (default 5). */
  readonly maxResourceReads?: number;
  /** Variables of resource templates to read, per URI template: { "<uriTemplate>": { var: value } }. */
  readonly templateVars?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** Flags from the command line, which win over the config file. */
export interface ProbeFlags {
  /** `--probes` / `--no-probes`. */
  readonly probes?: boolean;
  /** `--protocol-probes` / `--no-protocol-probes`. */
  readonly protocolProbes?: boolean;
}

export interface ResolvedProbeConfig {
  readonly tools: boolean;
  readonly protocol: boolean;
  readonly allowTools: readonly string[];
  readonly denyTools: readonly string[];
  readonly args: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly timeoutMs: number;
  /** For probes that start the server again (version negotiation, restart after a crash). */
  readonly startupTimeoutMs: number;
  readonly maxResponseChars: number;
  /** Read-side probes: on unless `probes.surface: false` or tool probes are off (--no-probes). */
  readonly surface: boolean;
  readonly promptArgs: Readonly<Record<string, Readonly<Record<string, string>>>>;
  readonly maxResourceReads: number;
  readonly templateVars: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const DEFAULT_MAX_RESPONSE_CHARS = 25_000;
export const DEFAULT_MAX_RESOURCE_READS = 5;

// ---------------------------------------------------------------------------------------------
// The plan

/** What the planner needs to know about the live session (all of it is in the capture too). */
export interface PlanInput {
  readonly handshake: Handshake;
  readonly lists: Readonly<Record<ListName, ListCapture>>;
  /** HTTP sessions only: what the HTTP probes are planned from (absent: no HTTP probes). */
  readonly http?: HttpPlanInput | undefined;
}

/** One request mcplint will send, exactly. */
export interface PlanStep {
  /** 1-based position in the plan. */
  readonly index: number;
  readonly probe: string;
  /** `fresh`: on a connection of its own, as its first message (version negotiation). */
  readonly connection: 'main' | 'fresh';
  readonly method: string;
  /** Exactly what is sent as `params` (absent: no params). */
  readonly params?: unknown;
  /** An explicit request id (otherwise the connection numbers requests itself). */
  readonly id?: RequestId;
  readonly tool?: string;
  /** Short machine-readable kind, e.g. `missing-required`, `wrong-type`, `valid`, `pagination`. */
  readonly purpose: string;
  /** Why this request is sent, in plain words. */
  readonly reason: string;
  /** Facts rules need about the step (the property left out, the limit asked for…). */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
  /** HTTP probes: the HTTP request this step is (`method` is then its JSON-RPC method, or GET / DELETE). */
  readonly http?: HttpRequestStep;
}

/** A tool (or a probe for a tool) that is not called, and why. */
export interface SkippedTool {
  readonly tool: string;
  /** The probe that skips it; absent when the tool is not called at all. */
  readonly probe?: string;
  readonly reason: string;
}

export interface SkippedProbe {
  readonly probe: string;
  readonly reason: string;
  /** It does not apply to this server (rather than: it could not run). */
  readonly notApplicable?: true;
}

export interface ProbePlan {
  readonly steps: readonly PlanStep[];
  readonly skippedTools: readonly SkippedTool[];
  readonly skippedProbes: readonly SkippedProbe[];
  /** Per-probe facts recorded with the probe's results (e.g. the response-size threshold). */
  readonly probeData: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Tools left uncalled by the cap on tool calls per run (src/probes/call-cap.ts), in the order they would have been called. */
  readonly notCalled?: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// What the probes record (ProbeRecord.data)

/** What a tools/call result looked like, measured when it arrived (the raw result is in its frame). */
export interface ResultView {
  readonly isError: boolean;
  /** `content` is an array. */
  readonly hasContent: boolean;
  readonly contentTypes: readonly string[];
  /** Characters of text in `content` (text blocks and embedded text resources). */
  readonly textChars: number;
  /** That text, joined by newlines; when longer than the cap, its head and tail around a marker. */
  readonly text: string;
  readonly textCut?: boolean;
  readonly hasStructuredContent: boolean;
  /** Characters of `structuredContent` as JSON. */
  readonly structuredChars?: number;
  /** `structuredContent` verbatim, unless it is very large. */
  readonly structuredContent?: unknown;
}

export type ProbeAnswer =
  | {
      readonly kind: 'result';
      readonly ms: number;
      /** Index of the response frame (in capture.frames, or in data.transcript for `fresh` calls). */
      readonly frame: number;
      /** The raw result, when it is small (protocol probes); tools/call results are in their frame. */
      readonly result?: unknown;
      readonly resultChars: number;
      /** tools/call results only. */
      readonly view?: ResultView;
    }
  | {
      readonly kind: 'error';
      readonly ms: number;
      readonly frame: number;
      readonly error: { readonly code?: unknown; readonly message?: unknown; readonly data?: unknown };
    }
  | {
      readonly kind: 'timeout';
      readonly ms: number;
      /** The server did not answer ping afterwards either, so mcplint stopped it and started it again. */
      readonly restarted?: boolean;
      /**
       * The answer came but outgrew a cap and was not read ("the tools/call result exceeded the 16 MiB
       * line cap"): as good as none to a client, and not an error the server sent.
       */
      readonly overCap?: string;
    }
  | {
      readonly kind: 'closed';
      readonly ms: number;
      /** How the server process ended, when known. */
      readonly exit?: { readonly code: number | null; readonly signal: string | null };
      /** mcplint started the server again for the remaining probes. */
      readonly restarted: boolean;
      /** HTTP: the connection failed (no process of the server's to exit). */
      readonly connectionFailed?: true;
    };

/** One request a probe sent (what its plan step said) and what came back. */
export interface ProbeCall extends Pick<PlanStep, 'method' | 'params' | 'tool' | 'purpose' | 'reason' | 'detail' | 'connection'> {
  /** The plan step it carried out (same index as `mcplint plan` prints). */
  readonly step: number;
  /** The request id (absent when the request could not be sent: the server was gone). */
  readonly id?: RequestId;
  /** Index of the request frame. */
  readonly requestFrame?: number;
  readonly answer: ProbeAnswer;
  /** The server was found dead right after this call answered (before the next request). */
  readonly exitedAfter?: boolean;
}

/** ProbeRecord.data of every probe. */
export interface ProbeData {
  readonly calls: readonly ProbeCall[];
  readonly skippedTools?: readonly SkippedTool[];
  /** version-negotiation: the frames of its own connection. */
  readonly transcript?: readonly Frame[];
  readonly [key: string]: unknown;
}

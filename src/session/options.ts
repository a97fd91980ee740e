/**
 * What a caller of the pipeline says: the target (one of them), how to capture it, and how to
 * judge it; the CLI adds how to report and when to fail. The CLI maps its flags onto this;
 * library users pass it to lint() or planProbes(). resolveRun (src/session/resolve-run.ts) turns
 * it and the config file into the settings a run uses.
 */
import type { ResolvedTarget } from '../connect/capture-target.js';
import type { HttpTransportChoice } from '../connect/http.js';
import type { Rule } from '../engine/rule.js';
import type { ProbeFlags } from '../model/probe-types.js';
import type { SourceIndex } from '../model/source-index.js';
import type { formatters } from '../report/formatters/index.js';
import type { FailOn } from '../report/gate.js';
import type { PackedMode } from '../model/packed.js';

export interface LintOptions {
  readonly cwd: string;
  /**
   * The rules, or a function that loads them: the CLI passes the import, which the pipeline starts
   * right after launching the server, so loading the rules overlaps the server's start-up (they
   * are loaded before the launch only when a config file or --rule flags need checking).
   */
  readonly rules: readonly Rule[] | (() => Promise<readonly Rule[]>);
  /** Command and arguments after `--`. */
  readonly command?: readonly string[];
  /** Lint a saved capture instead of launching anything. */
  readonly from?: string;
  readonly configFile?: string;
  /** Skip looking for a config file (tests, --no-config). */
  readonly noConfig?: boolean;
  readonly ruleFlags?: readonly string[];
  readonly timeoutMs?: number;
  readonly saveCapture?: string;
  /** Project directory for source mapping (default: config source.project, else the launched script's package). */
  readonly project?: string;
  /** Turn source mapping off (never loads the TypeScript compiler). */
  readonly noSource?: boolean;
  /** --no-cache: build the source index afresh, without reading or writing its on-disk cache. */
  readonly noCache?: boolean;
  /** Source indexes already built, by project root and entry (shared by the servers of one run). */
  readonly sourceIndexes?: Map<string, Promise<SourceIndex>>;
  /** --url: a Streamable HTTP (or legacy HTTP+SSE) server. */
  readonly url?: string;
  /** --header values for --url, by name (secrets: sent, never printed or saved). */
  readonly headers?: Readonly<Record<string, string>>;
  /** --allow-origin: origins besides the URL's own that redirects and a legacy SSE endpoint may lead to. */
  readonly allowOrigins?: readonly string[];
  /** --transport: auto (Streamable HTTP, falling back to HTTP+SSE), http, sse. */
  readonly transport?: HttpTransportChoice;
  /** --protocol: the protocol version to ask for (2026-07-28 uses server/discover). */
  readonly protocol?: string;
  /** --config-file: a client config (Claude, Cursor, VS Code, Gemini, Windsurf); lints every server, or --server. */
  readonly clientConfigFile?: string;
  /** --manifest: a published server.json or MCP Bundle manifest.json, linted with the server it launches (docs/manifests.md). */
  readonly manifest?: string;
  /**
   * --packed (`files`), --packed=install, --no-packed (false): check the npm package as npm would
   * publish it (docs/packed.md); with --manifest `files` unless --no-packed, otherwise off.
   */
  readonly packed?: PackedMode | false;
  /** --server: the one server of the client config to lint. */
  readonly server?: string;
  /** --shard i/n: with --config-file, lint only the i-th of n deterministic slices of its servers (CI matrices). */
  readonly shard?: { readonly index: number; readonly count: number };
  /** --jobs: servers linted in parallel. */
  readonly jobs?: number;
  /** An already resolved target; wins over everything else. */
  readonly target?: ResolvedTarget;
  /** --no-probes / --no-protocol-probes (win over the config's `probes` section). */
  readonly probes?: ProbeFlags;
  /** --fix: write the fixes in place; --diff (--fix-dry-run): print them as a patch and write nothing. */
  readonly fix?: 'fix' | 'diff';
  /** --unsafe-fixes: unsafe fixes too. */
  readonly unsafeFixes?: boolean;
  /** --show-fixes: compute every fixable finding's fix for the report without applying any. */
  readonly showFixes?: boolean;
  /** --fix-build: the command that rebuilds the server after its sources were fixed (with watch: before each lint). */
  readonly fixBuild?: string;
  /** --watch: lint again whenever the source project changes (the CLI's loop, src/cli/watch-command.ts). */
  readonly watch?: boolean;
}

export type ReportFormat = keyof typeof formatters;

/** How a run reports and when it fails: the CLI's output and exit-code flags (lint() itself reads none of them). */
export interface OutputOptions {
  readonly format?: ReportFormat;
  /** --output: the main report goes to this file instead of stdout. */
  readonly output?: string;
  /** --report FORMAT=FILE: more outputs of the same run. */
  readonly reports?: readonly { readonly format: ReportFormat; readonly file: string }[];
  /** --color / --no-color; absent: auto. */
  readonly color?: boolean;
  readonly sarifCategory?: string;
  readonly sarifAnchor?: string;
  readonly quiet?: boolean;
  /** false: --no-fold / --verbose. */
  readonly fold?: boolean;
  readonly baseline?: string;
  readonly updateBaseline?: boolean;
  readonly strictBaseline?: boolean;
  readonly failOn?: FailOn;
  readonly maxWarnings?: number;
  readonly minScore?: number;
  /** --fail-on-skipped / --no-fail-on-skipped (win over the config's failOnSkipped). */
  readonly failOnSkipped?: boolean;
}

/** Everything a run is given besides its config file. */
export interface RunOptions extends LintOptions, OutputOptions {}

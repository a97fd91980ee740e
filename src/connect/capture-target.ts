/**
 * One entry point for capturing any target: a stdio command, a Streamable HTTP / legacy SSE URL,
 * or either of them declared in a client config file. HTTP targets hand their connection to the
 * probes, which plan the HTTP protocol probes with the others; config-declared targets get their
 * (secret-free) config record in the capture so config rules can judge the entry itself.
 */
import type { Capture, ClientConfigRecord, DeclaredIn } from '../model/capture.js';
import type { ManifestRecord } from '../model/manifest.js';
import type { PackedPackage } from '../model/packed.js';
import { redactText } from '../model/redact.js';
import type { HttpCaptureOptions, ResolvedHttpTarget } from './capture-http.js';
import { captureStdio } from './capture-session.js';
import type { StdioTarget } from './stdio.js';

export interface ResolvedStdioTarget extends StdioTarget {
  readonly kind?: 'stdio';
  readonly declaredIn?: DeclaredIn;
  readonly clientConfig?: ClientConfigRecord;
  /** Per-server request timeout from a client config (Gemini `timeout`). */
  readonly timeoutMs?: number;
  /** Further values to redact (expanded config variables, secret-looking arguments). */
  readonly secrets?: readonly string[];
  /** --manifest: the manifest this launch comes from, put in the capture for the manifest rules. */
  readonly manifest?: ManifestRecord;
  /** --packed: the project's npm package as npm would publish it, put in the capture for packed-package-files. */
  readonly packed?: PackedPackage;
  /** --packed=install: the project's own launch, whose code the source index reads (the launched copy is its packed files, installed elsewhere). */
  readonly sourceFrom?: StdioTarget;
}

export type ResolvedTarget = ResolvedStdioTarget | ResolvedHttpTarget;

export function isHttpTarget(target: ResolvedTarget): target is ResolvedHttpTarget {
  return target.kind === 'http';
}

/** Query parameters whose values are credentials more often than not. */
const SECRET_QUERY = /(?:token|key|secret|password|passwd|auth|sig|signature|credential|session|code)/i;

/** Every value of a target that must never appear in a report or a saved capture. */
export function targetSecrets(target: ResolvedTarget): string[] {
  if (!isHttpTarget(target)) return [...Object.values(target.env ?? {}), ...(target.secrets ?? [])];
  const secrets = [...Object.values(target.headers ?? {}), ...(target.secrets ?? [])];
  // "Bearer abc…": the token alone too, in case the server echoes only the token.
  for (const value of Object.values(target.headers ?? {})) {
    const m = /^\s*\S+\s+(\S{8,})\s*$/.exec(value);
    if (m) secrets.push(m[1]!);
  }
  try {
    const url = new URL(target.url);
    if (url.password) secrets.push(decodeURIComponent(url.password), url.password);
    for (const [name, value] of url.searchParams)
      if (SECRET_QUERY.test(name) && value.length >= 4) secrets.push(value, encodeURIComponent(value));
  } catch {
    // An invalid URL fails later, with a clear message.
  }
  return secrets;
}

/** Options of captureTarget: a capture's, and those of an HTTP target (capture-http.ts). */
export type TargetCaptureOptions = HttpCaptureOptions;

/** Capture any resolved target. */
export async function captureTarget(target: ResolvedTarget, options: TargetCaptureOptions): Promise<Capture> {
  const timed =
    target.timeoutMs !== undefined
      ? { ...options, timeoutMs: target.timeoutMs, startupTimeoutMs: Math.max(target.timeoutMs, options.startupTimeoutMs) }
      : options;
  const { onShutdown, onListed } = options;
  const effective = {
    ...timed,
    progressLabel: progressLabel(target),
    // The captures before the probes and before the exit carry the client config record too, as the final one will.
    ...(onListed ? { onListed: (listed: Capture) => onListed(withDeclarations(listed, target)) } : {}),
    ...(onShutdown ? { onShutdown: (beforeExit: Capture) => onShutdown(withDeclarations(beforeExit, target)) } : {}),
  };
  // The HTTP client (and node:http, node:https) loads only for an HTTP target: a stdio lint starts its server sooner.
  const capture = isHttpTarget(target)
    ? await (await import('./capture-http.js')).captureHttp(target, effective)
    : await captureStdio(target, effective);
  return withDeclarations(capture, target);
}

/** The capture with what declared the target: its client config record, its manifest (--manifest), its packed package (--packed). */
function withDeclarations(capture: Capture, target: ResolvedTarget): Capture {
  const configured = withClientConfig(capture, target.clientConfig);
  const packed = isHttpTarget(target) ? undefined : target.packed;
  return {
    ...configured,
    ...(target.manifest ? { manifest: target.manifest } : {}),
    ...(packed ? { packed } : {}),
  };
}

/** How an interrupted run names the server: its client config name, and its command line or URL, secrets redacted. */
function progressLabel(target: ResolvedTarget): string {
  const where = redactText(isHttpTarget(target) ? target.url : [target.command, ...target.args].join(' '), targetSecrets(target));
  const name = target.declaredIn?.serverName;
  return name ? `server "${name}" (${where})` : where;
}

function withClientConfig(capture: Capture, record: ClientConfigRecord | undefined): Capture {
  if (!record) return capture;
  const notes = [...capture.notes];
  if (record.includeTools || record.excludeTools) {
    const listed = capture.lists.tools.items.length;
    notes.push(
      `${record.file} limits the tools the client exposes (${[
        record.includeTools ? `includeTools: ${record.includeTools.join(', ')}` : '',
        record.excludeTools ? `excludeTools: ${record.excludeTools.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')}); mcplint lints all ${listed} tools the server lists, and checks name collisions only on the exposed ones.`,
    );
  }
  return { ...capture, clientConfig: record, notes };
}

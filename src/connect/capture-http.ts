/**
 * Capturing a server over Streamable HTTP (or legacy HTTP+SSE): its own module, so that only an
 * HTTP target loads the HTTP client (capture-target.ts imports it when it meets one).
 */
import type { Capture, ClientConfigRecord, DeclaredIn, ProbeRecord, TargetDescription } from '../model/capture.js';
import type { ManifestRecord } from '../model/manifest.js';
import { runSession, type CaptureOptions, type LiveSession } from './capture-session.js';
import { HttpConnection, type HttpTarget, type HttpTransportChoice } from './http.js';

export interface ResolvedHttpTarget {
  readonly kind: 'http';
  readonly url: string;
  /** Request headers; values are secrets (sent, never recorded). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly transport?: HttpTransportChoice;
  /** Origins besides the URL's own that may receive requests (with the headers). */
  readonly allowOrigins?: readonly string[];
  readonly declaredIn?: DeclaredIn;
  readonly clientConfig?: ClientConfigRecord;
  readonly timeoutMs?: number;
  readonly secrets?: readonly string[];
  /** --manifest: the server.json whose remote this is, put in the capture for the manifest rules. */
  readonly manifest?: ManifestRecord;
}

export interface HttpCaptureOptions extends CaptureOptions {
  /**
   * HTTP targets: give the probes the HTTP connection (`session.http`), so that they plan the HTTP
   * protocol probes first (probeHook runs them, planHook only lists them); without a `probes` hook
   * they run alone. Default true; false for --no-protocol-probes.
   */
  readonly httpProbes?: boolean;
}

/** Capture a server over Streamable HTTP (or legacy HTTP+SSE), with the HTTP probes. */
export async function captureHttp(target: ResolvedHttpTarget, options: HttpCaptureOptions): Promise<Capture> {
  const description: TargetDescription = {
    kind: 'http',
    url: target.url,
    headerNames: Object.keys(target.headers ?? {}).sort(),
    ...(target.declaredIn ? { declaredIn: target.declaredIn } : {}),
  };
  const connection = new HttpConnection(connectionTarget(target), { timeoutMs: options.timeoutMs });
  // The probes (planned by the caller: connect does not know them) get the HTTP connection too, so
  // that they plan the HTTP protocol probes first; --no-protocol-probes withholds it.
  const hook = options.probes;
  // Version negotiation's first contact of its own: a second, throw-away session on a connection
  // of its own (initialize, then DELETE at its close), over the transport the server speaks.
  const openFresh = (): HttpConnection =>
    new HttpConnection({ ...connectionTarget(target), transport: connection.transport }, { timeoutMs: options.timeoutMs });
  const probes =
    hook &&
    (async (session: LiveSession): Promise<Record<string, ProbeRecord>> =>
      hook({ ...session, openFresh, ...(options.httpProbes === false ? {} : { http: connection }) }));
  const capture = await runSession(connection, description, { ...options, ...(probes ? { probes } : {}) }, () => connection.connectError);
  return { ...capture, exchanges: connection.exchanges.map((e) => ({ ...e })) };
}

function connectionTarget(target: ResolvedHttpTarget): HttpTarget {
  return {
    url: target.url,
    ...(target.headers ? { headers: target.headers } : {}),
    transport: target.transport ?? 'auto',
    ...(target.allowOrigins ? { allowOrigins: target.allowOrigins } : {}),
  };
}

/**
 * Capturing a server over Streamable HTTP (or legacy HTTP+SSE): its own module, so that only an
 * HTTP target loads the HTTP client (capture-target.ts imports it when it meets one).
 */
import type { Capture, ProbeRecord, TargetDescription } from '../model/capture.js';
import { runSession, type LiveSession } from './capture-session.js';
import type { ResolvedHttpTarget, TargetCaptureOptions } from './capture-target.js';
import { HttpConnection, type HttpTarget } from './http.js';

/** Capture a server over Streamable HTTP (or legacy HTTP+SSE), with the HTTP probes. */
export async function captureHttp(target: ResolvedHttpTarget, options: TargetCaptureOptions): Promise<Capture> {
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

/** A pass-through HTTP proxy that logs every request it forwards (what mcplint sent, exactly). */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Logged {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A pass-through proxy in front of `target` that logs every request it forwards. */
export async function loggingProxy(target: string): Promise<{ url: string; log: Logged[]; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const log: Logged[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      log.push({ method: req.method ?? '', headers: req.headers, body: body.toString('utf8') });
      const forward = request(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

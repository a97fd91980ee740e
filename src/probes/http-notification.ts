/**
 * http-notification: how the server answered the notifications/initialized the handshake POSTed
 * (202 Accepted, no body, is right). Sends nothing of its own.
 */
import { httpInput, isModern, speaksLegacySse, type HttpProbeModule } from './http-probe.js';

export const httpNotificationProbe: HttpProbeModule = {
  id: 'http-notification',
  kind: 'protocol',
  transport: 'http',
  plan(ctx) {
    if (speaksLegacySse(ctx)) {
      return { skip: 'the server speaks the legacy HTTP+SSE transport, where every POST is answered alike; this checks Streamable HTTP' };
    }
    if (isModern(ctx)) return { skip: 'protocol 2026-07-28 defines no client notifications over Streamable HTTP' };
    const exchange = httpInput(ctx).exchanges.find((e) => e.purpose === 'message' && e.rpcMethod === 'notifications/initialized');
    if (!exchange) return { skip: 'no notifications/initialized exchange was recorded' };
    return {
      steps: [
        {
          method: 'notifications/initialized',
          purpose: 'observe',
          reason:
            'a notification must be answered 202 Accepted with no body; ' +
            `the answer to the one the handshake POSTed (exchange ${exchange.seq}) is judged, nothing more is sent`,
          http: { method: 'POST', observes: exchange.seq },
        },
      ],
    };
  },
  async run(channel, steps) {
    // Its answer may still be on the way: judge it once it has come (or the timeout has passed).
    await channel.acknowledged();
    const exchange = channel.exchanges[steps[0]!.http!.observes!]!;
    return {
      exchange: exchange.seq,
      ...(exchange.status !== undefined ? { status: exchange.status } : {}),
      ...(exchange.contentType ? { contentType: exchange.contentType } : {}),
      bodyBytes: exchange.body?.bytes ?? 0,
      ...(exchange.body?.text ? { bodyText: exchange.body.text.slice(0, 300) } : {}),
      ...(exchange.error ? { error: exchange.error } : {}),
      method: 'notifications/initialized',
    };
  },
};

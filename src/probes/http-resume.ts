/**
 * http-resume: resuming with Last-Event-ID replays only the stream that id belongs to. Planned
 * when the server put ids on the events of two or more of the session's POST response streams:
 * a GET carries the first id of one of them, and the events replayed must not include any of the
 * ids the other streams carried (the server MUST NOT replay another stream's messages).
 */
import { atLeast } from '../shared/protocol-version.js';
import { dataOf, httpInput, isModern, speaksLegacySse, type HttpProbeModule } from './http-probe.js';

/** How long the replay is read: a resumed stream may stay open for later events. */
const REPLAY_READ_MS = 2000;
/** A replay comes at once: this long without a byte and it is over. */
const REPLAY_IDLE_MS = 400;

export const httpResumeProbe: HttpProbeModule = {
  id: 'http-resume',
  kind: 'protocol',
  transport: 'http',
  plan(ctx) {
    if (speaksLegacySse(ctx)) return { skip: 'the legacy HTTP+SSE transport has no resumable streams', notApplicable: true };
    if (isModern(ctx)) return { skip: 'protocol 2026-07-28 has no resumable streams (no Last-Event-ID)', notApplicable: true };
    if (!atLeast(ctx.protocolVersion, '2025-03-26')) {
      return { skip: `the server negotiated ${ctx.protocolVersion}; resumable streams exist from 2025-03-26`, notApplicable: true };
    }
    // Streams with a non-empty event id to resume from (an `id:` line may be empty).
    const streams = httpInput(ctx).exchanges.filter(
      (e) => e.method === 'POST' && e.purpose === 'message' && e.body?.eventIds?.some((id) => id !== ''),
    );
    if (streams.length < 2)
      return {
        skip: 'fewer than two response streams carried event ids: nothing to resume, or no other stream to tell apart',
        notApplicable: true,
      };
    const [resumed, ...others] = streams;
    const lastEventId = resumed!.body!.eventIds!.find((id) => id !== '')!;
    return {
      steps: [
        {
          method: 'GET',
          purpose: 'resume-stream',
          reason:
            `resumes the stream that answered ${resumed!.rpcMethod ?? 'a request'} (exchange ${resumed!.seq}) from its first event id; ` +
            `what is replayed must belong to that stream only, never to the ${others.length} other stream${others.length === 1 ? '' : 's'}; ` +
            `read for at most ${REPLAY_READ_MS / 1000} s (until it is quiet for ${REPLAY_IDLE_MS} ms)`,
          detail: { lastEventId, resumedExchange: resumed!.seq },
          http: { method: 'GET', headers: { 'last-event-id': lastEventId } },
        },
      ],
    };
  },
  async run(channel, steps) {
    const step = steps[0]!;
    const lastEventId = String(step.detail?.lastEventId);
    const result = await channel.exchange({
      method: 'GET',
      purpose: 'probe',
      headers: step.http!.headers ?? {},
      probe: step.probe,
      maxMs: Math.min(REPLAY_READ_MS, channel.timeoutMs),
      idleMs: REPLAY_IDLE_MS,
    });
    const replayedIds = channel.exchanges[result.index]?.body?.eventIds ?? [];
    return { ...dataOf(result), lastEventId, resumedExchange: Number(step.detail?.resumedExchange), replayedIds: [...replayedIds] };
  },
};

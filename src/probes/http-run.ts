/**
 * Carries out the HTTP steps of a probe plan on the HTTP connection, probe by probe, in order, and
 * records what each probe's exchanges showed. What to send is the plan's; how to read the answers
 * is each probe's own `run`.
 */
import type { ProbeRecord } from '../model/capture.js';
import type { HttpChannel } from './http-probe.js';
import { HTTP_PROBES } from './http-probes.js';
import type { PlanStep } from '../model/probe-types.js';

export async function executeHttpSteps(channel: HttpChannel | undefined, steps: readonly PlanStep[]): Promise<Record<string, ProbeRecord>> {
  const records: Record<string, ProbeRecord> = {};
  const previous = channel?.phase;
  for (const probe of HTTP_PROBES) {
    const own = steps.filter((s) => s.probe === probe.id);
    if (own.length === 0) continue;
    if (!channel) records[probe.id] = skipped(probe.id, 'this connection cannot send HTTP requests');
    else if (channel.isClosed) records[probe.id] = skipped(probe.id, 'the connection closed before the probe could run');
    else {
      channel.phase = `probe:${probe.id}`;
      records[probe.id] = { id: probe.id, status: 'ran', data: await probe.run(channel, own) };
    }
  }
  if (channel && previous !== undefined) channel.phase = previous;
  return records;
}

const skipped = (id: string, reason: string): ProbeRecord => ({ id, status: 'skipped', reason });

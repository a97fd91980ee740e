/**
 * What an interrupted run says about one server: registered once per capture session (not per
 * process: version negotiation's second process and restarts belong to the same server).
 */
import type { Connection } from './connection.js';
import { trackProgress } from './reaper.js';

/** `first` holds every frame and note of the session; `current` is the process in use now (after restarts). */
export function trackSessionProgress(label: string, first: Connection, current: () => Connection): () => void {
  return trackProgress(() => {
    const now = current();
    const waitingFor = now.waitingFor?.();
    let received = 0;
    let noise = 0;
    for (const frame of first.frames) {
      if (frame.kind === 'noise') noise++;
      else if (frame.dir === 'recv') received++;
    }
    return {
      label,
      phase: now.phase,
      elapsedMs: now.elapsed(),
      frames: first.frames.length,
      messagesReceived: received,
      noiseLines: noise,
      ...(waitingFor ? { waitingFor } : {}),
      ...(now.step && now.phase.startsWith('probe:') ? { step: now.step } : {}),
      notes: [...first.notes],
    };
  });
}

/**
 * Progress notifications while a lint runs: what the server sessions under way are doing
 * (starting, listing, probing 3/12 · a tool), sent when it changes and at least every few seconds,
 * so a client sees the call is alive. Nothing is sent when the client gave no progressToken.
 */
import type { LiveProgress } from '../../connect/reaper.js';

const POLL_MS = 250;
/** Even with nothing new, a notification this often. */
const HEARTBEAT_MS = 5_000;

/** `sessions`: how far this request's own server sessions got (its process scope's, src/connect/process-scope.ts). */
export function startProgress(send: ((message: string) => void) | undefined, sessions: () => readonly LiveProgress[]): { stop(): void } {
  if (!send) return { stop() {} };
  let last = '';
  let lastAt = 0;
  const tick = (): void => {
    const now = phaseText(sessions());
    if (now === last && Date.now() - lastAt < HEARTBEAT_MS) return;
    last = now;
    lastAt = Date.now();
    send(now);
  };
  tick();
  const timer = setInterval(tick, POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

function phaseText(sessions: readonly LiveProgress[]): string {
  const [first, ...others] = sessions;
  if (!first) return 'starting the server';
  // No tool name: progress goes out while the server runs, before its capture is redacted, and a
  // server can echo a secret of its environment in a name (fixtures/hostile/echo-in-names.mjs).
  const step = first.step ? ` ${first.step.index}/${first.step.total}` : '';
  return `${first.phase}${step}${others.length > 0 ? ` (+${others.length} more session(s))` : ''}`;
}

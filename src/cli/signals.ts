/**
 * SIGINT (Ctrl-C), SIGTERM and SIGHUP end mcplint promptly: say how far each running server got,
 * kill every server process tree mcplint started, and exit 128 + the signal's number.
 */
import { constants } from 'node:os';
import { inertLine } from '../shared/inert.js';

const HANDLED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type HandledSignal = (typeof HANDLED)[number];

export function installSignalHandlers(): void {
  for (const signal of HANDLED) process.once(signal, () => void stop(signal));
}

/** 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP: what a shell reports for a process killed by it. */
export function signalExitCode(signal: HandledSignal): number {
  return 128 + constants.signals[signal];
}

async function stop(signal: HandledSignal): Promise<void> {
  const { killAll, liveProgress } = await import('../connect/reaper.js');
  // What each running session had got to, read before its processes are killed.
  const progress = liveProgress();
  killAll();
  const lines = ['', `mcplint: interrupted (${signal}); the server process tree was stopped.`];
  for (const p of progress) {
    // Labels, waits and notes carry the server's words: shown inert.
    lines.push(inertLine(`Partial report for ${p.label}:`));
    lines.push(
      `  phase ${p.phase}${p.waitingFor ? `, waiting for ${inertLine(p.waitingFor)}` : ''} after ${(p.elapsedMs / 1000).toFixed(1)} s; ` +
        `${p.frames} frame${p.frames === 1 ? '' : 's'} recorded (${p.messagesReceived} message${p.messagesReceived === 1 ? '' : 's'} received, ` +
        `${p.noiseLines} non-protocol stdout line${p.noiseLines === 1 ? '' : 's'})`,
    );
    for (const note of p.notes) lines.push(`  note: ${inertLine(note)}`);
  }
  // A closed stderr (SIGHUP: the terminal is gone) must not keep mcplint from exiting.
  try {
    process.stderr.write(lines.join('\n') + '\n');
  } catch {
    // Nothing left to tell.
  }
  process.exit(signalExitCode(signal));
}

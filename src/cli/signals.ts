/**
 * SIGINT (Ctrl-C), SIGTERM and SIGHUP end mcplint promptly: say how far each running server got,
 * kill every server process tree mcplint started, and exit 128 + the signal's number.
 *
 * The handlers are installed when the first server process or session starts. Until then there is
 * nothing to stop, and a handler could only run once the main thread is free: a merge of large
 * reports or a --from of 200,000 tools spends seconds in synchronous parsing and judging. So
 * before any server, the signal's default action ends mcplint at once, in any phase, and a shell
 * reports the same 128 + the signal's number. (A file being written then is left as it was:
 * writes go through a temporary file and a rename, src/shared/output-file.ts.)
 */
import { constants } from 'node:os';
import { killAll, liveProgress, whenServersStart } from '../connect/reaper.js';
import { inertLine } from '../shared/inert.js';

const HANDLED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type HandledSignal = (typeof HANDLED)[number];

export function installSignalHandlers(): void {
  whenServersStart(() => {
    for (const signal of HANDLED) process.once(signal, () => stop(signal));
  });
}

/** 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP: what a shell reports for a process killed by it. */
export function signalExitCode(signal: HandledSignal): number {
  return 128 + constants.signals[signal];
}

function stop(signal: HandledSignal): void {
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

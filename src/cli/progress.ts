/**
 * Progress for people watching a terminal: nothing for the first second (most runs finish sooner),
 * then a spinner line on stderr with the elapsed time, the phase and what is linted (cut at the
 * terminal's width, the phase and time never falling off its edge). Only when stderr is a
 * TTY and the user did not ask for --quiet, so logs, pipes, CI and --output files never see it.
 * The line is erased before anything else is printed.
 */
import type { LiveProgress } from '../connect/reaper.js';
import type { RunTarget } from '../session/resolve-run.js';
import { inertLine } from '../shared/inert.js';
import { clip } from '../shared/text.js';

export interface Progress {
  /** What is happening now ("linting node dist/index.js"). */
  update(text: string): void;
  /** Erase the line and stop. Safe to call twice. */
  stop(): void;
}

export interface ProgressOptions {
  readonly stream?: NodeJS.WriteStream;
  readonly enabled?: boolean;
  /** ms before anything is shown. */
  readonly delayMs?: number;
  readonly intervalMs?: number;
  /** What is going on right now, asked at every frame ("probing 3/12 · notes_get_note"); shown before the text. */
  readonly detail?: () => string | undefined;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const NOOP: Progress = { update() {}, stop() {} };

export function startProgress(text: string, options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const enabled = options.enabled ?? stream.isTTY === true;
  if (!enabled) return NOOP;
  const started = Date.now();
  let current = text;
  let frame = 0;
  let shown = false;
  let timer: NodeJS.Timeout | undefined;
  const draw = (): void => {
    shown = true;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const width = Math.max(20, (stream.columns || 80) - 1);
    // The label names the command or URL: shown inert, so it cannot move the cursor or clear the line.
    let detail: string | undefined;
    try {
      detail = options.detail?.();
    } catch {
      detail = undefined; // progress never breaks a run
    }
    // The timer and the phase first: the label (a long command line) is what the width cuts.
    const line = `${FRAMES[frame++ % FRAMES.length]} ${seconds} s${detail ? ` · ${inertLine(detail)}` : ''} · ${inertLine(current)}`;
    stream.write(`\r\x1b[K${clip(line, width, { fit: true })}`);
  };
  const delay = setTimeout(() => {
    draw();
    timer = setInterval(draw, options.intervalMs ?? 100);
    timer.unref();
  }, options.delayMs ?? 1000);
  delay.unref();
  return {
    update(next) {
      current = next;
    },
    stop() {
      clearTimeout(delay);
      if (timer) clearInterval(timer);
      timer = undefined;
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}

/**
 * The phase of the sessions under way, in words: "starting", "listing", "probing 3/12". With
 * several servers at once, how many, then the first one's phase. No tool name: the line is drawn
 * while the server runs, before its capture is redacted, and a server can echo a secret of its
 * environment in a name (fixtures/hostile/echo-in-names.mjs); the MCP mode's progress leaves it out too.
 */
export function activityText(sessions: readonly Pick<LiveProgress, 'phase' | 'step'>[]): string | undefined {
  const first = sessions[0];
  if (!first) return undefined;
  const own = phaseText(first);
  return sessions.length > 1 ? `${sessions.length} servers · ${own}` : own;
}

function phaseText(session: Pick<LiveProgress, 'phase' | 'step'>): string {
  if (session.phase.startsWith('probe:')) {
    const step = session.step;
    return step ? `probing ${step.index}/${step.total}` : `probing · ${session.phase.slice('probe:'.length)}`;
  }
  if (session.phase === 'before-initialize' || session.phase === 'handshake') return 'starting';
  if (session.phase === 'listing') return 'listing';
  return session.phase === 'shutdown' ? 'shutting down' : session.phase;
}

/** What the progress line says is linted (its first text); a URL's own password or token masked as in reports. */
export async function lintingText(target: RunTarget | null, command: readonly string[]): Promise<string> {
  if (target?.kind === 'capture-file') return `linting the capture ${target.file}`;
  if (target?.kind === 'client-config') return `linting the servers of ${target.file}`;
  if (target?.foundBy === '--url' && target.server.kind === 'http') {
    const [{ targetSecrets }, { redactText }] = await Promise.all([import('../connect/capture-target.js'), import('../model/redact.js')]);
    return `linting ${redactText(target.server.url, targetSecrets(target.server))}`;
  }
  return `linting ${command.length > 0 ? command.join(' ') : 'the configured server'}`;
}

/**
 * Progress for people watching a terminal: nothing for the first second (most runs finish sooner),
 * then a spinner line on stderr with what is going on and the elapsed time. Only when stderr is a
 * TTY and the user did not ask for --quiet, so logs, pipes, CI and --output files never see it.
 * The line is erased before anything else is printed.
 */
import { inertLine } from './shared/inert.js';
import { clip } from './shared/text.js';

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
    const line = `${FRAMES[frame++ % FRAMES.length]} ${inertLine(current)} (${seconds} s)`;
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

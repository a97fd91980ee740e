/**
 * --watch's keys on a terminal: stdin in raw mode, `r` reprints the full report, `q` quits. Raw
 * mode turns Ctrl-C into a byte rather than SIGINT, so it is handed back as the signal, and the
 * one signal path (src/cli/signals.ts) stops every process and exits 130. Off a terminal
 * (a pipe, CI, a test) stdin is not read at all: signals end the watch.
 */
export interface WatchKeys {
  close(): void;
}

export function readWatchKeys(on: { readonly reprint: () => void; readonly quit: () => void }): WatchKeys | undefined {
  const input = process.stdin;
  if (!input.isTTY) return undefined;
  input.setRawMode(true);
  input.setEncoding('utf8');
  const restore = (): void => {
    if (input.isRaw) input.setRawMode(false);
  };
  // Whatever way mcplint ends (process.exit from a signal handler included), the terminal gets its line mode back.
  process.once('exit', restore);
  const onData = (data: string): void => {
    for (const key of data) {
      if (key === '\u0003') process.kill(process.pid, 'SIGINT');
      else if (key === 'q' || key === 'Q') on.quit();
      else if (key === 'r' || key === 'R') on.reprint();
    }
  };
  input.on('data', onData);
  input.resume();
  return {
    close() {
      input.off('data', onData);
      restore();
      input.pause();
    },
  };
}

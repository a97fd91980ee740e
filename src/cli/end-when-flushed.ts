/**
 * Ends the process once the command is done and its stdout and stderr have drained. Left to
 * itself, Node lets the event loop run dry first: after a lint of a large list, 18–25 ms passed
 * between the last write and `beforeExit` with no handle or request open and no JavaScript
 * running (docs/performance.md, "Ending when the output has drained"). Everything a command does
 * is awaited before it returns (files are written synchronously), and `exit` still runs its
 * handlers (the reaper's killAll, the terminal's restore). A stream whose reader has gone (a
 * closed pipe) has nothing left to deliver, so it counts as drained.
 */
export function endWhenFlushed(code: number, streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  process.exitCode = code;
  const open = streams.filter((stream) => !stream.destroyed && stream.writable);
  let pending = open.length;
  if (pending === 0) process.exit(code);
  // The callback comes after every earlier write has been handed over, or with the error that ended the stream.
  for (const stream of open) stream.write('', () => --pending === 0 && process.exit(code));
}

/**
 * Ends the process once the command is done and its stdout and stderr have drained. Left to
 * itself, Node lets the event loop run dry first, and after a lint of a large list 18–25 ms pass
 * between the last write and `beforeExit` with no handle or request open (V8's background work
 * being waited for); process.exit does not wait for all of it (docs/performance.md, "Ending
 * when the output has drained"). Everything a command does is awaited before it returns (files
 * are written synchronously), and `exit` still runs its handlers (the reaper's killAll, the
 * terminal's restore). When a stream cannot drain (a closed pipe), the process ends as it would have.
 */
export function endWhenFlushed(code: number, streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  process.exitCode = code;
  let pending = streams.length;
  const drained = (error?: Error | null) => {
    if (error) return; // the reader is gone: Node's own exit path, with the code set above
    if (--pending === 0) process.exit(code);
  };
  for (const stream of streams) {
    if (stream.destroyed || !stream.writable) return;
    stream.write('', drained);
  }
}

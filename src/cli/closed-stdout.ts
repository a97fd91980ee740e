/**
 * `mcplint -f sarif … | head -1`: once the reader has gone, writes to stdout fail with EPIPE.
 * That is the reader's choice, not an mcplint failure: the rest of the output is dropped quietly
 * and the run ends with its own exit code, without a stack trace.
 */
const CLOSED = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

export function ignoreClosedStdout(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (CLOSED.has(error.code ?? '')) return;
    throw error;
  });
}

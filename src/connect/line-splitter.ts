/**
 * Splits a byte stream into newline-terminated lines without quadratic buffer concatenation:
 * chunks are kept in a list and joined once per line. Lines longer than `maxLineBytes` are cut
 * (the rest of the line is counted, not kept) so a flood cannot exhaust memory.
 */
export interface SplitLine {
  /** The line's bytes without `\n` (and without a trailing `\r`), at most maxLineBytes. */
  readonly bytes: Buffer;
  /** Full length of the line before cutting. */
  readonly length: number;
  /** Byte offset of the line's first byte in the stream. */
  readonly offset: number;
  readonly truncated: boolean;
}

export class LineSplitter {
  private chunks: Buffer[] = [];
  private keptBytes = 0;
  private lineLength = 0;
  private lineOffset = 0;
  private streamOffset = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** Feed a chunk; returns the lines it completed. */
  push(chunk: Buffer): SplitLine[] {
    const lines: SplitLine[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.keep(chunk.subarray(start, end));
      if (newline === -1) break;
      lines.push(this.finishLine());
      this.lineOffset = this.streamOffset + newline + 1;
      start = newline + 1;
    }
    this.streamOffset += chunk.length;
    return lines;
  }

  /** At end of stream: the unterminated remainder, if any. */
  end(): SplitLine | undefined {
    if (this.lineLength === 0) return undefined;
    return this.finishLine();
  }

  get totalBytes(): number {
    return this.streamOffset;
  }

  private keep(part: Buffer): void {
    this.lineLength += part.length;
    const room = this.maxLineBytes - this.keptBytes;
    if (room <= 0 || part.length === 0) return;
    const kept = part.length <= room ? part : part.subarray(0, room);
    // Copy: the caller's chunk buffer may be reused by the stream.
    this.chunks.push(Buffer.from(kept));
    this.keptBytes += kept.length;
  }

  private finishLine(): SplitLine {
    let bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.keptBytes);
    const truncated = this.lineLength > this.keptBytes;
    if (!truncated && bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    const line: SplitLine = { bytes, length: this.lineLength, offset: this.lineOffset, truncated };
    this.chunks = [];
    this.keptBytes = 0;
    this.lineLength = 0;
    return line;
  }
}

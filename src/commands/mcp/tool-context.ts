/** What a tool handler of `mcplint mcp` gets besides its arguments, independent of the SDK's types. */
export interface ToolContext {
  /** Aborted when the client cancels the request (notifications/cancelled) or the connection closes. */
  readonly signal: AbortSignal;
  /** Present when the client sent a progressToken: tell it how far the work got. */
  readonly progress?: (message: string) => void;
}

/** When in a session something happened, in words, for stdio rules' messages (stdout-pollution, output-flood). */
import type { Frame, Phase } from '../../src/model/capture.js';
import { isObject } from '../../src/engine/capture-index.js';

const LIST_WORDS: Record<string, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resource templates',
};

/** The method of the last request mcplint sent before frame `at`. */
function lastSentMethod(frames: readonly Frame[], at: number): string | undefined {
  for (let i = at - 1; i >= 0; i--) {
    const f = frames[i]!;
    if (f.kind === 'message' && f.dir === 'send' && isObject(f.message) && typeof f.message.method === 'string' && 'id' in f.message) {
      return f.message.method;
    }
  }
  return undefined;
}

/** When in the session a line was written, in words: "before the initialize response", "while listing tools". */
export function phaseInWords(phase: Phase, frames: readonly Frame[], at: number): string {
  if (phase === 'before-initialize') return 'before the initialize response';
  if (phase === 'handshake') return 'right after the initialize response';
  if (phase === 'shutdown') return 'at shutdown, after stdin was closed';
  if (phase === 'listing') {
    const method = lastSentMethod(frames, at);
    const what = method !== undefined ? LIST_WORDS[method] : undefined;
    return what ? `while listing ${what}` : 'while listing';
  }
  const probe = phase.slice('probe:'.length);
  const method = lastSentMethod(frames, at);
  return `during the ${probe} probe${method ? ` (${method})` : ''}`;
}

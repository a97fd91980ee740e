/** Which waiting request a line cut at the line cap answered, judged from the line's head alone. */
import { describe, expect, it } from 'vitest';
import { cutAnswerOf } from '../src/connect/cut-answer.js';

const initialize = { id: 1, method: 'initialize' };
const list = { id: 2, method: 'tools/list' };

describe('cutAnswerOf', () => {
  it('names the waiting request whose id the head carries', () => {
    expect(cutAnswerOf('{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"a', [initialize, list])).toEqual({
      request: list,
      noun: 'result',
    });
    expect(cutAnswerOf('{"id":"p-1","error":{"message":"xxxx', [{ id: 'p-1', method: 'tools/call' }])).toEqual({
      request: { id: 'p-1', method: 'tools/call' },
      noun: 'response',
    });
  });

  it('takes the only waiting request when the id comes after the huge part', () => {
    expect(cutAnswerOf('{"result":{"instructions":"aaaa', [initialize])).toEqual({ request: initialize, noun: 'result' });
  });

  it('is no answer when it cannot tell: several waiting, a notification, or not a JSON object', () => {
    expect(cutAnswerOf('{"result":{"tools":[', [initialize, list])).toBeUndefined();
    expect(cutAnswerOf('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"aaa', [list])).toBeUndefined();
    expect(cutAnswerOf('cache:QUJDQUJD', [list])).toBeUndefined();
    expect(cutAnswerOf('{"jsonrpc":"2.0","id":9,"result":{', [list])).toBeUndefined();
    expect(cutAnswerOf('{"jsonrpc":"2.0","id":1,"result":{', [])).toBeUndefined();
    // A server request numbers its ids as mcplint does: its id 1 is not mcplint's initialize.
    expect(cutAnswerOf('{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"x":"aaa', [initialize])).toBeUndefined();
  });
});

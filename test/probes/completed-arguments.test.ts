/** The runner puts the first value the server's completion offers into the prompt argument, as the plan says. */
import { describe, expect, it } from 'vitest';
import { probeCalls } from '../../src/model/probe-records.js';
import { captureFixture } from '../helpers/capture.js';

describe('prompt arguments from completions', () => {
  it('gets the prompt with the first offered value, and records what was sent', async () => {
    const capture = await captureFixture('probes/completing-prompts.mjs');
    const calls = probeCalls(capture, 'prompts-get');
    expect(calls.map((c) => [c.method, c.answer.kind])).toEqual([
      ['completion/complete', 'result'],
      ['prompts/get', 'result'],
    ]);
    expect(calls[1]!.params).toEqual({ name: 'bookstore_recommend_books', arguments: { liked_title: 'The Dispossessed' } });
    // The frame sent says the same as the record.
    const sent = capture.frames[calls[1]!.requestFrame!];
    expect(sent?.kind === 'message' && (sent.message as { params: unknown }).params).toEqual(calls[1]!.params);
  });
});

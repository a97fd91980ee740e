import { describe, expect, it } from 'vitest';
import type { Capture, HttpExchange } from '../../src/model/capture.js';
import rule from '../../rules/http-cross-origin.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { postExchange } from '../helpers/http-capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'http-cross-origin';
const run = (capture: Capture) => runRule(rule, capture);
const exchange = (seq: number, rpcMethod: string, extra: Partial<HttpExchange> = {}): HttpExchange =>
  postExchange(seq, rpcMethod, { userHeaders: ['authorization'], ...extra });
const withExchanges = (exchanges: HttpExchange[]): Capture => ({ ...makeCapture({ transport: 'http' }), exchanges });

describe(RULE, () => {
  it('accepts a server that stays on its origin', () => {
    const result = run(withExchanges([exchange(0, 'initialize'), exchange(1, 'tools/list', { status: 307 })]));
    expect(result.findings).toEqual([]);
    expect(result.ran).toEqual([RULE]);
  });

  it('reports each foreign origin once, naming the requests sent there', () => {
    const away = { crossOrigin: { origin: 'http://evil.example:8080', via: 'redirect' as const }, status: 307 };
    const result = run(withExchanges([exchange(0, 'initialize'), exchange(1, 'tools/list', away), exchange(2, 'prompts/list', away)]));
    expect(summary(result)).toEqual([`${RULE} redirect transport`]);
    expect(result.findings[0]!.message).toContain('POST tools/list, POST prompts/list to another origin, http://evil.example:8080');
  });

  it('reports a legacy SSE endpoint on another origin', () => {
    const result = run(
      withExchanges([
        exchange(0, 'initialize', { crossOrigin: { origin: 'https://other.example', via: 'sse-endpoint' }, error: 'not sent' }),
      ]),
    );
    expect(summary(result)).toEqual([`${RULE} sseEndpoint transport`]);
  });

  it('does not apply to stdio', () => {
    expect(run(makeCapture({ transport: 'stdio' })).skipped.map((s) => s.ruleId)).toEqual([RULE]);
  });
});

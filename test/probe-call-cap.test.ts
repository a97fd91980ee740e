/**
 * The probes make at most MAX_TOOL_CALLS calls to a server's own tools per run: whole tools,
 * allow-listed ones first, then in list order; the others are skipped in the plan, and the capture
 * notes how many were not called, naming the first few. (A 10,000-tool server got 20,001 calls.)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capNote, MAX_TOOL_CALLS } from '../src/probes/call-cap.js';
import { buildPlan, resolveProbeConfig } from '../src/probes/index.js';
import { captureFixture, makeCapture } from './helpers/capture.js';
import { readCallLog } from './helpers/call-log.js';

const TOOLS = 300;
const tool = (i: number) => ({
  name: `catalogue_get_item_${i}`,
  description: `Get catalogue item ${i}.`,
  inputSchema: { type: 'object', properties: { item_id: { type: 'string', examples: ['it_1'] } }, required: ['item_id'] },
  annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
});
const config = (allowTools: string[] = []) => resolveProbeConfig({ allowTools }, {}, { timeoutMs: 1000, startupTimeoutMs: 2000 });
const toolCalls = (plan: ReturnType<typeof buildPlan>) => plan.steps.filter((s) => s.method === 'tools/call' && s.tool !== undefined);

describe('the cap on tool calls per run', () => {
  it(`plans at most ${MAX_TOOL_CALLS} calls to ${TOOLS} tools, whole tools in list order, and skips the rest saying why`, () => {
    const capture = makeCapture({ tools: Array.from({ length: TOOLS }, (_, i) => tool(i)) });
    const plan = buildPlan({ handshake: capture.handshake, lists: capture.lists }, config());
    const calls = toolCalls(plan);
    expect(calls).toHaveLength(MAX_TOOL_CALLS);
    // Each probed tool got both of its calls (invalid, then valid arguments); the first 100 tools were probed.
    const probed = [...new Set(calls.map((s) => s.tool))];
    expect(probed).toEqual(Array.from({ length: MAX_TOOL_CALLS / 2 }, (_, i) => `catalogue_get_item_${i}`));
    expect(plan.notCalled).toHaveLength(TOOLS - MAX_TOOL_CALLS / 2);
    expect(plan.notCalled![0]).toBe(`catalogue_get_item_${MAX_TOOL_CALLS / 2}`);
    expect(plan.skippedTools.filter((t) => /at most 200 tool calls per run/.test(t.reason))).toHaveLength(TOOLS - MAX_TOOL_CALLS / 2);
    expect(plan.steps.map((s) => s.index)).toEqual(plan.steps.map((_, i) => i + 1));
  });

  it('probes allow-listed tools first', () => {
    const capture = makeCapture({ tools: Array.from({ length: TOOLS }, (_, i) => tool(i)) });
    const plan = buildPlan({ handshake: capture.handshake, lists: capture.lists }, config(['catalogue_get_item_299']));
    const probed = new Set(toolCalls(plan).map((s) => s.tool));
    expect(probed.has('catalogue_get_item_299')).toBe(true);
    // It took the place of the last tool in list order that would have been probed.
    expect(probed.has(`catalogue_get_item_${MAX_TOOL_CALLS / 2 - 2}`)).toBe(true);
    expect(probed.has(`catalogue_get_item_${MAX_TOOL_CALLS / 2 - 1}`)).toBe(false);
    expect(plan.notCalled).not.toContain('catalogue_get_item_299');
  });

  it('leaves a plan within the cap as it was', () => {
    const capture = makeCapture({ tools: Array.from({ length: 5 }, (_, i) => tool(i)) });
    const plan = buildPlan({ handshake: capture.handshake, lists: capture.lists }, config());
    expect(toolCalls(plan)).toHaveLength(10);
    expect(plan.notCalled).toBeUndefined();
  });

  it('names at most ten of the tools not called in its note', () => {
    const note = capNote(Array.from({ length: 9900 }, (_, i) => `t${i}`));
    expect(note).toContain('9900 tools were not called ("t0", "t1",');
    expect(note).toContain('"t9", and 9890 more)');
    expect(note).not.toContain('"t10"');
  });

  it(`a live server with ${TOOLS} tools gets ${MAX_TOOL_CALLS} tool calls, and the capture says which were not called`, {
    timeout: 90_000,
  }, async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'mcplint-cap-')), 'received.jsonl');
    const capture = await captureFixture('probes/many-tools.mjs', { env: { MCPLINT_FIXTURE_LOG: log } });
    const received = readCallLog<{ method?: string; params?: { name?: string } }>(log).filter((m) => m.method === 'tools/call');
    // The cap, plus unknown-tool's call of a tool the server does not list.
    expect(received.filter((m) => m.params?.name?.startsWith('catalogue_'))).toHaveLength(MAX_TOOL_CALLS);
    expect(received).toHaveLength(MAX_TOOL_CALLS + 1);
    expect(capture.notes).toContainEqual(
      expect.stringMatching(/^Tool probes stopped at 200 tool calls per run: 200 tools were not called \("catalogue_get_item_100", /),
    );
  });
});

/** The resource-links probe's plan: one step, only when a link could be read, and off with the other read-side probes. */
import { describe, expect, it } from 'vitest';
import { cleanPrompts, cleanResources, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { buildPlan, resolveProbeConfig } from '../../src/probes/index.js';
import type { ProbesConfig } from '../../src/model/probe-types.js';
import { linksIn, readableLinkTarget } from '../../src/probes/resource-links.js';
import { makeCapture } from '../helpers/capture.js';

const config = (probes: ProbesConfig = {}, flags = {}) => resolveProbeConfig(probes, flags, { timeoutMs: 1000, startupTimeoutMs: 2000 });
const linkSteps = (plan: ReturnType<typeof buildPlan>) => plan.steps.filter((s) => s.probe === 'resource-links');
const skipOf = (plan: ReturnType<typeof buildPlan>) => plan.skippedProbes.find((p) => p.probe === 'resource-links');

describe('resource-links plan', () => {
  it('plans one read step, last, on a server with resources and prompts', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools(), prompts: cleanPrompts(), resources: cleanResources() }), config());
    expect(linkSteps(plan).map((s) => [s.method, s.purpose])).toEqual([['resources/read', 'read-link-targets']]);
    expect(linkSteps(plan)[0]!.reason).toContain(
      'reads up to 5 resource_link targets returned by the calls above that resources/list does not list',
    );
    expect(plan.steps.at(-1)!.probe).toBe('resource-links');
  });

  it('is not planned when the server does not declare resources', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools(), prompts: cleanPrompts() }), config());
    expect(linkSteps(plan)).toEqual([]);
    expect(skipOf(plan)).toMatchObject({ notApplicable: true, reason: expect.stringContaining('does not declare resources') });
  });

  it('is not planned when no answer could carry a link (no prompt, no tool called)', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools(), resources: cleanResources() }), config());
    expect(skipOf(plan)?.reason).toContain('no tool is called and no prompt is got');
  });

  it('is off with probes.surface: false and --no-probes', () => {
    const capture = makeCapture({ tools: cleanTools(), prompts: cleanPrompts(), resources: cleanResources() });
    expect(linkSteps(buildPlan(capture, config({ surface: false })))).toEqual([]);
    expect(linkSteps(buildPlan(capture, config({}, { probes: false })))).toEqual([]);
  });
});

describe('resource_link targets', () => {
  it('are taken from tool content and prompt messages only', () => {
    const link = { type: 'resource_link', uri: 'x://a', name: 'a' };
    expect(linksIn('tools/call', { content: [{ type: 'text', text: 'x://b' }, link] })).toEqual(['x://a']);
    expect(linksIn('prompts/get', { messages: [{ role: 'user', content: link }] })).toEqual(['x://a']);
    expect(linksIn('resources/read', { contents: [link] })).toEqual([]);
  });

  it('are read unless listed, on the web or too long', () => {
    const listed = new Set(['x://listed']);
    expect(readableLinkTarget('x://unlisted', listed)).toBe(true);
    expect(readableLinkTarget('x://listed', listed)).toBe(false);
    expect(readableLinkTarget('https://example.com/a', listed)).toBe(false);
    expect(readableLinkTarget(`x://${'a'.repeat(3000)}`, listed)).toBe(false);
  });
});

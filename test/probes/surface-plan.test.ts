/** The read-side probes' plan: what is read, with which arguments, how many, and when they stay off. */
import { describe, expect, it } from 'vitest';
import { cleanPrompts, cleanResources, cleanResourceTemplates, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { buildPlan, resolveProbeConfig } from '../../src/probes/index.js';
import type { ProbesConfig } from '../../src/model/probe-types.js';
import { makeCapture } from '../helpers/capture.js';

const config = (probes: ProbesConfig = {}, flags = {}) => resolveProbeConfig(probes, flags, { timeoutMs: 1000, startupTimeoutMs: 2000 });
const SURFACE = ['prompts-get', 'resources-read', 'unknown-resource', 'declared-capabilities'];
const surfaceSteps = (plan: ReturnType<typeof buildPlan>) =>
  plan.steps.filter((s) => SURFACE.includes(s.probe)).map((s) => [s.probe, s.method, s.params]);
const bookstore = (extra: Parameters<typeof makeCapture>[0] = {}) =>
  makeCapture({
    tools: cleanTools(),
    prompts: cleanPrompts(),
    resources: cleanResources(),
    resourceTemplates: cleanResourceTemplates(),
    ...extra,
  });

describe('read-side probes', () => {
  it('get each prompt with a placeholder per required argument, read each resource, and read one unlisted URI', () => {
    expect(surfaceSteps(buildPlan(bookstore(), config()))).toEqual([
      ['prompts-get', 'prompts/get', { name: 'bookstore_recommend_books', arguments: { liked_title: 'example' } }],
      ['resources-read', 'resources/read', { uri: 'bookstore://catalogue/stats' }],
      ['unknown-resource', 'resources/read', { uri: 'mcplint-probe://no-such-resource' }],
    ]);
  });

  it('take prompt arguments from probes.promptArgs and say so', () => {
    const plan = buildPlan(bookstore(), config({ promptArgs: { bookstore_recommend_books: { liked_title: 'Dune' } } }));
    const step = plan.steps.find((s) => s.probe === 'prompts-get')!;
    expect(step.params).toEqual({ name: 'bookstore_recommend_books', arguments: { liked_title: 'Dune' } });
    expect(step.reason).toContain('probes.promptArgs.bookstore_recommend_books');
  });

  it('read at most probes.maxResourceReads resources, and never read a listed URI as the unknown one', () => {
    const resources = ['a://1', 'a://2', 'mcplint-probe://no-such-resource'].map((uri, i) => ({ uri, name: `r${i}` }));
    const plan = buildPlan(makeCapture({ tools: cleanTools(), resources }), config({ maxResourceReads: 2 }));
    expect(surfaceSteps(plan)).toEqual([
      ['resources-read', 'resources/read', { uri: 'a://1' }],
      ['resources-read', 'resources/read', { uri: 'a://2' }],
      ['unknown-resource', 'resources/read', { uri: 'mcplint-probe://no-such-resource-2' }],
    ]);
    expect(plan.steps.find((s) => s.detail?.uri === 'a://2')!.reason).toContain('1 more not read');
  });

  it('try completions, logging and subscribe only when declared, and unsubscribe right after', () => {
    const capabilities = { tools: {}, prompts: {}, resources: { subscribe: true }, completions: {}, logging: {} };
    expect(surfaceSteps(buildPlan(bookstore({ capabilities }), config())).filter(([probe]) => probe === 'declared-capabilities')).toEqual([
      [
        'declared-capabilities',
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'bookstore_recommend_books' }, argument: { name: 'liked_title', value: '' } },
      ],
      ['declared-capabilities', 'logging/setLevel', { level: 'warning' }],
      ['declared-capabilities', 'resources/subscribe', { uri: 'bookstore://catalogue/stats' }],
      ['declared-capabilities', 'resources/unsubscribe', { uri: 'bookstore://catalogue/stats' }],
    ]);
  });

  it('complete a template variable when no prompt has arguments', () => {
    const capabilities = { tools: {}, resources: {}, completions: {} };
    const plan = buildPlan(makeCapture({ tools: cleanTools(), resourceTemplates: cleanResourceTemplates(), capabilities }), config());
    expect(plan.steps.find((s) => s.method === 'completion/complete')!.params).toEqual({
      ref: { type: 'ref/resource', uri: 'bookstore://books/{book_id}' },
      argument: { name: 'book_id', value: '' },
    });
  });

  it('complete a prompt that does not exist when nothing listed takes a completion (the method must still exist)', () => {
    const capabilities = { tools: {}, prompts: {}, completions: {} };
    const prompts = [{ name: 'mcplint_no_such_prompt', description: 'A prompt without arguments.' }];
    const plan = buildPlan(makeCapture({ tools: cleanTools(), prompts, capabilities }), config());
    const step = plan.steps.find((s) => s.method === 'completion/complete')!;
    // A listed prompt of that name is stepped around: the reference must be one the server does not have.
    expect(step.params).toEqual({ ref: { type: 'ref/prompt', name: 'mcplint_no_such_prompt_2' }, argument: { name: 'value', value: '' } });
    expect(step.reason).toContain('which it does not list, must still be answered');
    expect(
      buildPlan(makeCapture({ tools: cleanTools(), capabilities: { tools: {} } }), config()).steps.some(
        (s) => s.method === 'completion/complete',
      ),
    ).toBe(false);
  });

  it('stay off with probes.surface: false and with --no-probes, and are skipped for what the server does not offer', () => {
    for (const off of [config({ surface: false }), config({}, { probes: false })])
      expect(surfaceSteps(buildPlan(bookstore(), off))).toEqual([]);
    const plan = buildPlan(makeCapture({ tools: cleanTools() }), config());
    expect(plan.skippedProbes).toContainEqual({
      probe: 'prompts-get',
      reason: 'the server does not advertise prompts',
      notApplicable: true,
    });
    expect(plan.skippedProbes).toContainEqual({
      probe: 'unknown-resource',
      reason: 'the server does not advertise resources',
      notApplicable: true,
    });
  });
});

describe('resource templates', () => {
  const template = (uriTemplate: string) => ({ uriTemplate, name: 'book_record' });
  const reads = (uriTemplate: string, templateVars: ProbesConfig['templateVars']) =>
    buildPlan(makeCapture({ tools: cleanTools(), resourceTemplates: [template(uriTemplate)] }), config({ templateVars }))
      .steps.filter((s) => s.probe === 'resources-read')
      .map((s) => s.params);

  it('are read only with variables from probes.templateVars, each value percent-encoded', () => {
    expect(reads('bookstore://books/{book_id}', {})).toEqual([]);
    expect(reads('bookstore://books/{book_id}', { 'bookstore://books/{book_id}': { book_id: 'bk 1/2' } })).toEqual([
      { uri: 'bookstore://books/bk%201%2F2' },
    ]);
  });

  it('are not read when a variable is missing or the template uses RFC 6570 operators', () => {
    expect(reads('bookstore://books/{book_id}/{page}', { 'bookstore://books/{book_id}/{page}': { book_id: 'bk_1' } })).toEqual([]);
    expect(reads('bookstore://books{?q}', { 'bookstore://books{?q}': { q: 'dune' } })).toEqual([]);
  });

  it('say in the plan which template and which variables made the URI', () => {
    const plan = buildPlan(
      makeCapture({ tools: cleanTools(), resourceTemplates: cleanResourceTemplates() }),
      config({ templateVars: { 'bookstore://books/{book_id}': { book_id: 'bk_1042' } } }),
    );
    const step = plan.steps.find((s) => s.probe === 'resources-read')!;
    expect(step.detail).toEqual({ uri: 'bookstore://books/bk_1042', template: 'bookstore://books/{book_id}' });
    expect(step.reason).toContain('probes.templateVars');
  });
});

describe('prompt arguments from completions', () => {
  it('ask completion/complete for each required argument first when the server declares completions, and say so', () => {
    const capabilities = { tools: {}, prompts: {}, completions: {} };
    const plan = buildPlan(makeCapture({ tools: cleanTools(), prompts: cleanPrompts(), capabilities }), config());
    const steps = plan.steps.filter((s) => s.probe === 'prompts-get');
    expect(steps.map((s) => [s.method, s.params])).toEqual([
      [
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'bookstore_recommend_books' }, argument: { name: 'liked_title', value: '' } },
      ],
      ['prompts/get', { name: 'bookstore_recommend_books', arguments: { liked_title: 'example' } }],
    ]);
    expect(steps[1]!.detail).toMatchObject({ completedArguments: '["liked_title"]' });
    expect(steps[1]!.reason).toContain(`the server's first completion for "liked_title", else the placeholder "example"`);
  });

  it('on 2026-07-28, request-state repeats the prompts/get itself, not the completion request before it', () => {
    const capabilities = { tools: {}, prompts: {}, completions: {} };
    const plan = buildPlan(
      makeCapture({ protocolVersion: '2026-07-28', tools: cleanTools(), prompts: cleanPrompts(), capabilities }),
      config(),
    );
    const forged = plan.steps.filter((s) => s.probe === 'request-state');
    expect(forged.map((s) => s.method)).toEqual(['prompts/get']);
    expect(forged[0]!.params).toMatchObject({ name: 'bookstore_recommend_books', arguments: { liked_title: 'example' } });
  });

  it('do not complete what probes.promptArgs gives, nor when completions are not declared', () => {
    const capabilities = { tools: {}, prompts: {}, completions: {} };
    const given = config({ promptArgs: { bookstore_recommend_books: { liked_title: 'Dune' } } });
    for (const plan of [
      buildPlan(makeCapture({ tools: cleanTools(), prompts: cleanPrompts(), capabilities }), given),
      buildPlan(makeCapture({ tools: cleanTools(), prompts: cleanPrompts() }), config()),
    ])
      expect(plan.steps.filter((s) => s.probe === 'prompts-get').map((s) => s.method)).toEqual(['prompts/get']);
  });
});

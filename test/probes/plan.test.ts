/** The probe plan, pure: exact requests, exact arguments, the reasons, and every skip. */
import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import { invalidArguments, validArguments, wrongValueFor } from '../../src/probes/args.js';
import { buildPlan, resolveProbeConfig } from '../../src/probes/index.js';
import type { ProbesConfig } from '../../src/model/probe-types.js';
import { makeCapture } from '../helpers/capture.js';

const config = (probes: ProbesConfig = {}, flags = {}) => resolveProbeConfig(probes, flags, { timeoutMs: 1000, startupTimeoutMs: 2000 });
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

describe('buildPlan', () => {
  it('plans protocol probes first, then tool probes, numbered in order', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools(), prompts: [], resources: [] }), config());
    expect(plan.steps.map((s) => `${s.index} ${s.probe} ${s.method}`)).toEqual([
      '1 ping ping',
      '2 request-ids ping',
      '3 request-ids ping',
      '4 unknown-method mcplint/no-such-method',
      '5 invalid-cursor tools/list',
      '6 unknown-tool tools/call',
      '7 version-negotiation initialize',
      // Resources are advertised (none listed): one unlisted URI is read.
      '8 unknown-resource resources/read',
      '9 invalid-arguments tools/call',
      '10 invalid-arguments tools/call',
    ]);
    expect(plan.steps[1]!.id).toBe('mcplint-\u00e9-1');
    expect(plan.steps[6]!.connection).toBe('fresh');
    expect(plan.steps[8]!.params).toEqual({ name: 'bookstore_search_books', arguments: {} });
    expect(plan.steps[8]!.reason).toContain('required "query" left out');
  });

  it('never plans a call to a tool the policy forbids', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools() }), config());
    expect(plan.steps.some((s) => s.tool === 'bookstore_add_review')).toBe(false);
    expect(plan.skippedTools).toContainEqual({
      tool: 'bookstore_add_review',
      reason: expect.stringContaining('not annotated readOnlyHint: true'),
    });
  });

  it('says why a tool gets no valid call', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools() }), config());
    expect(plan.skippedTools).toContainEqual({
      tool: 'bookstore_get_book',
      probe: 'valid-calls',
      reason:
        'no valid call: required argument "book_id" has no default, examples, enum or const; give it in probes.args.bookstore_get_book',
    });
    expect(plan.skippedProbes).toContainEqual({ probe: 'valid-calls', reason: expect.stringContaining('no tool can be called') });
  });

  it('uses probes.args for valid calls, and leaves the first required property out of them for the invalid one', () => {
    const plan = buildPlan(
      makeCapture({ tools: cleanTools() }),
      config({ args: { bookstore_get_book: { book_id: 'bk_1042', response_format: 'json' } } }),
    );
    const calls = plan.steps.filter((s) => s.tool === 'bookstore_get_book').map((s) => [s.probe, s.params]);
    expect(calls).toEqual([
      ['invalid-arguments', { name: 'bookstore_get_book', arguments: { response_format: 'json' } }],
      ['valid-calls', { name: 'bookstore_get_book', arguments: { book_id: 'bk_1042', response_format: 'json' } }],
    ]);
  });

  it('plans a small page for list tools with a limit parameter, asking for JSON when offered', () => {
    const list = {
      name: 'bookstore_list_books',
      inputSchema: {
        type: 'object',
        properties: {
          limit: { type: 'integer', minimum: 1 },
          offset: { type: 'integer' },
          response_format: { type: 'string', enum: ['markdown', 'json'] },
        },
      },
      annotations: readOnly,
    };
    const plan = buildPlan(makeCapture({ tools: [list] }), config());
    const page = plan.steps.find((s) => s.probe === 'pagination')!;
    expect(page.params).toEqual({ name: 'bookstore_list_books', arguments: { limit: 1, response_format: 'json' } });
    expect(page.detail).toEqual({ limitParam: 'limit', limit: 1 });
  });

  it('respects a limit minimum above 1', () => {
    const list = {
      name: 'list_items',
      inputSchema: { type: 'object', properties: { page_size: { type: 'integer', minimum: 5 } } },
      annotations: readOnly,
    };
    const page = buildPlan(makeCapture({ tools: [list] }), config()).steps.find((s) => s.probe === 'pagination')!;
    expect(page.params).toEqual({ name: 'list_items', arguments: { page_size: 5 } });
  });

  it('--no-probes plans no tool call at all (the unknown-tool probe calls no tool of the server)', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools() }), config({}, { probes: false }));
    expect(plan.steps.filter((s) => s.tool !== undefined)).toEqual([]);
    expect(plan.skippedProbes.map((p) => p.probe)).toEqual([
      'prompts-get',
      'request-state',
      'resources-read',
      'unknown-resource',
      'declared-capabilities',
      'invalid-arguments',
      'valid-calls',
      'pagination',
      'resource-links',
    ]);
    expect(plan.steps.some((s) => s.probe === 'ping')).toBe(true);
  });

  it('--no-protocol-probes plans tool probes only; probes.enabled false is --no-probes', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools() }), config({}, { protocolProbes: false }));
    expect(new Set(plan.steps.map((s) => s.probe))).toEqual(new Set(['invalid-arguments']));
    expect(buildPlan(makeCapture({ tools: cleanTools() }), config({ enabled: false })).steps.some((s) => s.tool)).toBe(false);
    // Flags win over the config file.
    expect(buildPlan(makeCapture({ tools: cleanTools() }), config({ enabled: false }, { probes: true })).steps.some((s) => s.tool)).toBe(
      true,
    );
  });

  it('tries the list methods of capabilities the server did not advertise', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools(), capabilities: { tools: {} } }), config());
    expect(plan.steps.filter((s) => s.probe === 'capabilities').map((s) => s.method)).toEqual([
      'prompts/list',
      'resources/list',
      'resources/templates/list',
    ]);
  });

  it('picks an unknown tool name that really is unknown', () => {
    const plan = buildPlan(makeCapture({ tools: [{ name: 'mcplint_no_such_tool', inputSchema: { type: 'object' } }] }), config());
    expect(plan.steps.find((s) => s.probe === 'unknown-tool')!.params).toEqual({ name: 'mcplint_no_such_tool_2', arguments: {} });
  });

  it('skips everything when the handshake failed', () => {
    const capture = makeCapture({
      handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'no answer', durationMs: 1 },
    });
    const plan = buildPlan(capture, config());
    expect(plan.steps).toEqual([]);
    expect(plan.skippedProbes.every((p) => p.reason === 'the handshake failed')).toBe(true);
  });

  it('skips ping and version negotiation for 2026-07-28 servers', () => {
    const plan = buildPlan(makeCapture({ tools: cleanTools(), protocolVersion: '2026-07-28' }), config());
    expect(plan.skippedProbes.map((p) => p.probe)).toEqual(expect.arrayContaining(['ping', 'request-ids', 'version-negotiation']));
    // They do not apply to this era; a handshake failure or turned-off probes are gaps instead.
    const eraSkips = plan.skippedProbes.filter((p) => ['ping', 'request-ids', 'version-negotiation'].includes(p.probe));
    expect(eraSkips.every((p) => p.notApplicable === true)).toBe(true);
    const failed = buildPlan(
      makeCapture({ handshake: { ok: false, requestedVersion: '2025-11-25', reason: 'timeout', message: 'no answer', durationMs: 1 } }),
      config(),
    );
    expect(failed.skippedProbes.some((p) => p.notApplicable)).toBe(false);
  });

  it('says the tool probes do not apply to a server without tools', () => {
    const plan = buildPlan(makeCapture({ prompts: [{ name: 'summarise', description: 'Summarise a text.' }] }), config());
    expect(plan.skippedProbes.filter((p) => p.probe === 'unknown-tool' || p.probe === 'invalid-cursor')).toEqual([
      { probe: 'invalid-cursor', reason: 'the server does not advertise tools', notApplicable: true },
      { probe: 'unknown-tool', reason: 'the server does not advertise tools', notApplicable: true },
    ]);
  });
});

describe('probe arguments', () => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'string', default: 'x' },
      b: { type: 'string', examples: ['ex'] },
      c: { type: 'string', enum: ['one', 'two'] },
      d: { const: 7 },
      e: { type: 'integer', description: 'optional' },
    },
    required: ['a', 'b', 'c', 'd'],
  };

  it('fills required properties from default, examples, enum and const', () => {
    expect(validArguments(schema, undefined, false)).toEqual({
      ok: true,
      args: { a: 'x', b: 'ex', c: 'one', d: 7 },
      from: 'schema const/default/enum/examples',
    });
  });

  it('cannot fill a required property without any of them', () => {
    expect(validArguments({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, undefined, false)).toEqual({
      ok: false,
      missing: ['q'],
    });
  });

  it("takes only the user's arguments when they are required", () => {
    expect(validArguments(schema, undefined, true)).toEqual({ ok: false, missing: ['a', 'b', 'c', 'd'] });
    expect(validArguments(schema, { a: 'mine' }, true)).toEqual({ ok: true, args: { a: 'mine' }, from: 'probes.args' });
  });

  it('invalid arguments: the first required property left out, the others filled', () => {
    expect(invalidArguments(schema, undefined)).toEqual({
      ok: true,
      args: { b: 'ex', c: 'one', d: 7 },
      purpose: 'missing-required',
      property: 'a',
    });
  });

  it('invalid arguments: a wrong type when nothing is required', () => {
    const optional = { type: 'object', properties: { limit: { type: 'integer' } } };
    expect(invalidArguments(optional, undefined)).toEqual({
      ok: true,
      args: { limit: 'not-a-number' },
      purpose: 'wrong-type',
      property: 'limit',
      expected: 'integer',
      sent: 'string',
    });
    expect(invalidArguments({ type: 'object', properties: { q: { type: ['string', 'null'] } } }, undefined)).toMatchObject({
      args: { q: 12345 },
    });
  });

  it('invalid arguments: none when the schema constrains nothing', () => {
    expect(invalidArguments({ type: 'object' }, undefined)).toMatchObject({ ok: false });
    expect(invalidArguments({ type: 'object', properties: { x: {} } }, undefined)).toMatchObject({ ok: false });
  });

  it('wrong values are plain: no injection strings, paths or URLs', () => {
    for (const type of ['string', 'integer', 'number', 'boolean', 'array', 'object']) {
      const value = wrongValueFor(type);
      expect(typeof value === 'number' || /^[a-z-]+$/.test(String(value)), type).toBe(true);
    }
  });
});

describe('pagination plan', () => {
  it('sets a required limit itself', () => {
    const list = {
      name: 'list_items',
      inputSchema: { type: 'object', properties: { limit: { type: 'integer' } }, required: ['limit'] },
      annotations: readOnly,
    };
    const plan = buildPlan(makeCapture({ tools: [list] }), config());
    expect(plan.steps.find((s) => s.probe === 'pagination')!.params).toEqual({ name: 'list_items', arguments: { limit: 1 } });
  });
});

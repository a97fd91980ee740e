/**
 * The probe safety policy (DESIGN §4) is sacred: which tools mcplint may call, and how. Every case
 * here is a promise to users that a tool of theirs is NOT called.
 */
import { describe, expect, it } from 'vitest';
import { changingWord, toolPermissions, type PolicyConfig } from '../../src/probes/policy.js';

const none: PolicyConfig = { allowTools: [], denyTools: [], args: {} };
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const tool = (name: string, annotations?: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name,
  raw: { name, inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}), ...extra },
});
const decide = (t: ReturnType<typeof tool>, config: PolicyConfig = none) => toolPermissions(t, config);

describe('probe policy: what is never called by default', () => {
  it('a destructive tool', () => {
    const p = decide(tool('notes_delete_note', { readOnlyHint: false, destructiveHint: true, openWorldHint: false }));
    expect(p.invalidCalls.allowed).toBe(false);
    expect(p.validCalls.allowed).toBe(false);
  });

  it('a tool without annotations (the spec presumes it destructive and open-world)', () => {
    const p = decide(tool('bookstore_get_inventory'));
    expect(p.invalidCalls).toEqual({ allowed: false, why: expect.stringContaining('no annotations') });
    expect(p.validCalls.allowed).toBe(false);
  });

  it('a tool with an empty annotations object (readOnlyHint defaults to false)', () => {
    const p = decide(tool('bookstore_get_inventory', {}));
    expect(p.invalidCalls.allowed).toBe(false);
    expect(p.validCalls.allowed).toBe(false);
  });

  it('a tool annotated read-only AND destructive', () => {
    const p = decide(tool('bookstore_get_book', { readOnlyHint: true, destructiveHint: true, openWorldHint: false }));
    expect(p.invalidCalls.allowed).toBe(false);
    expect(p.validCalls.allowed).toBe(false);
  });

  it('a read-only tool whose destructiveHint is absent is still called (only true counts)', () => {
    expect(decide(tool('bookstore_get_book', { readOnlyHint: true, openWorldHint: false })).validCalls.allowed).toBe(true);
  });

  it('a read-only-annotated tool whose name says it changes things, wherever the word is', () => {
    for (const name of ['bookstore_delete_book', 'delete_book', 'get_or_create_user', 'purgeCache', 'db-drop-table', 'kill_process', 'reset_password', 'write_file', 'send_email', 'create_issue', 'update_user', 'move_file', 'git_push', 'merge_branch']) {
      const p = decide(tool(name, readOnly));
      expect(p.invalidCalls.allowed, name).toBe(false);
      expect(p.validCalls.allowed, name).toBe(false);
      expect(p.invalidCalls.why, name).toContain('even though it is annotated read-only');
    }
  });

  it('a read-only-annotated tool whose action verb starts or triggers something', () => {
    for (const name of ['trigger-long-running-operation', 'run_query', 'bookstore_execute_report', 'start_job', 'toggle_feature']) {
      expect(decide(tool(name, readOnly)).invalidCalls.allowed, name).toBe(false);
    }
  });

  it('a tool that requires task-augmented calls, even when allow-listed', () => {
    const t = tool('simulate_research', readOnly, { execution: { taskSupport: 'required' } });
    expect(decide(t).invalidCalls.allowed).toBe(false);
    expect(decide(t, { ...none, allowTools: ['simulate_research'] }).invalidCalls.allowed).toBe(false);
  });
});

describe('probe policy: open-world tools', () => {
  it('get invalid-argument probes only when openWorldHint is true', () => {
    const p = decide(tool('weather_get_forecast', { ...readOnly, openWorldHint: true }));
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls).toEqual({ allowed: false, why: expect.stringContaining('outside world') });
  });

  it('get invalid-argument probes only when openWorldHint is absent (the spec default is true)', () => {
    const { openWorldHint: _absent, ...rest } = readOnly;
    const p = decide(tool('weather_get_forecast', rest));
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(false);
  });

  it('get valid calls when allow-listed (arguments from the schema are then fine: the tool is read-only)', () => {
    const p = decide(tool('weather_get_forecast', { ...readOnly, openWorldHint: true }), { ...none, allowTools: ['weather_get_forecast'] });
    expect(p.validCalls.allowed).toBe(true);
    expect(p.userArgsOnly).toBe(false);
  });
});

describe('probe policy: what is called by default', () => {
  it('a read-only, non-destructive, closed-world tool with a reading name gets both kinds of calls', () => {
    const p = decide(tool('bookstore_search_books', readOnly));
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(true);
    expect(p.userArgsOnly).toBe(false);
  });

  it('nouns that contain a changing verb do not count (settings, address, updates)', () => {
    for (const name of ['get_settings', 'bookstore_get_address', 'list_updates', 'get_dataset']) expect(decide(tool(name, readOnly)).validCalls.allowed, name).toBe(true);
  });
});

describe('probe policy: allow-list and deny-list', () => {
  it('an allow-listed destructive tool gets invalid-argument probes, and valid calls only with the user\'s arguments', () => {
    const t = tool('notes_delete_note', { readOnlyHint: false, destructiveHint: true, openWorldHint: false });
    const withoutArgs = decide(t, { ...none, allowTools: ['notes_delete_note'] });
    expect(withoutArgs.invalidCalls.allowed).toBe(true);
    expect(withoutArgs.validCalls).toEqual({ allowed: false, why: expect.stringContaining('probes.args.notes_delete_note') });
    const withArgs = decide(t, { ...none, allowTools: ['notes_delete_note'], args: { notes_delete_note: { note_id: 'n_test' } } });
    expect(withArgs.validCalls.allowed).toBe(true);
    expect(withArgs.userArgsOnly).toBe(true);
  });

  it('an allow-listed unannotated tool can be probed', () => {
    const p = decide(tool('bookstore_get_inventory'), { ...none, allowTools: ['bookstore_get_inventory'], args: { bookstore_get_inventory: {} } });
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(true);
    expect(p.userArgsOnly).toBe(true);
  });

  it('an allow-listed read-only tool with a changing verb needs the user\'s arguments for valid calls', () => {
    const p = decide(tool('cache_reset_stats', readOnly), { ...none, allowTools: ['cache_reset_stats'] });
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(false);
  });

  it('the deny-list wins over everything: safe tools, and tools that are also allow-listed', () => {
    const safe = tool('bookstore_search_books', readOnly);
    const denied = decide(safe, { ...none, denyTools: ['bookstore_search_books'] });
    expect(denied.invalidCalls).toEqual({ allowed: false, why: 'listed in probes.denyTools' });
    expect(denied.validCalls.allowed).toBe(false);
    const both = decide(safe, { allowTools: ['bookstore_search_books'], denyTools: ['bookstore_search_books'], args: { bookstore_search_books: { query: 'x' } } });
    expect(both.invalidCalls.allowed).toBe(false);
    expect(both.validCalls.allowed).toBe(false);
  });

  it('allow-listing one tool does not enable another', () => {
    expect(decide(tool('notes_delete_note', { destructiveHint: true }), { ...none, allowTools: ['notes_create_note'] }).invalidCalls.allowed).toBe(false);
  });
});

describe('changingWord', () => {
  it('finds the word, or nothing', () => {
    expect(changingWord('bookstore_delete_book')).toBe('delete');
    expect(changingWord('getOrCreateUser')).toBe('create');
    expect(changingWord('trigger-long-running-operation')).toBe('trigger');
    expect(changingWord('bookstore_get_book')).toBeUndefined();
    expect(changingWord('notes_search_notes')).toBeUndefined();
  });
});

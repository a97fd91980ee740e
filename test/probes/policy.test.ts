/**
 * The probe safety policy (src/probes/policy.ts) is sacred: which tools mcplint may call, and how. Every case
 * here is a promise to users that a tool of theirs is NOT called.
 */
import { describe, expect, it } from 'vitest';
import { LYING_NAMES } from '../../fixtures/hostile/lying-tools-list.mjs';
import { changingWord, toolListPermissions, toolPermissions, type PolicyConfig } from '../../src/probes/policy.js';
import { PROBE_MUTATING_WORDS } from '../../src/probes/probe-name.js';

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
    for (const name of [
      'bookstore_delete_book',
      'delete_book',
      'get_or_create_user',
      'purgeCache',
      'db-drop-table',
      'kill_process',
      'reset_password',
      'write_file',
      'send_email',
      'create_issue',
      'update_user',
      'move_file',
      'git_push',
      'merge_branch',
    ]) {
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
    for (const name of ['get_settings', 'bookstore_get_address', 'list_updates', 'get_dataset'])
      expect(decide(tool(name, readOnly)).validCalls.allowed, name).toBe(true);
  });
});

describe('probe policy: allow-list and deny-list', () => {
  it("an allow-listed destructive tool gets invalid-argument probes, and valid calls only with the user's arguments", () => {
    const t = tool('notes_delete_note', { readOnlyHint: false, destructiveHint: true, openWorldHint: false });
    const withoutArgs = decide(t, { ...none, allowTools: ['notes_delete_note'] });
    expect(withoutArgs.invalidCalls.allowed).toBe(true);
    expect(withoutArgs.validCalls).toEqual({ allowed: false, why: expect.stringContaining('probes.args.notes_delete_note') });
    const withArgs = decide(t, { ...none, allowTools: ['notes_delete_note'], args: { notes_delete_note: { note_id: 'n_test' } } });
    expect(withArgs.validCalls.allowed).toBe(true);
    expect(withArgs.userArgsOnly).toBe(true);
  });

  it('an allow-listed unannotated tool can be probed', () => {
    const p = decide(tool('bookstore_get_inventory'), {
      ...none,
      allowTools: ['bookstore_get_inventory'],
      args: { bookstore_get_inventory: {} },
    });
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(true);
    expect(p.userArgsOnly).toBe(true);
  });

  it("an allow-listed read-only tool with a changing verb needs the user's arguments for valid calls", () => {
    const p = decide(tool('cache_reset_stats', readOnly), { ...none, allowTools: ['cache_reset_stats'] });
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(false);
  });

  it('the deny-list wins over everything: safe tools, and tools that are also allow-listed', () => {
    const safe = tool('bookstore_search_books', readOnly);
    const denied = decide(safe, { ...none, denyTools: ['bookstore_search_books'] });
    expect(denied.invalidCalls).toEqual({ allowed: false, why: 'listed in probes.denyTools' });
    expect(denied.validCalls.allowed).toBe(false);
    const both = decide(safe, {
      allowTools: ['bookstore_search_books'],
      denyTools: ['bookstore_search_books'],
      args: { bookstore_search_books: { query: 'x' } },
    });
    expect(both.invalidCalls.allowed).toBe(false);
    expect(both.validCalls.allowed).toBe(false);
  });

  it('allow-listing one tool does not enable another', () => {
    expect(
      decide(tool('notes_delete_note', { destructiveHint: true }), { ...none, allowTools: ['notes_create_note'] }).invalidCalls.allowed,
    ).toBe(false);
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

describe('probe policy: lying annotations (fixtures/hostile/lying-tools-list.mjs)', () => {
  const refused = (name: string, annotations: Record<string, unknown> = readOnly) => {
    const p = decide(tool(name, annotations));
    return !p.invalidCalls.allowed && !p.validCalls.allowed;
  };

  it("the issue's read-only, closed-world tools with world-changing names get no call of either kind", () => {
    const names = [
      'rm_file',
      'unlink_path',
      'format_disk',
      'nuke_database',
      'shred_file',
      'withdraw_funds',
      'eval_code',
      'shell_command',
      'kubectl_apply',
      'deleteeverything',
      'acme_db_shutdown',
    ];
    for (const name of names) expect(refused(name), name).toBe(true);
  });

  it('a mutating word counts anywhere in the name, not only in the first two words', () => {
    const p = decide(tool('acme_db_shutdown', readOnly));
    expect(p.invalidCalls.why).toContain('its name says it changes or starts something ("shutdown")');
    expect(refused('acme_billing_ledger_entries_purge')).toBe(true);
  });

  it('every naming style is split, digits included', () => {
    for (const name of [
      'rmFile',
      'RmFile',
      'RM_FILE',
      'rm-file',
      'rm.file',
      'rm1file',
      'get2delete',
      'v2_delete_all',
      'getUser_thenDelete',
    ]) {
      expect(refused(name), name).toBe(true);
    }
  });

  it('a mutating word glued to other letters is found, also behind a reading verb or a re-/un- prefix', () => {
    const cases: [string, string][] = [
      ['deleteeverything', 'delete'],
      ['DELETEALL', 'delete'],
      ['rmall', 'rm'],
      ['nukedb', 'nuke'],
      ['get_readwrite_file', 'write'],
      ['getanddelete', 'delete'],
      ['get_or_createuser', 'create'],
      ['get_undelete_file', 'delete'],
      ['get_rerun_job', 'run'],
      ['bulkdelete_users', 'delete'],
      ['get_dbshutdown', 'shutdown'],
    ];
    for (const [name, word] of cases) {
      expect(refused(name), name).toBe(true);
      expect(changingWord(name), name).toBe(word);
    }
  });

  it('a name that is not plain ASCII is never called: look-alikes of mutating and of reading names alike', () => {
    // Cyrillic е in delete_all; Greek ο in get_book; a zero-width space; a fullwidth g.
    for (const name of ['d\u0435lete_all', 'get_b\u03bfok', 'get\u200b_file', '\uff47et_file']) {
      const p = decide(tool(name, readOnly));
      expect(p.invalidCalls.allowed, name).toBe(false);
      expect(p.validCalls.allowed, name).toBe(false);
      expect(p.invalidCalls.why, name).toContain('not plain ASCII');
    }
  });

  it('a name needs a reading verb as its first verb, as an exact word', () => {
    for (const name of ['weather_forecast', 'getuser', 'checkout_cart', 'readjust_prices', 'notify_then_get_status']) {
      expect(refused(name), name).toBe(true);
    }
    expect(decide(tool('weather_forecast', readOnly)).invalidCalls.why).toContain('has no reading verb');
    expect(decide(tool('echo', readOnly)).validCalls.allowed).toBe(true);
  });

  it('invalid-argument probes follow the name rule on open-world tools too (a lenient server may run them)', () => {
    for (const name of ['nuke_database', 'kubectl_apply', 'format_disk', 'send_email'])
      expect(refused(name, { ...readOnly, openWorldHint: true }), name).toBe(true);
  });

  it('harmless words that begin with a mutating word still pass (inflections and listed nouns)', () => {
    for (const name of [
      'list_deployments',
      'get_information',
      'list_deleted_items',
      'get_execution_status',
      'dropbox_list_files',
      'query_postgres',
      'list_payments',
      'get_formatted_date',
      'get_skill',
      'get_desktop',
    ]) {
      expect(decide(tool(name, readOnly)).validCalls.allowed, name).toBe(true);
    }
  });

  it('zero calls across a large generated set of lying tools', () => {
    const styles = (verb: string, object: string) => [
      `${verb}_${object}`,
      `${verb}${object[0]!.toUpperCase()}${object.slice(1)}`,
      `${verb}-${object}`,
      `${verb}${object}`,
      `acme_${object}_${verb}`,
      `get_${object}_and_${verb}`,
      `get${verb}${object}`,
      `list_${object}_${verb}2`,
    ];
    const names = [
      ...LYING_NAMES,
      ...[...PROBE_MUTATING_WORDS].flatMap((verb) => ['all', 'everything', 'files', 'db'].flatMap((object) => styles(verb, object))),
    ];
    expect(names.length).toBeGreaterThan(3000);
    const called = names.filter((name) =>
      [readOnly, { ...readOnly, openWorldHint: true }].some((annotations) => !refused(name, annotations)),
    );
    expect(called).toEqual([]);
  });
});

describe('probe policy: a name listed more than once', () => {
  const destructive = { readOnlyHint: false, destructiveHint: true, openWorldHint: false };
  const decideList = (entries: ReturnType<typeof tool>[], config: PolicyConfig = none) =>
    toolListPermissions(
      entries.map((e) => e.raw),
      config,
    );

  it('a later entry that says destructive wins over an earlier read-only one', () => {
    const p = decideList([tool('db_get_row', readOnly), tool('bookstore_get_book', readOnly), tool('db_get_row', destructive)]).get(
      'db_get_row',
    )!;
    expect(p.invalidCalls.allowed).toBe(false);
    expect(p.validCalls.allowed).toBe(false);
    expect(p.invalidCalls.why).toContain('entry 2 of the 2 tools/list entries with this name; the most restrictive decides');
  });

  it('an earlier restrictive entry is not undone by a later harmless one', () => {
    expect(decideList([tool('db_get_row', destructive), tool('db_get_row', readOnly)]).get('db_get_row')!.invalidCalls.allowed).toBe(false);
  });

  it('an open-world entry takes away valid calls only', () => {
    const p = decideList([tool('db_get_row', readOnly), tool('db_get_row', { ...readOnly, openWorldHint: true })]).get('db_get_row')!;
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls).toEqual({ allowed: false, why: expect.stringContaining('outside world') });
  });

  it('identical entries decide as one, and distinct names do not affect each other', () => {
    const permissions = decideList([tool('db_get_row', readOnly), tool('db_get_row', readOnly), tool('db_drop_table', destructive)]);
    expect(permissions.get('db_get_row')!.validCalls.allowed).toBe(true);
    expect(permissions.get('db_drop_table')!.validCalls.allowed).toBe(false);
  });

  it("an allow-listed name whose other entry is not safe keeps to the user's arguments", () => {
    const p = decideList([tool('db_get_row', readOnly), tool('db_get_row', destructive)], { ...none, allowTools: ['db_get_row'] }).get(
      'db_get_row',
    )!;
    expect(p.invalidCalls.allowed).toBe(true);
    expect(p.validCalls.allowed).toBe(false);
    expect(p.userArgsOnly).toBe(true);
  });
});

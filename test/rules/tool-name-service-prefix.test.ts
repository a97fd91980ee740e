import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-name-service-prefix.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-name-service-prefix';
const lint = (capture: Capture) => runRule(rule, capture);
const tool = (name: string) => ({ ...cleanTools()[1], name });
const server = (name: string, ...names: string[]) => makeCapture({ serverInfo: { name, version: '1.0.0' }, tools: names.map(tool) });

describe(RULE, () => {
  it('accepts the clean bookstore (bookstore-mcp-server, bookstore_* tools)', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  it('reports a tool without the prefix the server name implies, with a suggestion', () => {
    const tools = cleanTools().map((t) => (t.name === 'bookstore_add_review' ? { ...t, name: 'add_review' } : t));
    const result = lint(makeCapture({ tools }));
    expect(summary(result)).toEqual([`${RULE} missingServicePrefix tool:add_review`]);
    expect(result.findings[0]!.message).toBe(
      'Tool "add_review" does not start with the service prefix "bookstore_" that the server name "bookstore-mcp-server" implies; rename it to e.g. "bookstore_add_review" so it cannot clash with other servers\' tools.',
    );
  });

  it('judges the prefix by words, whatever the spelling (snake_case is another rule)', () => {
    expect(lint(server('bookstore-mcp-server', 'bookstoreAddReview', 'Bookstore-Get-Book', 'bookstore.list.books')).findings).toEqual([]);
  });

  it('reports single-word names, and a name that is only the prefix', () => {
    const result = lint(
      server('bookstore-mcp-server', 'bookstore_get_book', 'bookstore_list_books', 'bookstore_add_review', 'echo', 'bookstore'),
    );
    expect(summary(result)).toEqual([`${RULE} missingServicePrefix tool:bookstore`, `${RULE} missingServicePrefix tool:echo`]);
    expect(result.findings[0]!.message).toContain('"bookstore_…"');
  });

  it.each([
    ['slack_mcp', 'slack_send_message'],
    ['mcp-server-fetch', 'fetch_url'],
    ['@acme/google-drive-mcp-server', 'google_drive_list_files'],
    ['@acme/google-drive-mcp-server', 'googledrive_list_files'],
    ['@acme/google-drive-mcp-server', 'drive_list_files'],
    ['GitHubMCP', 'github_create_issue'],
    ['io.github.acme/weather', 'weather_get_forecast'],
    ['bookstore-mcp-server-v2', 'bookstore_get_book'],
    ['bookstore_mcp_2024', 'bookstore_get_book'],
  ])('derives the service from %s (accepts %s)', (name, toolName) => {
    expect(lint(server(name, toolName, 'other_tool_name')).findings.map((f) => f.subject)).toEqual([
      { kind: 'tool', name: 'other_tool_name' },
    ]);
  });

  it('does not take a verb of a multi-word service as a prefix on its own', () => {
    const result = lint(server('brave-search-mcp-server', 'brave_web_search', 'search_news'));
    expect(summary(result)).toEqual([`${RULE} missingServicePrefix tool:search_news`]);
    expect(result.findings[0]!.message).toContain('"brave_search_"');
  });

  it('reports once for the server when the server name implies a service that no tool uses and no prefix is shared', () => {
    const result = lint(server('bookstore-mcp-server', 'search_books', 'get_book'));
    expect(summary(result)).toEqual([`${RULE} serverMissingServicePrefix server`]);
    expect(result.findings[0]!.message).toBe(
      '2 of 2 tools do not start with the service prefix "bookstore_" that the server name "bookstore-mcp-server" implies; name every tool bookstore_{action}_{resource} (e.g. "search_books" → "bookstore_search_books") so they cannot clash with other servers\' tools.',
    );
    expect(result.findings[0]!.evidence).toBe('search_books\nget_book');
  });

  it('a server where no tool has the prefix gets exactly one finding, its tools listed (capped) in the evidence', () => {
    const names = Array.from({ length: 30 }, (_, i) => `get_item_${i}`);
    const result = lint(server('bookstore-mcp-server', ...names));
    expect(summary(result)).toEqual([`${RULE} serverMissingServicePrefix server`]);
    expect(result.findings[0]!.message).toMatch(/^30 of 30 tools/);
    const evidence = result.findings[0]!.evidence!.split('\n');
    expect(evidence).toHaveLength(21);
    expect(evidence.at(-1)).toBe('… and 10 more');
  });

  it('a server where 1 of 10 tools lacks the prefix gets one finding about that tool', () => {
    const names = [...Array.from({ length: 9 }, (_, i) => `bookstore_get_item_${i}`), 'get_review'];
    expect(summary(lint(server('bookstore-mcp-server', ...names)))).toEqual([`${RULE} missingServicePrefix tool:get_review`]);
  });

  it('accepts a prefix every tool shares even when it differs from the server name', () => {
    expect(lint(server('acme-mcp-server', 'books_search', 'books_get', 'books_add_review')).findings).toEqual([]);
  });

  it('uses the majority prefix when the server name names no service', () => {
    const result = lint(server('mcp-server', 'shop_list_orders', 'shop_get_order', 'cancel_order'));
    expect(summary(result)).toEqual([`${RULE} missingSharedPrefix tool:cancel_order`]);
    expect(result.findings[0]!.message).toContain('"shop_cancel_order"');
  });

  it('does not take a shared verb for a prefix', () => {
    // get_ is shared by most tools but is the action, so there is no prefix: names that start with a
    // verb lack one, and as they are most of the server's tools, that is one server-wide finding.
    const result = lint(server('mcp-server', 'get_user', 'get_team', 'weather_today'));
    expect(summary(result)).toEqual([`${RULE} serverNoPrefix server`]);
    expect(result.findings[0]!.message).toMatch(/^2 of 3 tools have no service prefix/);
    expect(result.findings[0]!.evidence).toBe('get_user\nget_team');
  });

  it('without any prefix to go by, reports only single words and names that start with their action', () => {
    expect(summary(lint(server('server', 'echo', 'send_message', 'weather_forecast', 'slack_post_message')))).toEqual([
      `${RULE} noPrefix tool:echo`,
      `${RULE} noPrefix tool:send_message`,
    ]);
  });

  it('works without a server name, and ignores names with no words', () => {
    const capture = makeCapture({
      serverInfo: { version: '1.0.0' },
      tools: ['shop_list_orders', 'shop_get_order', 'ping', '--'].map(tool),
    });
    expect(summary(lint(capture))).toEqual([`${RULE} missingSharedPrefix tool:ping`]);
  });

  it('reports a duplicated name once', () => {
    expect(summary(lint(server('bookstore-mcp-server', 'bookstore_get_book', 'echo', 'echo')))).toEqual([
      `${RULE} missingServicePrefix tool:echo`,
    ]);
  });
});

import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-name-service-prefix.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester, type InvalidCase } from '../helpers/rule-tester.js';

const RULE = 'tool-name-service-prefix';
type Id = 'missingServicePrefix' | 'serverMissingServicePrefix' | 'missingSharedPrefix' | 'serverNoPrefix' | 'noPrefix';
const tool = (name: string) => ({ ...cleanTools()[1], name });
const server =
  (name: string, ...names: string[]) =>
  () =>
    makeCapture({ serverInfo: { name, version: '1.0.0' }, tools: names.map(tool) });
const at = (messageId: Id, name: string) => ({ messageId, subject: `tool:${name}` });

const derived = [
  ['slack_mcp', 'slack_send_message'],
  ['mcp-server-fetch', 'fetch_url'],
  ['@acme/google-drive-mcp-server', 'google_drive_list_files'],
  ['@acme/google-drive-mcp-server', 'googledrive_list_files'],
  ['@acme/google-drive-mcp-server', 'drive_list_files'],
  ['GitHubMCP', 'github_create_issue'],
  ['io.github.acme/weather', 'weather_get_forecast'],
  ['bookstore-mcp-server-v2', 'bookstore_get_book'],
  ['bookstore_mcp_2024', 'bookstore_get_book'],
].map(
  ([name, toolName]): InvalidCase<Id> => ({
    name: `derives the service from ${name} (accepts ${toolName})`,
    capture: server(name!, toolName!, 'other_tool_name'),
    findings: [at('missingServicePrefix', 'other_tool_name')],
  }),
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts the clean bookstore (bookstore-mcp-server, bookstore_* tools)',
        capture: () => makeCapture({ tools: cleanTools() }),
      },
      {
        name: 'judges the prefix by words, whatever the spelling (snake_case is another rule)',
        capture: server('bookstore-mcp-server', 'bookstoreAddReview', 'Bookstore-Get-Book', 'bookstore.list.books'),
      },
      {
        name: 'accepts a prefix every tool shares even when it differs from the server name',
        capture: server('acme-mcp-server', 'books_search', 'books_get', 'books_add_review'),
      },
    ],
    invalid: [
      {
        name: 'reports a tool without the prefix the server name implies, with a suggestion',
        capture: () =>
          makeCapture({ tools: cleanTools().map((t) => (t.name === 'bookstore_add_review' ? { ...t, name: 'add_review' } : t)) }),
        findings: [
          {
            ...at('missingServicePrefix', 'add_review'),
            message:
              'Tool "add_review" does not start with the service prefix "bookstore_" that the server name "bookstore-mcp-server" implies; rename it to e.g. "bookstore_add_review" so it cannot clash with other servers\' tools.',
          },
        ],
      },
      {
        name: 'reports single-word names, and a name that is only the prefix',
        capture: server('bookstore-mcp-server', 'bookstore_get_book', 'bookstore_list_books', 'bookstore_add_review', 'echo', 'bookstore'),
        findings: [{ ...at('missingServicePrefix', 'bookstore'), message: /"bookstore_…"/ }, at('missingServicePrefix', 'echo')],
      },
      ...derived,
      {
        name: 'does not take a verb of a multi-word service as a prefix on its own',
        capture: server('brave-search-mcp-server', 'brave_web_search', 'search_news'),
        findings: [{ ...at('missingServicePrefix', 'search_news'), message: /"brave_search_"/ }],
      },
      {
        name: 'reports once for the server when the server name implies a service that no tool uses and no prefix is shared',
        capture: server('bookstore-mcp-server', 'search_books', 'get_book'),
        findings: [
          {
            messageId: 'serverMissingServicePrefix',
            subject: 'server',
            message:
              '2 of 2 tools do not start with the service prefix "bookstore_" that the server name "bookstore-mcp-server" implies; name every tool bookstore_{action}_{resource} (e.g. "search_books" → "bookstore_search_books") so they cannot clash with other servers\' tools.',
            evidence: 'search_books\nget_book',
          },
        ],
      },
      {
        name: 'a server where no tool has the prefix gets exactly one finding, its tools listed (capped) in the evidence',
        capture: server('bookstore-mcp-server', ...Array.from({ length: 30 }, (_, i) => `get_item_${i}`)),
        findings: [{ messageId: 'serverMissingServicePrefix', subject: 'server', message: /^30 of 30 tools/ }],
        assert: ({ findings }) => {
          const evidence = findings[0]!.evidence!.split('\n');
          expect(evidence).toHaveLength(21);
          expect(evidence.at(-1)).toBe('… and 10 more');
        },
      },
      {
        name: 'a server where 1 of 10 tools lacks the prefix gets one finding about that tool',
        capture: server('bookstore-mcp-server', ...Array.from({ length: 9 }, (_, i) => `bookstore_get_item_${i}`), 'get_review'),
        findings: [at('missingServicePrefix', 'get_review')],
      },
      {
        name: 'uses the majority prefix when the server name names no service',
        capture: server('mcp-server', 'shop_list_orders', 'shop_get_order', 'cancel_order'),
        findings: [{ ...at('missingSharedPrefix', 'cancel_order'), message: /"shop_cancel_order"/ }],
      },
      {
        // get_ is shared by most tools but is the action, so there is no prefix: names that start with a
        // verb lack one, and as they are most of the server's tools, that is one server-wide finding.
        name: 'does not take a shared verb for a prefix',
        capture: server('mcp-server', 'get_user', 'get_team', 'weather_today'),
        findings: [
          {
            messageId: 'serverNoPrefix',
            subject: 'server',
            message: /^2 of 3 tools have no service prefix/,
            evidence: 'get_user\nget_team',
          },
        ],
      },
      {
        name: 'without any prefix to go by, reports only single words and names that start with their action',
        capture: server('server', 'echo', 'send_message', 'weather_forecast', 'slack_post_message'),
        findings: [at('noPrefix', 'echo'), at('noPrefix', 'send_message')],
      },
      {
        name: 'works without a server name, and ignores names with no words',
        capture: () =>
          makeCapture({ serverInfo: { version: '1.0.0' }, tools: ['shop_list_orders', 'shop_get_order', 'ping', '--'].map(tool) }),
        findings: [at('missingSharedPrefix', 'ping')],
      },
      {
        name: 'reports a duplicated name once',
        capture: server('bookstore-mcp-server', 'bookstore_get_book', 'echo', 'echo'),
        findings: [at('missingServicePrefix', 'echo')],
      },
    ],
  });
});

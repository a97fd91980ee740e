import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-name-verb.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'tool-name-verb';
const tool = (name: string) => ({ ...cleanTools()[1], name });
const server =
  (name: string, ...names: string[]) =>
  () =>
    makeCapture({ serverInfo: { name, version: '1.0.0' }, tools: names.map(tool) });
const noVerb = (name: string) => ({ messageId: 'noVerb', subject: `tool:${name}` }) as const;

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts the clean bookstore tools',
        capture: () => makeCapture({ tools: cleanTools() }),
        assert: (result) => expect(result.ran).toEqual([RULE]),
      },
      {
        name: 'splits camelCase and PascalCase',
        capture: server('bookstore-mcp-server', 'bookstoreGetBook', 'getUser', 'BookstoreListBooks'),
      },
      {
        name: 'accepts a verb after a qualifier or after a sub-area',
        capture: server('bookstore-mcp-server', 'bookstore_batch_create_books', 'bookstore_admin_delete_user', 'bookstore_bulk_import'),
      },
      {
        name: 'accepts names without a prefix that start with a verb, or whose unrecognised first word is followed by one',
        capture: server('mcp-server', 'echo', 'get_weather', 'slack_send_message', 'weather_get'),
      },
      {
        name: 'strips a multi-word service prefix before looking for the verb',
        capture: server('google-drive-mcp-server', 'google_drive_list_files', 'googleDriveGetFile'),
      },
      {
        name: 'accepts English verbs from the WordNet lexicon, and un-/re-/de-/pre- before a verb',
        capture: server(
          'bookstore-mcp-server',
          'bookstore_dismiss_alert',
          'bookstore_snooze_reminder',
          'bookstore_unmerge_branches',
          'bookstore_reauthorize_account',
          'bookstore_preauthorize_payment',
          'bookstore_deprovision_user',
          'bookstoreBatchDismissAlerts',
        ),
      },
      {
        name: 'skips names that are only the prefix, and names with no words',
        capture: server('bookstore-mcp-server', 'bookstore_get_book', 'bookstore', '', '__'),
      },
    ],
    invalid: [
      {
        name: 'reports a name of nouns after the service prefix, as a note',
        capture: server('bookstore-mcp-server', 'bookstore_get_book', 'bookstore_customer_feedback'),
        findings: [
          {
            ...noVerb('bookstore_customer_feedback'),
            level: 'note',
            message:
              'Tool "bookstore_customer_feedback" does not start with an action after the prefix "bookstore_": "customer" is not a verb; put the action first, as in {service}_{action}_{resource} (e.g. "slack_send_message", "github_list_issues").',
          },
        ],
      },
      {
        name: 'reports the action after the resource ({service}_{resource}_{action})',
        capture: server('bookstore-mcp-server', 'bookstore_books_search'),
        findings: [noVerb('bookstore_books_search')],
      },
      {
        name: 'splits camelCase and reports a camelCase name without a verb',
        capture: server('bookstore-mcp-server', 'bookstoreStockLevel'),
        findings: [noVerb('bookstoreStockLevel')],
      },
      {
        name: 'reports names without a prefix and without a leading verb',
        capture: server('mcp-server', 'weather_forecast', 'weather'),
        findings: [noVerb('weather'), { ...noVerb('weather_forecast'), message: /at the start of its name: "weather" is not a verb/ }],
      },
      {
        name: 'strips a prefix shared by most tools when the server name does not help',
        capture: server('mcp-server', 'shop_list_orders', 'shop_get_order', 'shop_inventory_status'),
        findings: [noVerb('shop_inventory_status')],
      },
      {
        name: 'a word WordNet has as a verb but SemCor tags as a noun is not an action (file, issue, inventory)',
        capture: server('bookstore-mcp-server', 'bookstore_file_read', 'bookstore_issue_create', 'bookstore_inventory_report'),
        findings: [noVerb('bookstore_file_read'), noVerb('bookstore_inventory_report'), noVerb('bookstore_issue_create')],
      },
      {
        name: 'a proper name is not a verb (Google), nor a noun that looks like a prefix and a verb (prefix, resort, unit)',
        capture: server('mcp-server', 'google_results', 'prefix_matches', 'resort_rooms', 'unit_prices'),
        findings: [noVerb('google_results'), noVerb('prefix_matches'), noVerb('resort_rooms'), noVerb('unit_prices')],
      },
      {
        name: 'reports a duplicated name once',
        capture: server('bookstore-mcp-server', 'bookstore_stock', 'bookstore_stock'),
        findings: [noVerb('bookstore_stock')],
      },
    ],
  });
});

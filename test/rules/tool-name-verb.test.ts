import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-name-verb.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-name-verb';
const lint = (capture: Capture) => runRule(rule, capture);
const tool = (name: string) => ({ ...cleanTools()[1], name });
const server = (name: string, ...names: string[]) => makeCapture({ serverInfo: { name, version: '1.0.0' }, tools: names.map(tool) });

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    const result = lint(makeCapture({ tools: cleanTools() }));
    expect(result.findings).toEqual([]);
    expect(result.ran).toEqual([RULE]);
  });

  it('reports a name of nouns after the service prefix, as a note', () => {
    const result = lint(server('bookstore-mcp-server', 'bookstore_get_book', 'bookstore_customer_feedback'));
    expect(summary(result)).toEqual([`${RULE} noVerb tool:bookstore_customer_feedback`]);
    expect(result.findings[0]!.level).toBe('note');
    expect(result.findings[0]!.message).toBe(
      'Tool "bookstore_customer_feedback" does not start with an action after the prefix "bookstore_": "customer" is not a verb; put the action first, as in {service}_{action}_{resource} (e.g. "slack_send_message", "github_list_issues").',
    );
  });

  it('reports the action after the resource ({service}_{resource}_{action})', () => {
    expect(summary(lint(server('bookstore-mcp-server', 'bookstore_books_search')))).toEqual([`${RULE} noVerb tool:bookstore_books_search`]);
  });

  it('splits camelCase and PascalCase', () => {
    expect(lint(server('bookstore-mcp-server', 'bookstoreGetBook', 'getUser', 'BookstoreListBooks')).findings).toEqual([]);
    expect(summary(lint(server('bookstore-mcp-server', 'bookstoreStockLevel')))).toEqual([`${RULE} noVerb tool:bookstoreStockLevel`]);
  });

  it('accepts a verb after a qualifier or after a sub-area', () => {
    expect(
      lint(server('bookstore-mcp-server', 'bookstore_batch_create_books', 'bookstore_admin_delete_user', 'bookstore_bulk_import')).findings,
    ).toEqual([]);
  });

  it('accepts names without a prefix that start with a verb, or whose unrecognised first word is followed by one', () => {
    expect(lint(server('mcp-server', 'echo', 'get_weather', 'slack_send_message', 'weather_get')).findings).toEqual([]);
  });

  it('reports names without a prefix and without a leading verb', () => {
    const result = lint(server('mcp-server', 'weather_forecast', 'weather'));
    expect(summary(result)).toEqual([`${RULE} noVerb tool:weather`, `${RULE} noVerb tool:weather_forecast`]);
    expect(result.findings[1]!.message).toContain('at the start of its name: "weather" is not a verb');
  });

  it('strips a multi-word service prefix before looking for the verb', () => {
    expect(lint(server('google-drive-mcp-server', 'google_drive_list_files', 'googleDriveGetFile')).findings).toEqual([]);
  });

  it('strips a prefix shared by most tools when the server name does not help', () => {
    expect(summary(lint(server('mcp-server', 'shop_list_orders', 'shop_get_order', 'shop_inventory_status')))).toEqual([
      `${RULE} noVerb tool:shop_inventory_status`,
    ]);
  });

  it('skips names that are only the prefix, and names with no words', () => {
    expect(lint(server('bookstore-mcp-server', 'bookstore_get_book', 'bookstore', '', '__')).findings).toEqual([]);
  });

  it('reports a duplicated name once', () => {
    expect(summary(lint(server('bookstore-mcp-server', 'bookstore_stock', 'bookstore_stock')))).toEqual([
      `${RULE} noVerb tool:bookstore_stock`,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-annotations-consistent.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-annotations-consistent';
const lint = (capture: Capture) => runRule(rule, capture);

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WRITING = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const tool = (name: string, annotations: Record<string, unknown> | undefined) => ({ ...cleanTools()[1], name, annotations });
const findings = (...tools: unknown[]) => summary(lint(makeCapture({ tools })));

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  describe('read-only and destructive at once', () => {
    it('reports readOnlyHint: true with destructiveHint: true', () => {
      const result = lint(makeCapture({ tools: [tool('bookstore_get_book', { ...READ_ONLY, destructiveHint: true })] }));
      expect(summary(result)).toEqual([`${RULE} readOnlyAndDestructive tool:bookstore_get_book#/annotations`]);
      expect(result.findings[0]!.message).toMatch(
        /^Tool "bookstore_get_book" is annotated both readOnlyHint: true and destructiveHint: true/,
      );
    });

    it('accepts destructiveHint: true on a tool that is not read-only', () => {
      expect(findings(tool('bookstore_delete_book', { ...WRITING, destructiveHint: true }))).toEqual([]);
    });

    it('accepts destructiveHint: true when readOnlyHint is absent (default false)', () => {
      expect(findings(tool('bookstore_archive_book', { destructiveHint: true }))).toEqual([]);
    });
  });

  describe('a changing verb marked read-only', () => {
    it.each([
      'bookstore_delete_book',
      'delete_book',
      'deleteFile',
      'DeleteFile',
      'delete-file',
      'files.delete',
      'bookstore_add_review',
      'bookstore_update_price',
      'bookstore_send_newsletter',
      'bookstore_reset_password',
      'bookstore_drop_table',
      'bookstore_set_price',
      'bookstore_cancel_order',
      'uploadCover',
    ])('reports %s', (name) => {
      const result = lint(makeCapture({ tools: [tool(name, READ_ONLY)] }));
      expect(summary(result)).toEqual([`${RULE} mutatingNameReadOnly tool:${name}#/annotations/readOnlyHint`]);
    });

    it('names the verb in the message', () => {
      const result = lint(makeCapture({ tools: [tool('bookstore_delete_book', READ_ONLY)] }));
      expect(result.findings[0]!.message).toBe(
        'Tool "bookstore_delete_book" is annotated readOnlyHint: true, but its verb "delete" says it changes something; set readOnlyHint: false (and destructiveHint to match) unless the tool really only reads.',
      );
    });

    it('only reads the first or second word as the verb', () => {
      expect(findings(tool('bookstore_get_settings_reset_time', READ_ONLY))).toEqual([]);
      expect(findings(tool('bookstore_catalogue_delete_log', READ_ONLY))).toEqual([]);
      expect(findings(tool('bookstore_book_updates', READ_ONLY))).toEqual([]);
    });

    it('matches whole words only', () => {
      expect(findings(tool('bookstore_settings', READ_ONLY))).toEqual([]);
      expect(findings(tool('dataset_describe', READ_ONLY))).toEqual([]);
      expect(findings(tool('bookstore_addresses_get', READ_ONLY))).toEqual([]);
    });

    it('accepts a changing verb marked readOnlyHint: false, or without readOnlyHint', () => {
      expect(findings(tool('bookstore_delete_book', { ...WRITING, destructiveHint: true }))).toEqual([]);
      expect(findings(tool('bookstore_delete_book', { destructiveHint: true }))).toEqual([]);
    });

    it('reports both defects when a changing tool is read-only and destructive', () => {
      expect(findings(tool('bookstore_delete_book', { ...READ_ONLY, destructiveHint: true })).sort()).toEqual([
        `${RULE} mutatingNameReadOnly tool:bookstore_delete_book#/annotations/readOnlyHint`,
        `${RULE} readOnlyAndDestructive tool:bookstore_delete_book#/annotations`,
      ]);
    });
  });

  describe('a reading verb not marked read-only', () => {
    it.each([
      'bookstore_get_book',
      'list_books',
      'searchBooks',
      'bookstore_read_review',
      'find-author',
      'bookstore_fetch_cover',
      'db_query',
      'bookstore_count_books',
      'lookup_isbn',
    ])('reports %s with readOnlyHint: false', (name) => {
      const result = lint(makeCapture({ tools: [tool(name, WRITING)] }));
      expect(summary(result)).toEqual([`${RULE} readingNameNotReadOnly tool:${name}#/annotations/readOnlyHint`]);
    });

    it('names the verb in the message', () => {
      const result = lint(makeCapture({ tools: [tool('bookstore_search_books', WRITING)] }));
      expect(result.findings[0]!.message).toMatch(
        /^Tool "bookstore_search_books" is annotated readOnlyHint: false, but its verb "search" says it only reads/,
      );
    });

    it('leaves an absent readOnlyHint to tool-annotations-complete', () => {
      expect(findings(tool('bookstore_get_book', { destructiveHint: false }))).toEqual([]);
    });

    it('does not judge names that also hold a changing verb', () => {
      expect(findings(tool('get_or_create_user', WRITING))).toEqual([]);
      expect(findings(tool('findAndReplace', WRITING))).toEqual([]);
      expect(findings(tool('todo_list_add_item', WRITING))).toEqual([]);
    });
  });

  it('ignores names without a known verb in first or second place', () => {
    expect(findings(tool('bookstore_health', WRITING), tool('weather', READ_ONLY), tool('google_drive_delete_file', READ_ONLY))).toEqual(
      [],
    );
  });

  it('leaves tools without annotations to tool-annotations-present', () => {
    expect(findings(tool('bookstore_delete_book', undefined), tool('bookstore_get_book', undefined))).toEqual([]);
  });

  it('judges the annotations a 2024-11-05 server sends anyway: a guideline applies on every version', () => {
    const result = lint(makeCapture({ tools: [tool('bookstore_delete_book', READ_ONLY)], protocolVersion: '2024-11-05' }));
    expect(result.skipped).toEqual([]);
    expect(result.findings.map((f) => f.messageId)).toEqual(['mutatingNameReadOnly']);
  });
});

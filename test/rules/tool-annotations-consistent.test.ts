import { describe, expect } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-annotations-consistent.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester, type InvalidCase } from '../helpers/rule-tester.js';

const RULE = 'tool-annotations-consistent';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WRITING = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const tool = (name: string, annotations: Record<string, unknown> | undefined) => ({ ...cleanTools()[1], name, annotations });
const capture =
  (...tools: unknown[]) =>
  () =>
    makeCapture({ tools });
type Id = 'readOnlyAndDestructive' | 'mutatingNameReadOnly' | 'readingNameNotReadOnly';
const at = (messageId: Id, name: string, pointer: string) => ({ messageId, subject: `tool:${name}#${pointer}` });

// The case names carry the old describe blocks' titles, so that one table (checked as a whole) keeps them apart.
const BOTH = 'read-only and destructive at once';
const CHANGING = 'a changing verb marked read-only';
const READING = 'a reading verb not marked read-only';

const changingVerbs = [
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
].map(
  (name): InvalidCase<Id> => ({
    name: `${CHANGING}: reports ${name}`,
    capture: capture(tool(name, READ_ONLY)),
    findings: [at('mutatingNameReadOnly', name, '/annotations/readOnlyHint')],
  }),
);

const readingVerbs = [
  'bookstore_get_book',
  'list_books',
  'searchBooks',
  'bookstore_read_review',
  'find-author',
  'bookstore_fetch_cover',
  'db_query',
  'bookstore_count_books',
  'lookup_isbn',
].map(
  (name): InvalidCase<Id> => ({
    name: `${READING}: reports ${name} with readOnlyHint: false`,
    capture: capture(tool(name, WRITING)),
    findings: [at('readingNameNotReadOnly', name, '/annotations/readOnlyHint')],
  }),
);

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: `${BOTH}: accepts destructiveHint: true on a tool that is not read-only`,
        capture: capture(tool('bookstore_delete_book', { ...WRITING, destructiveHint: true })),
      },
      {
        name: `${BOTH}: accepts destructiveHint: true when readOnlyHint is absent (default false)`,
        capture: capture(tool('bookstore_archive_book', { destructiveHint: true })),
      },
      {
        name: `${CHANGING}: only reads the first or second word as the verb (reset in fourth place)`,
        capture: capture(tool('bookstore_get_settings_reset_time', READ_ONLY)),
      },
      {
        name: `${CHANGING}: only reads the first or second word as the verb (delete in third place)`,
        capture: capture(tool('bookstore_catalogue_delete_log', READ_ONLY)),
      },
      {
        name: `${CHANGING}: only reads the first or second word as the verb (updates in third place)`,
        capture: capture(tool('bookstore_book_updates', READ_ONLY)),
      },
      { name: `${CHANGING}: matches whole words only (settings)`, capture: capture(tool('bookstore_settings', READ_ONLY)) },
      { name: `${CHANGING}: matches whole words only (describe)`, capture: capture(tool('dataset_describe', READ_ONLY)) },
      { name: `${CHANGING}: matches whole words only (addresses)`, capture: capture(tool('bookstore_addresses_get', READ_ONLY)) },
      // Not bookstore_delete_book with destructiveHint: true, which the first block already accepts.
      {
        name: `${CHANGING}: accepts a changing verb marked readOnlyHint: false`,
        capture: capture(tool('bookstore_update_price', WRITING)),
      },
      {
        name: `${CHANGING}: accepts a changing verb without readOnlyHint`,
        capture: capture(tool('bookstore_delete_book', { destructiveHint: true })),
      },
      {
        name: `${READING}: leaves an absent readOnlyHint to tool-annotations-complete`,
        capture: capture(tool('bookstore_get_book', { destructiveHint: false })),
      },
      {
        name: `${READING}: does not judge names that also hold a changing verb (get_or_create)`,
        capture: capture(tool('get_or_create_user', WRITING)),
      },
      {
        name: `${READING}: does not judge names that also hold a changing verb (findAndReplace)`,
        capture: capture(tool('findAndReplace', WRITING)),
      },
      {
        name: `${READING}: does not judge names that also hold a changing verb (list_add)`,
        capture: capture(tool('todo_list_add_item', WRITING)),
      },
      {
        name: 'ignores names without a known verb in first or second place',
        capture: capture(tool('bookstore_health', WRITING), tool('weather', READ_ONLY), tool('google_drive_delete_file', READ_ONLY)),
      },
      {
        name: 'leaves tools without annotations to tool-annotations-present',
        capture: capture(tool('bookstore_delete_book', undefined), tool('bookstore_get_book', undefined)),
      },
    ],
    invalid: [
      {
        name: `${BOTH}: reports readOnlyHint: true with destructiveHint: true`,
        capture: capture(tool('bookstore_get_book', { ...READ_ONLY, destructiveHint: true })),
        findings: [
          {
            ...at('readOnlyAndDestructive', 'bookstore_get_book', '/annotations'),
            message: /^Tool "bookstore_get_book" is annotated both readOnlyHint: true and destructiveHint: true/,
          },
        ],
      },
      ...changingVerbs,
      {
        // Not bookstore_delete_book, whose case above already has this input.
        name: `${CHANGING}: names the verb in the message`,
        capture: capture(tool('bookstore_remove_book', READ_ONLY)),
        findings: [
          {
            ...at('mutatingNameReadOnly', 'bookstore_remove_book', '/annotations/readOnlyHint'),
            message:
              'Tool "bookstore_remove_book" is annotated readOnlyHint: true, but its verb "remove" says it changes something; set readOnlyHint: false (and destructiveHint to match) unless the tool really only reads.',
          },
        ],
      },
      {
        name: `${CHANGING}: reports both defects when a changing tool is read-only and destructive`,
        capture: capture(tool('bookstore_delete_book', { ...READ_ONLY, destructiveHint: true })),
        findings: [
          at('readOnlyAndDestructive', 'bookstore_delete_book', '/annotations'),
          at('mutatingNameReadOnly', 'bookstore_delete_book', '/annotations/readOnlyHint'),
        ],
      },
      ...readingVerbs,
      {
        name: `${READING}: names the verb in the message`,
        capture: capture(tool('bookstore_search_books', WRITING)),
        findings: [
          {
            ...at('readingNameNotReadOnly', 'bookstore_search_books', '/annotations/readOnlyHint'),
            message: /^Tool "bookstore_search_books" is annotated readOnlyHint: false, but its verb "search" says it only reads/,
          },
        ],
      },
      {
        name: 'judges the annotations a 2024-11-05 server sends anyway: a guideline applies on every version',
        capture: () => makeCapture({ tools: [tool('bookstore_delete_book', READ_ONLY)], protocolVersion: '2024-11-05' }),
        findings: [at('mutatingNameReadOnly', 'bookstore_delete_book', '/annotations/readOnlyHint')],
        assert: (result) => expect(result.skipped).toEqual([]),
      },
    ],
  });
});

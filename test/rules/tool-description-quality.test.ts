import { describe, expect, it } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import type { Capture } from '../../src/model/capture.js';
import rule from '../../rules/tool-description-quality.js';
import { makeCapture, summary } from '../helpers/capture.js';
import { runRule } from '../helpers/rule-tester.js';

const RULE = 'tool-description-quality';
const lint = (capture: Capture) => runRule(rule, capture);
const tool = (name: string, description: unknown, extra: Record<string, unknown> = {}) => ({
  ...cleanTools()[1],
  name,
  description,
  ...extra,
});
const judge = (name: string, description: unknown, extra: Record<string, unknown> = {}) =>
  summary(lint(makeCapture({ tools: [tool(name, description, extra)] })));

describe(RULE, () => {
  it('accepts the clean bookstore tools', () => {
    expect(lint(makeCapture({ tools: cleanTools() })).findings).toEqual([]);
  });

  describe('restates the name', () => {
    it.each([
      ['get_user', 'Get user'],
      ['get_user', 'get_user'],
      ['get_user', 'Gets the user.'],
      ['getUser', 'Get a user'],
      ['bookstore_get_book', 'Get a book from the bookstore.'],
      ['bookstore_search_books', 'Search books'],
      ['bookstore_get_book', 'Bookstore get book: this tool is used to get the book.'],
      ['list_entries', 'Lists all entries'],
    ])('reports %s: %j', (name, description) => {
      expect(judge(name, description)).toEqual([`${RULE} restatesName tool:${name}#/description`]);
    });

    it('quotes the description in the message', () => {
      const result = lint(makeCapture({ tools: [tool('get_user', 'Get user')] }));
      expect(result.findings[0]!.message).toBe(
        'Tool "get_user" has a description that only restates its name ("Get user"); say what the tool does, when to use it and what it returns.',
      );
    });

    it('accepts a description that adds even one word', () => {
      expect(judge('get_user', 'Get a user by id')).toEqual([]);
      expect(judge('get_user', 'Get the signed-in user')).toEqual([]);
    });
  });

  describe('placeholder text', () => {
    it.each([
      'TODO',
      'TODO: write a description before the release.',
      'FIXME: describe what this does and what it returns',
      'Returns the book. TODO: explain the fields.',
      'TBD',
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, returns nothing.',
      'Description here',
      'description goes here.',
      'A tool',
      'A tool.',
      'No description',
      'No description provided.',
      '...',
      '…',
      '-',
      'This is a tool.',
      'N/A',
    ])('reports %j', (description) => {
      expect(judge('bookstore_get_book', description)).toEqual([`${RULE} placeholder tool:bookstore_get_book#/description`]);
    });

    it('does not take the word "todo" in ordinary prose for a marker', () => {
      expect(judge('todo_add_item', 'Add an item to the todo list of the current user. Returns the new item id.')).toEqual([]);
      expect(judge('todo_add_item', 'Creates a TODO item in the given project and returns its id.')).toEqual([]);
    });
  });

  describe('does not say what it returns', () => {
    it('reports a description of 40 characters or more without any result word', () => {
      const description = 'Add a customer review to a book. Use it only when the user asks to post a review.';
      const result = lint(makeCapture({ tools: [tool('bookstore_add_review', description)] }));
      expect(summary(result)).toEqual([`${RULE} noResultInfo tool:bookstore_add_review#/description`]);
      expect(result.findings[0]!.message).toBe(
        'Tool "bookstore_add_review" has a description that does not say what the tool returns; describe the result (its fields or format), or declare an outputSchema, so the model knows what to expect.',
      );
    });

    it.each([
      'Add a customer review to a book. Returns the new review id.',
      'Add a customer review to a book; responds with the review id.',
      'Add a customer review to a book and gives back the review id.',
      'Search the catalogue by title or author and lists the matching books.',
      'Get the weather forecast for a city, for the next five days.',
      'Fetches the latest exchange rates for the given currency pair.',
      'Deletes the review for good; on success the output is a confirmation.',
      'Add a customer review to a book. Output: the review id and new rating.',
      'Add a customer review to a book and provides the updated average.',
      'Searches the catalogue. Results are paginated and sorted by relevance.',
    ])('accepts %j', (description) => {
      expect(judge('bookstore_add_review', description)).toEqual([]);
    });

    it('does not judge descriptions shorter than 40 characters (tool-description-length does)', () => {
      expect(judge('bookstore_add_review', 'Add a customer review to a book.')).toEqual([]);
    });

    it('does not judge tools that declare an outputSchema', () => {
      const outputSchema = { type: 'object', properties: { review_id: { type: 'string' } } };
      expect(
        judge('bookstore_add_review', 'Add a customer review to a book. Use it only when the user asks to post a review.', {
          outputSchema,
        }),
      ).toEqual([]);
    });

    it('does not judge descriptions that are not English', () => {
      expect(judge('bookstore_add_review', 'Fügt einer Buchbesprechung eine Kundenbewertung hinzu, nur auf Wunsch des Nutzers.')).toEqual(
        [],
      );
      expect(judge('bookstore_add_review', 'Añade una reseña de cliente a un libro, solo cuando el usuario lo pida.')).toEqual([]);
      expect(judge('bookstore_add_review', '为一本书添加顾客评论。仅当用户要求发表评论时才使用此工具，不要在其他情况下调用它。')).toEqual(
        [],
      );
    });

    it('reports at most one finding per tool', () => {
      expect(judge('bookstore_get_book', 'TODO: write a description for this tool before the next release')).toEqual([
        `${RULE} placeholder tool:bookstore_get_book#/description`,
      ]);
    });
  });

  it('leaves missing and blank descriptions to tool-description-present', () => {
    expect(judge('bookstore_get_book', undefined)).toEqual([]);
    expect(judge('bookstore_get_book', '  ')).toEqual([]);
    expect(judge('bookstore_get_book', null)).toEqual([]);
  });
});

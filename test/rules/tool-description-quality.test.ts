import { describe } from 'vitest';
import { cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/tool-description-quality.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../helpers/rule-tester.js';

const RULE = 'tool-description-quality';
type Id = 'restatesName' | 'placeholder' | 'noResultInfo';
const tool = (name: string, description: unknown, extra: Record<string, unknown> = {}) => ({
  ...cleanTools()[1],
  name,
  description,
  ...extra,
});
const capture =
  (name: string, description: unknown, extra: Record<string, unknown> = {}) =>
  () =>
    makeCapture({ tools: [tool(name, description, extra)] });
const at = (messageId: Id, name: string) => ({ messageId, subject: `tool:${name}#/description` });

// The case names carry the old describe blocks' titles, so that one table (checked as a whole) keeps them apart.
const RESTATES = 'restates the name';
const PLACEHOLDER = 'placeholder text';
const NO_RESULT = 'does not say what it returns';

const restating = [
  ['get_user', 'Get user'],
  ['get_user', 'get_user'],
  ['get_user', 'Gets the user.'],
  ['getUser', 'Get a user'],
  ['bookstore_get_book', 'Get a book from the bookstore.'],
  ['bookstore_search_books', 'Search books'],
  ['bookstore_get_book', 'Bookstore get book: this tool is used to get the book.'],
  ['list_entries', 'Lists all entries'],
].map(
  ([name, description]): InvalidCase<Id> => ({
    name: `${RESTATES}: reports ${name}: ${JSON.stringify(description)}`,
    capture: capture(name!, description),
    findings: [at('restatesName', name!)],
  }),
);

const placeholders = [
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
].map(
  (description): InvalidCase<Id> => ({
    name: `${PLACEHOLDER}: reports ${JSON.stringify(description)}`,
    capture: capture('bookstore_get_book', description),
    findings: [at('placeholder', 'bookstore_get_book')],
  }),
);

const sayingWhatItReturns = [
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
].map(
  (description): ValidCase => ({
    name: `${NO_RESULT}: accepts ${JSON.stringify(description)}`,
    capture: capture('bookstore_add_review', description),
  }),
);

const NO_RESULT_WORD = 'Add a customer review to a book. Use it only when the user asks to post a review.';

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean bookstore tools', capture: () => makeCapture({ tools: cleanTools() }) },
      { name: `${RESTATES}: accepts a description that adds even one word (by id)`, capture: capture('get_user', 'Get a user by id') },
      {
        name: `${RESTATES}: accepts a description that adds even one word (signed-in)`,
        capture: capture('get_user', 'Get the signed-in user'),
      },
      {
        name: `${PLACEHOLDER}: does not take the word "todo" in ordinary prose for a marker`,
        capture: capture('todo_add_item', 'Add an item to the todo list of the current user. Returns the new item id.'),
      },
      {
        name: `${PLACEHOLDER}: does not take the word "TODO" in ordinary prose for a marker`,
        capture: capture('todo_add_item', 'Creates a TODO item in the given project and returns its id.'),
      },
      ...sayingWhatItReturns,
      {
        name: `${NO_RESULT}: does not judge descriptions shorter than 40 characters (tool-description-length does)`,
        capture: capture('bookstore_add_review', 'Add a customer review to a book.'),
      },
      {
        name: `${NO_RESULT}: does not judge tools that declare an outputSchema`,
        capture: capture('bookstore_add_review', NO_RESULT_WORD, {
          outputSchema: { type: 'object', properties: { review_id: { type: 'string' } } },
        }),
      },
      {
        name: `${NO_RESULT}: does not judge descriptions that are not English (German)`,
        capture: capture('bookstore_add_review', 'Fügt einer Buchbesprechung eine Kundenbewertung hinzu, nur auf Wunsch des Nutzers.'),
      },
      {
        name: `${NO_RESULT}: does not judge descriptions that are not English (Spanish)`,
        capture: capture('bookstore_add_review', 'Añade una reseña de cliente a un libro, solo cuando el usuario lo pida.'),
      },
      {
        name: `${NO_RESULT}: does not judge descriptions that are not English (Chinese)`,
        capture: capture('bookstore_add_review', '为一本书添加顾客评论。仅当用户要求发表评论时才使用此工具，不要在其他情况下调用它。'),
      },
      { name: 'leaves a missing description to tool-description-present', capture: capture('bookstore_get_book', undefined) },
      { name: 'leaves a blank description to tool-description-present', capture: capture('bookstore_get_book', '  ') },
      { name: 'leaves a null description to tool-description-present', capture: capture('bookstore_get_book', null) },
    ],
    invalid: [
      ...restating,
      {
        // Not get_user "Get user", whose case above already has this input.
        name: `${RESTATES}: quotes the description in the message`,
        capture: capture('delete_user', 'Delete user'),
        findings: [
          {
            ...at('restatesName', 'delete_user'),
            message:
              'Tool "delete_user" has a description that only restates its name ("Delete user"); say what the tool does, when to use it and what it returns.',
          },
        ],
      },
      ...placeholders,
      {
        name: `${NO_RESULT}: reports a description of 40 characters or more without any result word`,
        capture: capture('bookstore_add_review', NO_RESULT_WORD),
        findings: [
          {
            ...at('noResultInfo', 'bookstore_add_review'),
            message:
              'Tool "bookstore_add_review" has a description that does not say what the tool returns; describe the result (its fields or format), or declare an outputSchema, so the model knows what to expect.',
          },
        ],
      },
      {
        name: `${NO_RESULT}: reports at most one finding per tool`,
        capture: capture('bookstore_get_book', 'TODO: write a description for this tool before the next release'),
        findings: [at('placeholder', 'bookstore_get_book')],
      },
    ],
  });
});

import rule from '../../rules/resource-link-target.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result, timeout } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const URI = 'bookstore://orders/ord_1/receipt';
const linkRead = (answer: Parameters<typeof call>[2], uri = URI, from: Record<string, string> = { linkTool: 'bookstore_get_book' }) =>
  ran('resource-links', [call('resources/read', { uri }, answer, { detail: { uri, linkStep: 3, linkMethod: 'tools/call', ...from } })]);
const readable = result({ contents: [{ uri: URI, mimeType: 'application/json', text: '{}' }] });

ruleTester(rule).run({
  valid: [
    { name: 'a readable unlisted target', capture: makeCapture({ probes: linkRead(readable) }) },
    { name: 'a read that got no answer is not evidence', capture: makeCapture({ probes: linkRead(timeout()) }) },
    {
      name: 'a target resources/list lists passes, whatever the read said',
      capture: makeCapture({ resources: [{ uri: URI, name: 'receipt' }], probes: linkRead(error(-32002, 'Resource not found')) }),
    },
  ],
  invalid: [
    {
      name: 'a tool links to a target that is neither listed nor readable',
      capture: makeCapture({ probes: linkRead(error(-32002, 'Resource not found')) }),
      findings: [{ messageId: 'unreadable', subject: 'tool:bookstore_get_book', message: /-32002 "Resource not found"/ }],
    },
    {
      name: 'a prompt links to an unreadable target',
      capture: makeCapture({ probes: linkRead(error(-32602, 'Unknown resource'), URI, { linkPrompt: 'bookstore_recommend_books' }) }),
      findings: [{ messageId: 'unreadable', subject: 'prompt:bookstore_recommend_books' }],
    },
  ],
});

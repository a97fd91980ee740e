import rule from '../../rules/read-contents-uri.js';
import { makeCapture } from '../helpers/capture.js';
import { call, error, ran, result } from '../helpers/probes.js';
import { ruleTester } from '../helpers/rule-tester.js';

const read = (uri: string, ...contentUris: unknown[]) =>
  call('resources/read', { uri }, result({ contents: contentUris.map((u) => ({ uri: u, text: 'x' })) }));
const reads = (...calls: ReturnType<typeof call>[]) => makeCapture({ probes: ran('resources-read', calls) });

ruleTester(rule).run({
  valid: [
    {
      name: 'contents name the URI read (others may come with it)',
      capture: () => reads(read('a://stats', 'a://stats'), read('a://dir', 'a://dir/1', 'a://dir')),
    },
    { name: 'the same URL, normalised', capture: () => reads(read('HTTPS://Example.com/a b', 'https://example.com/a%20b')) },
    {
      name: "errors, empty contents and contents without uri are other rules' to judge",
      capture: () => reads(call('resources/read', { uri: 'a://x' }, error(-32002, 'Resource not found')), read('a://y'), read('a://z', 7)),
    },
  ],
  invalid: [
    {
      name: 'contents named after another URI',
      capture: () => reads(read('a://stats', 'file:///srv/stats.json'), read('a://ok', 'a://ok')),
      findings: [
        {
          messageId: 'otherUri',
          subject: 'server',
          message: /resources\/read of a:\/\/stats with contents that name only file:\/\/\/srv\/stats.json/,
        },
      ],
    },
  ],
});

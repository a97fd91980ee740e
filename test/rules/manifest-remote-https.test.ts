import { describe } from 'vitest';
import rule from '../../rules/manifest-remote-https.js';
import { manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const remotes =
  (...urls: string[]) =>
  () =>
    manifestCapture(serverJson({ remotes: urls.map((url) => ({ type: 'streamable-http', url })) }));

describe('manifest-remote-https', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts https remotes', capture: remotes('https://mcp.example.com/mcp') },
      { name: 'accepts a URL template the user fills in', capture: remotes('{baseUrl}/mcp') },
      { name: 'accepts a server.json without remotes', capture: () => manifestCapture(serverJson()) },
    ],
    invalid: [
      {
        name: 'reports each plain http remote, credentials left out of the message',
        capture: remotes('https://ok.example.com/mcp', 'http://user:hunter2@mcp.example.com/mcp'),
        findings: [{ messageId: 'plainHttp', subject: 'server', message: /remotes\[1\] at http:\/\/…@mcp\.example\.com\/mcp/ }],
      },
    ],
  });
});

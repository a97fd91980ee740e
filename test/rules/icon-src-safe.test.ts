import { describe } from 'vitest';
import { cleanPrompts, cleanTools } from '../../fixtures/lib/raw-server.mjs';
import rule from '../../rules/icon-src-safe.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const icon = (src: string) => [{ src, mimeType: 'image/png' }];
const tools = (...srcs: string[]) => cleanTools().map((tool, i) => (srcs[i] === undefined ? tool : { ...tool, icons: icon(srcs[i]!) }));
const server = (src: string) => ({ name: 'bookstore', version: '1.0.0', icons: icon(src) });

describe('icon-src-safe', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the clean tools (no icons)', capture: () => makeCapture({ tools: cleanTools() }) },
      {
        name: 'accepts https:, http: and data: image icons',
        capture: () =>
          makeCapture({
            tools: tools('https://example.com/a.png', 'http://example.com/b.png', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='),
          }),
      },
    ],
    invalid: [
      {
        name: 'reports javascript: and file: icons of tools',
        capture: () => makeCapture({ tools: tools('javascript:alert(1)', ' FILE:///etc/passwd') }),
        findings: [
          { messageId: 'unsafeScheme', subject: `tool:${cleanTools()[1]!.name}`, message: /uses the file: scheme/ },
          {
            messageId: 'unsafeScheme',
            subject: `tool:${cleanTools()[0]!.name}`,
            message: /uses the javascript: scheme \("javascript:alert\(1\)"\)/,
          },
        ],
      },
      {
        name: "reports a data: URI that is not an image, and the server's own icons",
        capture: () => makeCapture({ serverInfo: server('data:text/html;base64,PHNjcmlwdD4='), tools: cleanTools() }),
        findings: [
          { messageId: 'dataNotImage', subject: 'server', message: /^The server has an icon whose src is a data: URI of text\/html/ },
        ],
      },
      {
        name: 'reports a relative icon of a prompt',
        capture: () => makeCapture({ prompts: cleanPrompts().map((p) => ({ ...p, icons: icon('icons/p.png') })) }),
        findings: cleanPrompts().map((p) => ({
          messageId: 'unsafeScheme' as const,
          subject: `prompt:${p.name}`,
          message: /uses no scheme \(a relative reference\)/,
        })),
      },
    ],
  });
});

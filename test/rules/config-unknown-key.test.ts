import { describe } from 'vitest';
import type { Capture, ClientFormat } from '../../src/model/capture.js';
import rule from '../../rules/config-unknown-key.js';
import { makeCapture } from '../helpers/capture.js';
import { ruleTester } from '../helpers/rule-tester.js';

const RULE = 'config-unknown-key';
const withKeys = (keys: string[], format: ClientFormat) => (): Capture => ({
  ...makeCapture({}),
  clientConfig: { file: 'x.json', format, serverName: 'docs', line: 1, keys, transport: 'stdio', entry: {}, values: {} },
});

describe(RULE, () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts the keys Claude Desktop reads', capture: withKeys(['command', 'args', 'env'], 'claude-desktop') },
      {
        name: 'accepts the keys Gemini CLI reads',
        capture: withKeys(['httpUrl', 'headers', 'timeout', 'trust', 'includeTools'], 'gemini'),
      },
      { name: 'accepts the keys VS Code reads', capture: withKeys(['type', 'command', 'args', 'envFile', 'dev'], 'vscode') },
      { name: 'does not check files it cannot attribute to a client', capture: withKeys(['whatever'], 'generic') },
    ],
    invalid: [
      {
        name: 'reports a typo with a suggestion',
        capture: withKeys(['command', 'evn'], 'claude-code'),
        findings: [{ messageId: 'unknownKey', subject: 'server', message: /did you mean "env"/ }],
      },
      {
        name: 'names the client a foreign key belongs to',
        capture: withKeys(['type', 'httpUrl'], 'claude-code'),
        findings: [{ messageId: 'unknownKey', subject: 'server', message: /Gemini CLI/ }],
      },
    ],
  });
});

import { describe } from 'vitest';
import rule from '../../rules/manifest-user-config.js';
import { bundleManifest, manifestCapture } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const bundle = (config: Record<string, unknown>, userConfig?: Record<string, unknown>) => () =>
  manifestCapture(
    bundleManifest({
      server: { type: 'node', entry_point: 'server/index.mjs', mcp_config: config },
      ...(userConfig ? { user_config: userConfig } : {}),
    }),
  );

const option = { type: 'string', title: 'Folder', description: 'The folder to serve' };

describe('manifest-user-config', () => {
  ruleTester(rule).run({
    valid: [
      { name: 'accepts a bundle without user_config', capture: bundle({ command: 'node', args: ['${__dirname}/server/index.mjs'] }) },
      {
        name: 'accepts keys used in args, env and platform overrides',
        capture: bundle(
          {
            command: 'node',
            args: ['${__dirname}/server/index.mjs', '--root=${user_config.root}'],
            env: { TOKEN: '${user_config.token}' },
            platform_overrides: { win32: { env: { SHELL_DIR: '${user_config.shell}' } } },
          },
          { root: option, token: { ...option, sensitive: true }, shell: option },
        ),
      },
    ],
    invalid: [
      {
        name: 'reports a reference to an undeclared key and the declared key left unused (a typo)',
        capture: bundle({ command: 'node', args: ['${user_config.folder}'] }, { folders: option }),
        findings: [
          { messageId: 'unused', subject: 'server', message: /user_config "folders"/ },
          { messageId: 'undeclared', subject: 'server', message: /\$\{user_config\.folder\}/ },
        ],
      },
    ],
  });
});

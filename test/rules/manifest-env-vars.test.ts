import { describe } from 'vitest';
import rule from '../../rules/manifest-env-vars.js';
import type { EnvRead, SourceIndex } from '../../src/model/source-index.js';
import { bundleManifest, manifestCapture, serverJson } from '../helpers/manifest.js';
import { ruleTester } from '../helpers/rule-tester.js';

const sourceReading = (...names: string[]): SourceIndex => ({
  root: '/project',
  registrations: [],
  unresolved: [],
  stdoutWrites: [],
  throwingHandlers: [],
  looseZodObjects: [],
  filesIndexed: 1,
  envReads: names.map((name, i): EnvRead => ({ file: 'server.mjs', line: i + 1, column: 1, name })),
});

const declaring =
  (...variables: Record<string, unknown>[]) =>
  () =>
    manifestCapture(
      serverJson({
        packages: [
          {
            registryType: 'npm',
            identifier: 'bookstore-mcp-server',
            version: '1.0.0',
            transport: { type: 'stdio' },
            environmentVariables: variables,
          },
        ],
      }),
    );

const bundleWithEnv =
  (env: Record<string, string>, userConfig: Record<string, unknown> = {}) =>
  () =>
    manifestCapture(
      bundleManifest({
        server: {
          type: 'node',
          entry_point: 'server/index.mjs',
          mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs'], env },
        },
        user_config: userConfig,
      }),
    );

describe('manifest-env-vars', () => {
  ruleTester(rule).run({
    valid: [
      {
        name: 'accepts a declared secret the server reads',
        capture: declaring({ name: 'API_TOKEN', isSecret: true }),
        source: sourceReading('API_TOKEN'),
      },
      { name: 'ignores platform variables', capture: declaring(), source: sourceReading('NODE_ENV', 'HOME', 'npm_package_version') },
      {
        name: 'accepts an MCPB env fed by a sensitive user_config entry',
        capture: bundleWithEnv({ API_KEY: '${user_config.api_key}' }, { api_key: { type: 'string', title: 'API key', sensitive: true } }),
        source: sourceReading('API_KEY'),
      },
    ],
    invalid: [
      {
        name: 'reports a variable read but not declared, at the read',
        capture: declaring(),
        source: sourceReading('WEATHER_API_KEY'),
        findings: [{ messageId: 'readUndeclared', subject: 'server', message: /WEATHER_API_KEY \(server\.mjs:1\)/ }],
      },
      {
        name: 'reports a declared variable the code never reads',
        capture: declaring({ name: 'OLD_ENDPOINT' }),
        source: sourceReading(),
        findings: [{ messageId: 'declaredUnread', subject: 'server' }],
      },
      {
        name: 'reports a secret-looking variable not marked isSecret',
        capture: declaring({ name: 'GITHUB_TOKEN', isSecret: false }),
        source: sourceReading('GITHUB_TOKEN'),
        findings: [{ messageId: 'secretNotMarked', subject: 'server', message: /add "isSecret": true/ }],
      },
      {
        name: 'reports an MCPB credential fed by a user_config entry that is not sensitive',
        capture: bundleWithEnv({ API_KEY: '${user_config.api_key}' }, { api_key: { type: 'string', title: 'API key' } }),
        source: sourceReading('API_KEY'),
        findings: [{ messageId: 'secretNotMarked', subject: 'server', message: /"sensitive": true/ }],
      },
    ],
  });
});

/**
 * Reading a manifest (src/connect/manifest/): JSON pointer positions, the vendored schemas, the
 * project facts beside the manifest, and the launch a client would make, on real files in a
 * scratch folder.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchPlan } from '../src/connect/manifest/manifest-launch.js';
import { MCPB_VERSIONS, manifestSchemaOf, SERVER_JSON_VERSIONS, validateManifest } from '../src/connect/manifest/manifest-schemas.js';
import { manifestInput } from '../src/connect/manifest/manifest-target.js';
import { readManifest } from '../src/connect/manifest/read-manifest.js';
import { jsonPointerPositions } from '../src/shared/json-pointers.js';
import { bundleManifest, serverJson } from './helpers/manifest.js';

const root = mkdtempSync(join(tmpdir(), 'mcplint-manifest-read-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
function folder(files: Record<string, string>): string {
  const dir = join(root, `p${n++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('jsonPointerPositions', () => {
  it('places object members at their key and array elements at their first character', () => {
    const text = '{\n  "a": 1,\n  "b/c": [\n    {"x": "y"},\n    true\n  ],\n  "~d": {}\n}';
    expect(jsonPointerPositions(text)).toEqual({
      '/a': { line: 2, column: 3 },
      '/b~1c': { line: 3, column: 3 },
      '/b~1c/0': { line: 4, column: 5 },
      '/b~1c/0/x': { line: 4, column: 6 },
      '/b~1c/1': { line: 5, column: 5 },
      '/~0d': { line: 7, column: 3 },
    });
  });

  it('reads escaped keys and strings with brackets and commas in them', () => {
    const positions = jsonPointerPositions('{"k\\"ey": "a,]}", "next": ["[", 2]}');
    expect(Object.keys(positions)).toEqual(['/k"ey', '/next', '/next/0', '/next/1']);
  });

  it('keeps at most its cap of pointers', () => {
    expect(Object.keys(jsonPointerPositions(JSON.stringify({ list: Array.from({ length: 100 }, (_, i) => i) }), 10))).toHaveLength(10);
  });
});

describe('the vendored schemas', () => {
  it('compiles every released server.json schema and every MCPB manifest version', () => {
    for (const version of SERVER_JSON_VERSIONS) expect(() => validateManifest({}, { kind: 'server.json', version })).not.toThrow();
    for (const version of MCPB_VERSIONS) expect(() => validateManifest({}, { kind: 'mcpb', version })).not.toThrow();
  });

  it('accepts the good fixtures under the schema they name and rejects an empty document under every one', () => {
    expect(validateManifest(serverJson(), manifestSchemaOf(serverJson(), 'server.json'))).toEqual([]);
    for (const version of MCPB_VERSIONS) {
      const manifest = bundleManifest({ manifest_version: version });
      expect(validateManifest(manifest, manifestSchemaOf(manifest, 'manifest.json')), version).toEqual([]);
    }
    for (const version of SERVER_JSON_VERSIONS)
      expect(validateManifest({}, { kind: 'server.json', version }).length, version).toBeGreaterThan(0);
  });

  it('takes the older dxt_version for manifest_version', () => {
    expect(manifestSchemaOf({ dxt_version: '0.1' }, 'manifest.json')).toEqual({ kind: 'mcpb', version: '0.1' });
  });
});

describe('readManifest', () => {
  it('reads the project facts beside a server.json: package.json, pyproject.toml [project], README mcp-name markers', () => {
    const dir = folder({
      'server.json': json(serverJson()),
      'package.json': json({ name: 'bookstore-mcp-server', version: '1.0.0', mcpName: 'io.github.mcplint/bookstore', other: 1 }),
      'pyproject.toml':
        '[build-system]\nname = "not-this"\n\n[project]\nname = "bookstore-mcp"\nversion = \'0.4.0\'\n[tool.uv]\nversion = "9"\n',
      'README.md': '# Bookstore\n<!-- mcp-name: io.github.mcplint/bookstore -->\n',
      Dockerfile:
        'FROM node:20\nLABEL org.opencontainers.image.title="bookstore" \\\n  io.modelcontextprotocol.server.name="io.github.mcplint/bookstore"\n',
    });
    const { record } = readManifest(join(dir, 'server.json'), dir);
    expect(record.project).toEqual({
      packageJson: { name: 'bookstore-mcp-server', version: '1.0.0', mcpName: 'io.github.mcplint/bookstore' },
      pyproject: { name: 'bookstore-mcp', version: '0.4.0' },
      readmeMcpNames: ['io.github.mcplint/bookstore'],
      dockerfileMcpNames: ['io.github.mcplint/bookstore'],
    });
    expect(record.positions['/packages/0/version']).toEqual({ line: 10, column: 7 });
  });

  it('tells an MCPB entry point inside the bundle from a missing one and from a link that leads out', () => {
    const outside = folder({ 'elsewhere.mjs': '' });
    const dir = folder({ 'manifest.json': json(bundleManifest()), 'server/index.mjs': '' });
    expect(readManifest(join(dir, 'manifest.json'), dir).record.project.entryPoint).toEqual({
      path: 'server/index.mjs',
      exists: true,
      inside: true,
    });
    const linked = folder({ 'manifest.json': json(bundleManifest()) });
    mkdirSync(join(linked, 'server'));
    symlinkSync(join(outside, 'elsewhere.mjs'), join(linked, 'server', 'index.mjs'));
    expect(readManifest(join(linked, 'manifest.json'), linked).record.project.entryPoint).toMatchObject({ exists: true, inside: false });
    const up = folder({
      'manifest.json': json(bundleManifest({ server: { type: 'node', entry_point: '../x.mjs', mcp_config: { command: 'node' } } })),
    });
    expect(readManifest(join(up, 'manifest.json'), up).record.project.entryPoint).toMatchObject({ inside: false });
  });

  it('refuses nesting deeper than any manifest has', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    const dir = folder({ 'server.json': json({ ...serverJson(), deep }) });
    expect(() => readManifest(join(dir, 'server.json'), dir)).toThrow(/nested more than 32 levels/);
  });
});

describe('the launch a client would make', () => {
  it('runs the bin of this npm project with the declared arguments and variables, placeholders for required ones', async () => {
    const pkg = {
      registryType: 'npm',
      identifier: 'bookstore-mcp-server',
      version: '1.0.0',
      transport: { type: 'stdio' },
      packageArguments: [
        { type: 'named', name: '--region', default: 'eu' },
        { type: 'named', name: '--optional' },
        { type: 'positional', valueHint: 'catalogue', isRequired: true },
      ],
      environmentVariables: [
        { name: 'API_TOKEN', isRequired: true, isSecret: true },
        { name: 'LOG_LEVEL', default: 'info' },
        { name: 'UNSET' },
      ],
    };
    const dir = folder({
      'server.json': json(serverJson({ packages: [pkg] })),
      'package.json': json({ name: 'bookstore-mcp-server', version: '1.0.0', bin: { bookstore: 'bin/server.mjs' } }),
    });
    const input = await manifestInput(join(dir, 'server.json'), dir);
    if (input.kind !== 'launch') throw new Error('not launched');
    expect(input.target).toMatchObject({
      command: process.execPath,
      args: [join(dir, 'bin/server.mjs'), '--region', 'eu', 'mcplint-placeholder'],
      env: { API_TOKEN: 'mcplint-placeholder', LOG_LEVEL: 'info' },
      cwd: dir,
    });
    expect(input.record.launch).toEqual({
      from: 'packages[0] (npm bookstore-mcp-server), package.json bin',
      placeholders: ['catalogue', 'API_TOKEN'],
      npmBin: join(dir, 'bin/server.mjs'),
    });
    expect(input.target.manifest).toBe(input.record);
  });

  it('launches nothing for a package of another project, and says so', async () => {
    const dir = folder({ 'server.json': json(serverJson()), 'package.json': json({ name: 'something-else', bin: 'x.mjs' }) });
    const input = await manifestInput(join(dir, 'server.json'), dir);
    expect(input.kind).toBe('manifest-only');
    if (input.kind === 'manifest-only') {
      expect(input.capture.notes[0]).toMatch(
        /no package of .* is the npm project beside it \(npm bookstore-mcp-server; package\.json names "something-else"\)/,
      );
      expect(input.capture.manifest).toBe(input.record);
    }
  });

  it("applies this platform's platform_overrides entry over mcp_config", () => {
    const manifest = bundleManifest({
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/server/index.mjs'],
          env: { A: 'base', B: 'base' },
          platform_overrides: {
            [process.platform]: { args: ['${__dirname}/server/other.mjs'], env: { B: 'here' } },
            plan9: { command: 'nope' },
          },
        },
      },
    });
    const dir = folder({ 'manifest.json': json(manifest), 'server/index.mjs': '' });
    const plan = launchPlan(readManifest(join(dir, 'manifest.json'), dir).record, dir, join(dir, 'manifest.json'));
    if ('problem' in plan) throw new Error(plan.problem);
    expect(plan.target).toMatchObject({ command: process.execPath, args: [`${dir}/server/other.mjs`], env: { A: 'base', B: 'here' } });
  });

  it('substitutes ${__dirname}, ${user_config.*} defaults and placeholders in an MCPB mcp_config', () => {
    const manifest = bundleManifest({
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/server/index.mjs', '--root=${user_config.root}', '${unknown}'],
          env: { TOKEN: '${user_config.token}' },
        },
      },
      user_config: {
        root: { type: 'string', title: 'Root', default: '/srv' },
        token: { type: 'string', title: 'Token', sensitive: true, required: true },
      },
    });
    const dir = folder({ 'manifest.json': json(manifest), 'server/index.mjs': '' });
    const { record } = readManifest(join(dir, 'manifest.json'), dir);
    const plan = launchPlan(record, dir, join(dir, 'manifest.json'));
    if ('problem' in plan) throw new Error(plan.problem);
    expect(plan.target).toMatchObject({
      command: process.execPath,
      args: [`${dir}/server/index.mjs`, '--root=/srv', '${unknown}'],
      env: { TOKEN: 'mcplint-placeholder' },
    });
    expect(plan.launch.placeholders).toEqual(['token']);
  });

  it('asks npm what it would pack only for an npm launch: a PyPI launch with packageArguments is left alone', async () => {
    const { withManifestPacked } = await import('../src/session/packed.js');
    const dir = folder({
      'server.json': json(
        serverJson({
          packages: [{ registryType: 'npm', identifier: 'bookstore-mcp-server', version: '1.0.0', transport: { type: 'stdio' } }],
        }),
      ),
      'package.json': json({ name: 'bookstore-mcp-server', version: '1.0.0', bin: { bookstore: 'bin/server.mjs' } }),
    });
    const input = await manifestInput(join(dir, 'server.json'), dir);
    if (input.kind !== 'launch' || input.target.kind === 'http') throw new Error('not launched');
    // The same launch as a PyPI console script would be: its args are packageArguments, and no npm bin.
    const { npmBin: _bin, ...launch } = input.record.launch!;
    const pypi = { ...input.target, command: join(dir, '.venv/bin/bookstore'), args: ['--stdio'], manifest: { ...input.record, launch } };
    expect((await withManifestPacked(pypi, 'files', dir)).target).toBe(pypi);
  });
});

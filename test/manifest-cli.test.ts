/**
 * `mcplint --manifest` through the built CLI, on the fixture projects of fixtures/manifests/: a
 * good and a broken npm project with a server.json, a good and a broken MCP Bundle folder. The
 * good ones report what linting their server directly reports, and nothing from the manifest
 * rules; the broken ones report each defect, located at its line of the manifest in every view.
 * The PyPI pair is not launched (it would have to be installed): its manifest rules run alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from './helpers/capture.js';
import { runCli } from './helpers/cli.js';
import { startHttpFixture } from './helpers/targets.js';

interface JsonFinding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly subject: { readonly kind: string; readonly name?: string };
  readonly location: { readonly uri: string; readonly startLine: number };
}
interface JsonReport {
  readonly summary: Record<string, number>;
  readonly servers: readonly { readonly findings: readonly JsonFinding[]; readonly notes: readonly string[] }[];
}

const project = (...parts: string[]) => `fixtures/manifests/${parts.join('/')}`;
const summaryOf = (report: JsonReport) =>
  report.servers.flatMap((s) =>
    s.findings.map((f) => `${f.ruleId} ${f.messageId} ${f.subject.kind}${f.subject.name ? `:${f.subject.name}` : ''}`),
  );

async function lintJson(args: string[]): Promise<{ code: number | null; report: JsonReport }> {
  const result = await runCli(['--format', 'json', ...args]);
  return { code: result.code, report: JSON.parse(result.stdout) as JsonReport };
}

const scratch = mkdtempSync(join(tmpdir(), 'mcplint-manifest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.concurrent('mcplint --manifest', () => {
  it('on the good npm project: launches the bin and reports what linting the bin reports, with no manifest findings', async () => {
    const [viaManifest, direct] = await Promise.all([
      lintJson(['--manifest', project('npm-good', 'server.json')]),
      lintJson(['--', 'node', project('npm-good', 'server.mjs')]),
    ]);
    expect(viaManifest.code).toBe(0);
    expect(summaryOf(viaManifest.report)).toEqual(summaryOf(direct.report));
    expect(summaryOf(viaManifest.report).filter((f) => f.startsWith('manifest-'))).toEqual([]);
    const notes = viaManifest.report.servers[0]!.notes.join('\n');
    expect(notes).toContain(
      'linted fixtures/manifests/npm-good/server.json (server.json 2025-12-11); launched packages[0] (npm bookstore-mcp-server)',
    );
    expect(notes).toMatch(/"BOOKSTORE_API_TOKEN" with no default: mcplint launched the server with the placeholder value/);
  });

  it('on the broken npm project: the wrong mcpName, the packed package, the version range and the undeclared variable, at their lines', async () => {
    const { code, report } = await lintJson(['--manifest', project('npm-broken', 'server.json')]);
    expect(code).toBe(1);
    expect(summaryOf(report)).toEqual([
      'manifest-ownership npmDiffers server',
      'manifest-version-exact range server',
      'packed-package-files devDependency server',
      'packed-package-files importLeftOut server',
      'manifest-env-vars readUndeclared server',
    ]);
    const places = report.servers[0]!.findings.map((f) => `${f.location.uri}:${f.location.startLine}`);
    // The manifest place only locates a finding: it is not a field of the report.
    for (const f of report.servers[0]!.findings) expect(Object.keys(f)).not.toContain('manifestAt');
    expect(places).toEqual([
      'fixtures/manifests/npm-broken/server.json:9',
      'fixtures/manifests/npm-broken/server.json:10',
      // The packed findings are about the npm package: at package.json's devDependencies and files.
      'fixtures/manifests/npm-broken/package.json:15',
      'fixtures/manifests/npm-broken/package.json:11',
      'fixtures/manifests/npm-broken/server.mjs:9',
    ]);
  });

  it('keeps text, JSON and SARIF in agreement, SARIF results at the manifest and package.json lines', async () => {
    const file = project('npm-broken', 'server.json');
    const [json, sarif, text] = await Promise.all([
      lintJson(['--manifest', file]),
      runCli(['--manifest', file, '--format', 'sarif']),
      runCli(['--manifest', file]),
    ]);
    const results = (
      JSON.parse(sarif.stdout) as {
        runs: {
          results: {
            ruleId: string;
            locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
          }[];
        }[];
      }
    ).runs[0]!.results;
    expect(results.map((r) => r.ruleId)).toEqual(json.report.servers[0]!.findings.map((f) => f.ruleId));
    expect(
      results.map((r) => `${r.locations[0]!.physicalLocation.artifactLocation.uri}:${r.locations[0]!.physicalLocation.region.startLine}`),
    ).toEqual(json.report.servers[0]!.findings.map((f) => `${f.location.uri}:${f.location.startLine}`));
    expect(json.report.summary).toMatchObject({ error: 4, warning: 1 });
    expect(text.stdout).toContain('5 problems (4 errors, 1 warning, 0 notes)');
  });

  it('on the good bundle: launches mcp_config with ${__dirname} and the user_config default, and finds nothing', async () => {
    const { code, report } = await lintJson(['--manifest', project('mcpb-good', 'manifest.json')]);
    expect(code).toBe(0);
    expect(summaryOf(report)).toEqual([]);
    expect(report.servers[0]!.notes[0]).toBe(
      'linted fixtures/manifests/mcpb-good/manifest.json (MCP Bundle manifest 0.3); launched server.mcp_config',
    );
  });

  it('on the broken bundle: the missing entry point, the declared tool the server does not list, the unused user_config', async () => {
    const { code, report } = await lintJson(['--manifest', project('mcpb-broken', 'manifest.json')]);
    expect(code).toBe(1);
    expect(summaryOf(report).sort()).toEqual(
      [
        'manifest-bundle-entry-point missing server',
        'manifest-drift declaredNotListed tool:bookstore_list_authors',
        'manifest-user-config unused server',
      ].sort(),
    );
    for (const f of report.servers[0]!.findings) expect(f.location.uri).toBe('fixtures/manifests/mcpb-broken/manifest.json');
  });

  it('on the PyPI projects (not installed here, so not launched: mcplint never downloads): the README marker and the pyproject.toml version', async () => {
    const [good, broken] = await Promise.all([
      lintJson(['--manifest', project('pypi-good', 'server.json')]),
      lintJson(['--manifest', project('pypi-broken', 'server.json')]),
    ]);
    expect(good.code).toBe(0);
    expect(summaryOf(good.report)).toEqual([]);
    expect(good.report.servers[0]!.notes.join('\n')).toMatch(
      /its console script "bookstore-mcp" is not installed in \.venv \(uv sync or pip install -e \. installs it\): mcplint never downloads/,
    );
    expect(broken.code).toBe(1);
    expect(summaryOf(broken.report)).toEqual([
      'manifest-ownership pypiMissing server',
      'manifest-version-exact differs server',
      'manifest-version-exact differs server',
    ]);
  });

  it('launches a PyPI project from the console script installed in its .venv', async () => {
    const dir = join(scratch, 'pypi-installed');
    mkdirSync(join(dir, '.venv', 'bin'), { recursive: true });
    writeFileSync(
      join(dir, 'pyproject.toml'),
      '[project]\nname = "bookstore-mcp"\nversion = "1.0.0"\n\n[project.scripts]\nbookstore-mcp = "bookstore_mcp.server:main"\n',
    );
    writeFileSync(join(dir, 'README.md'), '<!-- mcp-name: io.github.mcplint/bookstore-py -->\n');
    // What `uv sync` would install, standing in for the Python server: the clean bookstore.
    writeFileSync(
      join(dir, '.venv', 'bin', 'bookstore-mcp'),
      `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(fixturePath('clean-server.mjs'))}\n`,
      { mode: 0o755 },
    );
    const registry = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.mcplint/bookstore-py',
      description: 'Search a bookstore, on FastMCP.',
      version: '1.0.0',
      packages: [{ registryType: 'pypi', identifier: 'bookstore-mcp', version: '1.0.0', transport: { type: 'stdio' } }],
    };
    writeFileSync(join(dir, 'server.json'), JSON.stringify(registry, null, 2));
    const { code, report } = await lintJson(['--manifest', join(dir, 'server.json')]);
    expect(code).toBe(0);
    expect(summaryOf(report)).toEqual([]);
    expect(report.servers[0]!.notes[0]).toMatch(/launched packages\[0\] \(PyPI bookstore-mcp\), \.venv console script bookstore-mcp$/);
  });

  it('re-judges the manifest rules from a saved capture (--from)', async () => {
    const saved = join(scratch, 'cap.json');
    await runCli(['--manifest', project('npm-broken', 'server.json'), '--save-capture', saved, '--quiet']);
    const { report } = await lintJson(['--from', saved]);
    expect(summaryOf(report).filter((f) => f.startsWith('manifest-') || f.startsWith('packed-'))).toEqual([
      'manifest-ownership npmDiffers server',
      'manifest-version-exact range server',
      'packed-package-files devDependency server',
      'packed-package-files importLeftOut server',
      'manifest-env-vars readUndeclared server',
    ]);
  });

  it('lints the manifest alone when nothing can be launched here (a remote behind a URL template), and says why', async () => {
    const file = join(scratch, 'server.json');
    const remoteOnly = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.mcplint/remote',
      description: 'A remote bookstore.',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://{tenant}.bookstore.invalid/mcp', variables: { tenant: { isRequired: true } } }],
    };
    writeFileSync(file, JSON.stringify(remoteOnly, null, 2));
    const { code, report } = await lintJson(['--manifest', file]);
    expect(code).toBe(0);
    expect(summaryOf(report)).toEqual([]);
    expect(report.servers[0]!.notes.join('\n')).toMatch(/declares no packages, so there is nothing to launch here/);
  });

  it("lints a remote-only server.json's remote URL as --url would, {variables} filled, with the manifest rules", async () => {
    const server = await startHttpFixture('clean-server.mjs');
    try {
      const file = join(scratch, 'remote.server.json');
      const remote = {
        $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
        name: 'io.github.mcplint/remote',
        description: 'A remote bookstore.',
        version: '1.0.0',
        remotes: [
          // A tenant only the user knows: not connected to.
          { type: 'streamable-http', url: 'https://{tenant}.bookstore.invalid/mcp', variables: { tenant: { isRequired: true } } },
          {
            type: 'streamable-http',
            // The path from its variable's default; the header's token from the placeholder, said so.
            url: server.url.replace(/\/[^/]*$/, '/{endpoint}'),
            variables: { endpoint: { default: server.url.replace(/^.*\//, '') } },
            headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isRequired: true, isSecret: true } } }],
          },
        ],
      };
      writeFileSync(file, JSON.stringify(remote, null, 2));
      const [viaManifest, direct] = await Promise.all([lintJson(['--manifest', file]), lintJson(['--url', server.url])]);
      // The loopback test server is plain http://, which a published remote must not be.
      expect(summaryOf(viaManifest.report).sort()).toEqual([...summaryOf(direct.report), 'manifest-remote-https plainHttp server'].sort());
      expect(viaManifest.report.servers[0]!.notes[0]).toBe(
        `linted ${file} (server.json 2025-12-11); launched remotes[1] (Streamable HTTP)`,
      );
      expect(viaManifest.report.servers[0]!.notes[1]).toMatch(
        /requires "Authorization \{token\}" with no default: mcplint launched the server with the placeholder value/,
      );
    } finally {
      await server.stop();
    }
  });

  it('refuses what it cannot read as a manifest: one line, exit 2, naming what it knows', async () => {
    const unknown = join(scratch, 'unknown.json');
    writeFileSync(unknown, JSON.stringify({ $schema: 'https://example.com/\u001b[31mred.json' }));
    const broken = join(scratch, 'broken.json');
    writeFileSync(broken, '{\n  "name": "x",\n}');
    const version = join(scratch, 'version.json');
    writeFileSync(version, JSON.stringify({ manifest_version: '9.9' }));
    const archive = join(scratch, 'bundle.mcpb');
    writeFileSync(archive, 'PK');
    const results = await Promise.all(
      [unknown, broken, version, archive, join(scratch, 'absent.json')].map((f) => runCli(['--manifest', f])),
    );
    for (const r of results) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toContain('\u001b');
    }
    expect(results[0]!.stderr).toMatch(/is not a server\.json schema mcplint knows \(it knows .*2025-07-09.*2025-12-11/);
    expect(results[1]!.stderr).toMatch(/broken\.json:3:1: not valid JSON/);
    expect(results[2]!.stderr).toMatch(
      /manifest_version "9\.9" is not an MCP Bundle manifest version mcplint knows \(it knows 0\.1, 0\.2, 0\.3, 0\.4\)/,
    );
    expect(results[3]!.stderr).toMatch(/bundle\.mcpb: refused the bundle archive: /);
    expect(results[4]!.stderr).toMatch(/absent\.json: file not found/);
  });

  it('finds a published manifest in the working directory when no target is given, before package.json bin', async () => {
    const found = await runCli(['--format', 'json'], { cwd: fixturePath('manifests/npm-broken') });
    const report = JSON.parse(found.stdout) as JsonReport;
    expect(report.servers[0]!.notes[0]).toMatch(/^linted server\.json \(server\.json 2025-12-11\)/);
    expect(summaryOf(report)).toContain('manifest-version-exact range server');
    // A browser extension's manifest.json is no MCP Bundle: package.json's bin is linted as before.
    const dir = join(scratch, 'extension');
    mkdirSync(dir);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'An extension' }));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', bin: fixturePath('clean-server.mjs') }));
    const bin = await runCli(['--format', 'json'], { cwd: dir });
    expect(bin.code, bin.stderr).toBe(0);
    expect((JSON.parse(bin.stdout) as JsonReport).servers[0]!.notes.join('\n')).not.toMatch(/manifest/);
  });

  it('takes one target only', async () => {
    const r = await runCli(['--manifest', fixturePath('manifests/npm-good/server.json'), '--', 'node', 'x.mjs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/give one target, not a command after -- and --manifest/);
  });
});

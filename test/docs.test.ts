/**
 * The documentation says what the repository holds: every relative link resolves to a file and
 * every #anchor to a heading, every repository path it names exists, and the facts it restates
 * (layers, dependencies, package metadata, the release tag scheme, the Action's inputs, config
 * keys, exit codes) are the ones the code and the metadata define.
 */
import { LAYERS, type Layer } from './helpers/layers.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/exit-codes.js';
import { REPOSITORY_URL, VERSION } from '../src/shared/version.js';
import { ROOT } from './helpers/capture.js';
import { githubSlug, headingSlugs, links, proseOf } from './helpers/markdown.js';

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');
const mdIn = (folder: string): string[] =>
  readdirSync(join(ROOT, folder))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `${folder}/${f}`);

/** The documents a reader follows links through. */
const DOCUMENTS = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', ...mdIn('docs'), ...mdIn('rules')];
/** The documents that describe the repository in prose (rule docs describe servers). */
const GUIDES = ['README.md', 'CHANGELOG.md', 'CONTRIBUTING.md', ...mdIn('docs')];
const pkg = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  engines: { node: string };
  repository?: { url?: string };
  homepage?: string;
  bugs?: { url?: string };
};

describe('markdown helpers', () => {
  it('make the anchors GitHub makes', () => {
    expect(githubSlug('What the run will use: `--print-config`')).toBe('what-the-run-will-use---print-config');
    expect(githubSlug('Set up a project: `mcplint init`')).toBe('set-up-a-project-mcplint-init');
    expect(githubSlug('Security: processes and files')).toBe('security-processes-and-files');
    expect([...headingSlugs('# A\n\n## A\n\n```sh\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('read links outside code only', () => {
    const text = 'See [a](x.md#b) and `[c](y.md)`.\n\n```md\n[d](z.md)\n```\n\n[e]: w.md\n';
    expect(links(text)).toEqual(['x.md#b', 'w.md']);
  });
});

describe('documentation', () => {
  it('has only links that resolve: files, and anchors to headings', () => {
    const broken: string[] = [];
    for (const file of DOCUMENTS) {
      for (const target of links(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const [path = '', anchor] = target.split('#');
        const resolved = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURIComponent(path));
        if (!existsSync(resolved)) {
          broken.push(`${file}: ${target} (no such file)`);
          continue;
        }
        if (anchor !== undefined && !headingSlugs(readFileSync(resolved, 'utf8')).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(ROOT, resolved)})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const missing: string[] = [];
    const pathLike = /^(?:src|scripts|test|fixtures|rules|schemas?|action|docs)\/[\w./-]*$/;
    for (const file of GUIDES) {
      for (const [, span] of proseOf(read(file)).matchAll(/`([^`\n]+)`/g)) {
        if (span !== undefined && pathLike.test(span) && !existsSync(join(ROOT, span))) missing.push(`${file}: ${span}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('docs/architecture.md lists the layers of test/layers.test.ts, in order, with what each may import', () => {
    const rows = (Object.keys(LAYERS) as Layer[]).map((name) => ({ name, ...LAYERS[name] }));
    expect(rows.length).toBeGreaterThan(10);
    const expected = rows.map((row, i) => {
      const before = rows.slice(0, i).map((r) => r.name);
      const left = before.filter((name) => !row.mayImport.includes(name));
      // A short list is spelled out; a long one is said as "all before", or all but one.
      const imports =
        row.mayImport.length === 0
          ? '—'
          : row.mayImport.length <= 4
            ? row.mayImport.map((name) => `\`${name}\``).join(', ')
            : left.length === 0
              ? 'all before'
              : left.length === 1 && row.mayImport.every((name) => before.includes(name))
                ? `all before, except \`${left[0]}\``
                : row.mayImport.map((name) => `\`${name}\``).join(', ');
      return `${row.name} ${row.folder} ${imports}`;
    });
    const documented = [...read('docs/architecture.md').matchAll(/^\| `(\w+)` \| `([^`]+)` \| .* \| ([^|]+) \|$/gm)].map(
      ([, name, folder, imports]) => `${name} ${folder} ${imports!.trim()}`,
    );
    expect(documented).toEqual(expected);
  });

  it('the README names every runtime dependency, the Node.js version, and no other install script than the one it explains', () => {
    const readme = read('README.md');
    const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 1));
    for (const name of Object.keys(pkg.dependencies)) expect(install, name).toContain(name);
    expect(install).toContain(`Node.js ${pkg.engines.node.replace(/^>=\s*/, '')} or newer`);
    // The packages with an install script, as the lock file records them.
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean; dev?: boolean }> };
    const scripted = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && !entry.dev)
      .map(([path]) => path.replace(/^.*node_modules\//, ''));
    expect(scripted).toEqual(['tree-sitter-python']);
    expect(install).toContain("tree-sitter-python's `install` runs\n`node-gyp-build`");
  });

  it('package.json names the repository the code links to', () => {
    expect(pkg.repository?.url).toBe(`git+${REPOSITORY_URL}.git`);
    expect(pkg.homepage).toBe(`${REPOSITORY_URL}#readme`);
    expect(pkg.bugs?.url).toBe(`${REPOSITORY_URL}/issues`);
  });

  it('pins the Action and the config schema by the release tag scheme of docs/versioning.md', () => {
    const pins: string[] = [];
    for (const file of GUIDES) {
      for (const [pin] of read(file).matchAll(/mcplint\/mcplint@[\w.-]+/g)) pins.push(pin);
      for (const [, version] of read(file).matchAll(/unpkg\.com\/mcplint@([\w.-]+)\//g))
        expect(version, `${file}: mcplint@${version}`).toBe(VERSION);
    }
    expect(pins.length).toBeGreaterThan(1);
    // vX.Y.Z: the placeholder docs/versioning.md writes the scheme with.
    for (const pin of pins) expect(pin).toMatch(new RegExp(`@(v${VERSION.replace(/\./g, '\\.')}|vX\\.Y\\.Z|[0-9a-f]{40})$`));
  });

  it('docs/ci.md lists every input and output of action.yml', () => {
    const action = read('action.yml');
    const names = (section: string, next: string): string[] => {
      const body = action.slice(action.indexOf(`\n${section}:\n`), action.indexOf(`\n${next}:`));
      return [...body.matchAll(/^ {2}([\w-]+):$/gm)].map((m) => m[1]!);
    };
    const ci = read('docs/ci.md');
    const inputs = names('inputs', 'outputs');
    const outputs = names('outputs', 'runs');
    expect(inputs.length).toBeGreaterThan(5);
    expect(outputs.length).toBeGreaterThan(5);
    for (const name of [...inputs, ...outputs]) expect(ci, name).toContain(`\`${name}\``);
  });

  it('docs/configuration.md and docs/probes.md describe every key of the config schema', () => {
    const schema = JSON.parse(read('schema/mcplint.config.schema.json')) as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    const configuration = read('docs/configuration.md');
    for (const key of Object.keys(schema.properties)) expect(configuration, key).toContain(`| \`${key}\` |`);
    const probes = read('docs/probes.md');
    for (const key of Object.keys(schema.properties.probes?.properties ?? {})) expect(probes, key).toContain(`| \`probes.${key}\` |`);
  });

  it('docs/usage.md explains every exit code mcplint uses', () => {
    const usage = read('docs/usage.md');
    const table = usage.slice(usage.indexOf('## Exit codes'));
    const codes = [...table.matchAll(/^\| ([\d, ]+) \|/gm)].flatMap((m) => m[1]!.split(',').map((c) => Number(c.trim())));
    expect(codes.sort((a, b) => a - b)).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  it('links every page of docs/ from the README', () => {
    const readme = read('README.md');
    for (const file of mdIn('docs')) expect(readme, file).toContain(`](${file})`);
  });
});

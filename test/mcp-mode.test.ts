/**
 * `mcplint mcp` driven by the SDK's own Client over real stdio (the built bin): every tool, the
 * rule resources and the prompt, findings paged across pages, both response formats, progress
 * notifications, the size bound, and a cancelled lint whose target process is gone at once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, ROOT } from './helpers/capture.js';
import { CLI } from './helpers/cli.js';
import { copyProject, read } from './helpers/fix-projects.js';

const SLOW = 120_000;
const node = process.execPath;
const dir = mkdtempSync(join(tmpdir(), 'mcplint-mcp-mode-'));
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  // BOOKSTORE_API_KEY: what the client config fixtures hand their server.
  const env = { ...(process.env as Record<string, string>), BOOKSTORE_API_KEY: 'bk-secret-4f9a' };
  transport = new StdioClientTransport({ command: node, args: [CLI, 'mcp'], cwd: ROOT, env, stderr: 'pipe' });
  client = new Client({ name: 'mcplint-test', version: '1.0.0' });
  await client.connect(transport);
  // Listing first: the client then checks every structuredContent against its tool's outputSchema.
  await client.listTools();
}, SLOW);

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (name: string, args: Record<string, unknown>, options: Parameters<Client['callTool']>[2] = {}) =>
  client.callTool({ name, arguments: args }, undefined, { timeout: SLOW, ...options }) as Promise<CallToolResult>;
const text = (result: CallToolResult): string => (result.content[0] as { text: string }).text;
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;

describe('mcplint mcp: what it offers', () => {
  it('lists its tools with titles, all four annotations, strict bounded input schemas and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'mcplint_lint_server',
      'mcplint_plan_probes',
      'mcplint_fix',
      'mcplint_explain_rule',
      'mcplint_list_rules',
    ]);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(Object.keys(tool.annotations ?? {}).sort(), tool.name).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
        'title',
      ]);
      expect(tool.inputSchema.additionalProperties, tool.name).toBe(false);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect((tool.inputSchema.properties as Record<string, { enum?: string[] }>).response_format?.enum, tool.name).toEqual([
        'markdown',
        'json',
      ]);
    }
    const lint = tools.find((t) => t.name === 'mcplint_lint_server')!;
    // It starts whatever command it is given: not read-only, open-world.
    expect(lint.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: true });
    // It writes source files when asked to: destructive.
    expect(tools.find((t) => t.name === 'mcplint_fix')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('serves every rule as a resource mcplint://rules/{id}, from the same document as mcplint explain', async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThan(90);
    expect(resources.find((r) => r.name === 'tool-title-present')).toMatchObject({
      uri: 'mcplint://rules/tool-title-present',
      mimeType: 'text/markdown',
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['mcplint://rules/{id}']);
    const read = await client.readResource({ uri: 'mcplint://rules/tool-title-present' });
    const doc = (read.contents[0] as { text: string }).text;
    expect(doc).toMatch(/^# tool-title-present\n/);
    expect(doc).toContain('## Why');
    await expect(client.readResource({ uri: 'mcplint://rules/no-such-rule' })).rejects.toThrow(/Resource not found/);
  });

  it('has a review_server prompt that walks through linting and fixing with its tools', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['review_server']);
    const prompt = await client.getPrompt({ name: 'review_server', arguments: { command: 'node dist/index.js' } });
    const body = (prompt.messages[0]!.content as { text: string }).text;
    expect(body).toContain('{"command":"node","args":["dist/index.js"]}');
    expect(body).toContain('mcplint_explain_rule');
    // Quotes are honoured as a shell would: a path with a space stays one argument.
    const quoted = await client.getPrompt({ name: 'review_server', arguments: { command: `node "dist/my server.js" --name 'a b'` } });
    expect((quoted.messages[0]!.content as { text: string }).text).toContain(
      '{"command":"node","args":["dist/my server.js","--name","a b"]}',
    );
  });
});

describe('mcplint mcp: the rule tools', () => {
  it('pages through the rules by offset, in JSON and in Markdown', async () => {
    const first = await call('mcplint_list_rules', { limit: 40, response_format: 'json' });
    expect(JSON.parse(text(first))).toEqual(first.structuredContent);
    const page1 = structured(first);
    expect(page1).toMatchObject({ count: 40, offset: 0, has_more: true, next_offset: 40 });
    const total = page1.total_count as number;
    const ids = (page1.rules as { id: string }[]).map((r) => r.id);
    let offset = page1.next_offset as number;
    while (offset !== undefined) {
      const page = structured(await call('mcplint_list_rules', { limit: 40, offset }));
      ids.push(...(page.rules as { id: string }[]).map((r) => r.id));
      offset = page.next_offset as number;
    }
    expect(new Set(ids).size).toBe(total);
    const markdown = text(await call('mcplint_list_rules', { search: 'title', limit: 5 }));
    expect(markdown).toContain('`tool-title-present`');
    const naming = structured(await call('mcplint_list_rules', { category: 'naming', limit: 100 }));
    expect((naming.rules as { category: string }[]).every((r) => r.category === 'naming')).toBe(true);
  });

  it('explains a rule both ways, and answers an unknown id with an isError result that says what to do', async () => {
    const json = await call('mcplint_explain_rule', { rule_id: 'tool-annotations-complete', response_format: 'json' });
    expect(structured(json)).toMatchObject({ id: 'tool-annotations-complete', category: 'annotations', fixable: true });
    expect(JSON.parse(text(json)).documentation).toContain('## Why');
    const markdown = await call('mcplint_explain_rule', { rule_id: 'tool-annotations-complete' });
    expect(text(markdown)).toMatch(/^# tool-annotations-complete\n/);
    const unknown = await call('mcplint_explain_rule', { rule_id: 'tool-title-presnt' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('tool-title-present');
    expect(text(unknown)).toContain('mcplint_list_rules');
  });

  it('answers arguments its schema refuses with an isError result naming each problem', async () => {
    const bad = await call('mcplint_list_rules', { limit: 1000, colour: 'red' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('no parameter "colour"');
    expect(text(bad)).toContain('limit must be <= 100');
  });
});

describe('mcplint mcp: linting', () => {
  it(
    'pages through the findings of one lint with cursors, in JSON and in Markdown, with progress notifications',
    async () => {
      const progress: { progress: number; message?: string }[] = [];
      const target = { command: node, args: [fixturePath('old-protocol-server.mjs')], cwd: ROOT };
      const first = await call(
        'mcplint_lint_server',
        { ...target, limit: 3, response_format: 'json' },
        { onprogress: (p) => progress.push(p) },
      );
      expect(first.isError).toBeFalsy();
      expect(progress.length).toBeGreaterThan(0);
      expect(progress[0]!.message).toBeTruthy();
      const page1 = structured(first);
      expect(JSON.parse(text(first))).toEqual(page1);
      const total = page1.total_count as number;
      expect(total).toBeGreaterThan(3);
      expect(page1).toMatchObject({ count: 3, offset: 0, has_more: true });
      const fingerprints = (page1.findings as { fingerprint: string }[]).map((f) => f.fingerprint);
      let cursor = page1.next_cursor as string | undefined;
      let pages = 1;
      while (cursor) {
        const next = await call('mcplint_lint_server', { cursor, limit: 3 });
        const page = structured(next);
        expect(text(next)).toContain(`of ${total}`); // Markdown: "## Findings 4-6 of 7"
        fingerprints.push(...(page.findings as { fingerprint: string }[]).map((f) => f.fingerprint));
        cursor = page.next_cursor as string | undefined;
        expect(page.has_more).toBe(cursor !== undefined);
        pages++;
      }
      expect(pages).toBe(Math.ceil(total / 3));
      expect(new Set(fingerprints).size).toBe(total);

      // The same target again: what changed since (nothing).
      const again = structured(await call('mcplint_lint_server', { ...target, limit: 3 }));
      expect(again.changes).toMatchObject({ added: 0, fixed: 0, set_aside: 0, score_before: (page1.score as { score: number }).score });

      const stale = await call('mcplint_lint_server', { cursor: 'bm90LWEtY3Vyc29y' });
      expect(stale.isError).toBe(true);
    },
    SLOW,
  );

  it(
    'keeps a page of a server with thousands of findings within 25,000 characters, and says how to get the rest',
    async () => {
      const result = await call('mcplint_lint_server', { command: node, args: [fixturePath('hostile/lying-tools.mjs')], limit: 100 });
      const page = structured(result);
      expect(page.total_count as number).toBeGreaterThan(1000);
      expect(text(result).length).toBeLessThanOrEqual(25_000);
      expect(JSON.stringify(page).length).toBeLessThanOrEqual(25_000);
      expect(page.has_more).toBe(true);
      expect(text(result)).toContain('cursor');
      // The JSON answer is whole JSON, the same data as structuredContent: never cut to fit.
      const json = await call('mcplint_lint_server', {
        command: node,
        args: [fixturePath('hostile/lying-tools.mjs')],
        limit: 100,
        response_format: 'json',
      });
      expect(text(json).length).toBeLessThanOrEqual(25_000);
      expect(JSON.parse(text(json))).toEqual(structured(json));
    },
    SLOW,
  );

  it(
    'answers a call without a target, or with a bad rule setting, with an isError result',
    async () => {
      const none = await call('mcplint_lint_server', {});
      expect(none.isError).toBe(true);
      expect(text(none)).toContain('give command (and args), url, or config_file and server');
      const alone = await call('mcplint_lint_server', { config_file: 'fixtures/configs/cursor/.cursor/mcp.json' });
      expect(text(alone)).toContain('config_file needs server');
      const rule = await call('mcplint_lint_server', {
        command: node,
        args: [fixturePath('clean-server.mjs')],
        rules: ['no-such-rule=off'],
      });
      expect(rule.isError).toBe(true);
      expect(text(rule)).toContain('no-such-rule');
    },
    SLOW,
  );

  it(
    'lints a server a client config declares, its values redacted',
    async () => {
      const result = await call('mcplint_lint_server', {
        config_file: 'fixtures/configs/vscode/.vscode/mcp.json',
        server: 'bookstore',
        cwd: ROOT,
      });
      expect(result.isError, text(result)).toBeFalsy();
      expect(structured(result)).toMatchObject({ handshake_ok: true, server: expect.stringContaining('bookstore') });
      expect(JSON.stringify(result)).not.toContain('bk-secret-4f9a');
    },
    SLOW,
  );

  it(
    "a server's terminal controls and the secret it echoes reach no answer and no progress message",
    async () => {
      const secret = 'mcp-mode-secret-7f3a9c';
      const messages: string[] = [];
      const answers = [
        await call('mcplint_lint_server', { command: node, args: [fixturePath('hostile/terminal-injection.mjs')], cwd: ROOT }),
        await call(
          'mcplint_lint_server',
          { command: node, args: [fixturePath('hostile/echo-in-names.mjs')], env: { BOOKSTORE_API_KEY: secret }, cwd: ROOT },
          { onprogress: (p) => messages.push(p.message ?? '') },
        ),
        await call('mcplint_plan_probes', { command: node, args: [fixturePath('hostile/terminal-injection.mjs')], cwd: ROOT }),
      ];
      for (const answer of answers) {
        // The Markdown an agent reads (and a terminal may print) holds no ESC, C1 or bidi control.
        expect(text(answer)).not.toMatch(/[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
        expect(JSON.stringify(answer)).not.toContain(secret);
      }
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.join('\n')).not.toContain(secret);
    },
    SLOW,
  );

  it(
    'a fix written to the sources of a built server is not called applied: unproven, with the files named, until a build proves it',
    async () => {
      const dir = copyProject(fixturePath('fix/ts-build/before'));
      expect(spawnSync(process.execPath, ['build.mjs'], { cwd: dir }).status).toBe(0);
      const target = { command: 'node', args: ['dist/server.js'], cwd: dir };
      const unproven = structured(await call('mcplint_fix', { ...target, apply: true, response_format: 'json' }));
      expect(unproven).toMatchObject({ applied: false, proven_fixes: 0, rolled_back: false, unproven_files: ['src/server.ts'] });
      const proven = structured(await call('mcplint_fix', { ...target, apply: true, build: 'node build.mjs', response_format: 'json' }));
      expect(proven).toMatchObject({ rolled_back: false });
      expect(proven.unproven_files).toBeUndefined();
    },
    SLOW,
  );

  it(
    'two entries of one client config are two servers, each compared only with itself',
    async () => {
      const config = 'fixtures/configs/five-servers/.mcp.json';
      const first = await call('mcplint_lint_server', { config_file: config, server: 'bookstore', cwd: ROOT });
      const second = await call('mcplint_lint_server', { config_file: config, server: 'notes', cwd: ROOT });
      expect(structured(first).server).toContain('bookstore');
      expect(structured(second).server).toContain('notes');
      expect(structured(second).server).not.toContain('bookstore');
    },
    SLOW,
  );

  it(
    'plans the probes of a server without calling its tools',
    async () => {
      const result = await call('mcplint_plan_probes', { command: node, args: [fixturePath('clean-server.mjs')], response_format: 'json' });
      const plan = structured(result);
      expect(plan.handshake_ok).toBe(true);
      expect(plan.total_steps as number).toBeGreaterThan(0);
      expect((plan.steps as { method: string }[]).some((s) => s.method === 'tools/call')).toBe(true);
      expect(text(await call('mcplint_plan_probes', { command: node, args: [fixturePath('clean-server.mjs')] }))).toContain('# Probe plan');
    },
    SLOW,
  );

  it(
    'fixes: the patch by default (nothing written); with apply the files, proven, and the next lint says what was fixed',
    async () => {
      const before = fixturePath('fix/js-sdk/before');
      const dir = copyProject(before);
      const target = { command: node, args: ['server.mjs'], cwd: dir };
      const first = structured(await call('mcplint_lint_server', { ...target, limit: 1 }));
      expect(first.total_count as number).toBeGreaterThan(5);

      const diff = await call('mcplint_fix', { ...target, response_format: 'json' });
      expect(structured(diff)).toMatchObject({ applied: false, rolled_back: false, patch_truncated: false });
      expect(structured(diff).patch).toContain('+    title: ');
      expect(read(dir, 'server.mjs')).toBe(read(before, 'server.mjs'));

      const applied = await call('mcplint_fix', { ...target, apply: true, unsafe: true });
      expect(structured(applied)).toMatchObject({ applied: true, rolled_back: false });
      expect(text(applied)).toContain('every fixed finding is gone');
      expect(read(dir, 'server.mjs')).toBe(read(fixturePath('fix/js-sdk/after'), 'server.mjs'));

      const again = structured(await call('mcplint_lint_server', { ...target, limit: 1 }));
      expect((again.changes as { fixed: number }).fixed).toBeGreaterThanOrEqual(7);
      expect((again.changes as { score_after: number }).score_after).toBeGreaterThan((first.score as { score: number }).score);
    },
    SLOW,
  );

  it(
    'stops the target server at once when the client cancels the lint, and leaves no process',
    async () => {
      // A server that never answers tools/list, and says its pid.
      const pidFile = join(dir, 'pid');
      const slow = join(dir, 'slow.mjs');
      writeFileSync(
        slow,
        `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nawait import(${JSON.stringify(pathToFileURL(fixturePath('hostile/hang-list.mjs')).href)});\n`,
      );
      const controller = new AbortController();
      const phases: string[] = [];
      const lint = call(
        'mcplint_lint_server',
        { command: node, args: [slow], timeout_ms: 60_000 },
        {
          signal: controller.signal,
          onprogress: (p) => phases.push(p.message ?? ''),
        },
      );
      const pid = await waitFor(() => {
        try {
          return Number(readFileSync(pidFile, 'utf8')) || undefined;
        } catch {
          return undefined;
        }
      });
      expect(alive(pid)).toBe(true);
      await waitFor(() => (phases.length > 0 ? true : undefined));
      const cancelledAt = Date.now();
      controller.abort();
      await expect(lint).rejects.toThrow();
      await waitFor(() => (alive(pid) ? undefined : true));
      const stoppedInMs = Date.now() - cancelledAt;
      process.stderr.write(`mcp-mode test: the cancelled lint's server was gone ${stoppedInMs} ms after the cancellation\n`);
      // A second on a quiet machine; the bound only fails a hang.
      expect(stoppedInMs).toBeLessThan(10_000);
      // The server still answers.
      expect(structured(await call('mcplint_list_rules', { limit: 1 })).count).toBe(1);
    },
    SLOW,
  );
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 20));
  }
}

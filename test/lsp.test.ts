/**
 * `mcplint lsp` driven by a real LSP client over stdio (vscode-languageserver's JSON-RPC message
 * connection, no editor), through the built CLI, on temporary copies of fixture projects: the
 * findings arrive as diagnostics on their registration lines, a quick fix applied and saved clears
 * its diagnostic, and a target that never answers gives a status message while the server keeps
 * answering requests.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type Diagnostic,
  type MessageConnection,
  type ShowMessageParams,
  type TextEdit,
} from 'vscode-languageserver/node';
import { chunksOf, loadedChunks } from './helpers/bundle-chunks.js';
import { fixturePath } from './helpers/capture.js';
import { CLI, CLI_DEADLINE_MS } from './helpers/cli.js';
import { copyProject, scratchDir } from './helpers/fix-projects.js';

const SLOW = 4 * CLI_DEADLINE_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The processes whose working directory is `dir`: the language server, its lint's child and the target that child started. */
function processesIn(dir: string): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    try {
      return /^\d+$/.test(entry) && readlinkSync(`/proc/${entry}/cwd`) === dir ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

interface Client {
  readonly child: ChildProcessWithoutNullStreams;
  readonly connection: MessageConnection;
  /** The last diagnostics published for each file, and how many times each was published. */
  readonly diagnostics: Map<string, Diagnostic[]>;
  readonly publications: Map<string, number>;
  readonly messages: ShowMessageParams[];
  readonly logs: string[];
  stderr: string;
}

const clients: Client[] = [];
afterEach(() => {
  for (const { child, connection } of clients.splice(0)) {
    connection.dispose();
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

async function startLsp(dir: string, env: Record<string, string> = {}): Promise<Client> {
  const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const client: Client = { child, connection, diagnostics: new Map(), publications: new Map(), messages: [], logs: [], stderr: '' };
  child.stderr.on('data', (d: Buffer) => (client.stderr += d));
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
    client.diagnostics.set(p.uri, p.diagnostics);
    client.publications.set(p.uri, (client.publications.get(p.uri) ?? 0) + 1);
  });
  connection.onNotification('window/showMessage', (p: ShowMessageParams) => void client.messages.push(p));
  connection.onNotification('window/logMessage', (p: { message: string }) => void client.logs.push(p.message));
  connection.listen();
  clients.push(client);
  const uri = pathToFileURL(dir).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uri,
    workspaceFolders: [{ uri, name: 'project' }],
    capabilities: {},
  });
  await connection.sendNotification('initialized', {});
  return client;
}

async function until(ready: () => boolean, what: string, client: Client): Promise<void> {
  const deadline = Date.now() + CLI_DEADLINE_MS;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${client.stderr}\n${JSON.stringify(client.messages)}`);
    await sleep(50);
  }
}

/** Apply LSP text edits (non-overlapping) to a text. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

/** A project whose bin (hang.mjs) reads nothing and answers nothing, until it is stopped. */
function hangingProject(prefix: string): string {
  const dir = scratchDir(prefix);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'hangs', version: '1.0.0', type: 'module', bin: { hangs: 'hang.mjs' } }));
  writeFileSync(join(dir, 'hang.mjs'), 'setInterval(() => {}, 1 << 30);\n');
  return dir;
}

const open = (client: Client, file: string) =>
  client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: pathToFileURL(file).href, languageId: 'javascript', version: 1, text: readFileSync(file, 'utf8') },
  });

describe.skipIf(process.platform !== 'linux')('mcplint lsp', () => {
  it(
    'publishes the findings on their lines, with rule codes and links; a quick fix applied and saved clears its diagnostic',
    async () => {
      const dir = copyProject(fixturePath('fix/js-sdk/before'));
      const server = join(dir, 'server.mjs');
      const serverUri = pathToFileURL(server).href;
      const manifestUri = pathToFileURL(join(dir, 'package.json')).href;
      const client = await startLsp(dir);
      await open(client, server);
      await until(() => client.diagnostics.has(serverUri), 'the diagnostics of server.mjs', client);

      const mine = client.diagnostics.get(serverUri)!;
      const lineOf = (code: string) => mine.filter((d) => d.code === code).map((d) => d.range.start.line + 1);
      // server.mjs: the tool registered at line 12 has no title; console.log at line 22, console.info at 46.
      expect(lineOf('tool-title-present')).toEqual([12]);
      expect(lineOf('source-stdout-write').sort((a, b) => a - b)).toEqual([22, 46]);
      const title = mine.find((d) => d.code === 'tool-title-present')!;
      expect(title.source).toBe('mcplint');
      expect(title.severity).toBe(3);
      expect(title.codeDescription?.href).toMatch(/\/rules\/tool-title-present\.md$/);
      // A server-wide finding sits on the manifest, related to each tool it names: weather_get_forecast's
      // name (line 12, a finding on the tool itself), weather_list_cities' inputSchema (line 34, the first
      // line of its registration a finding names; the JSON report lists no registrations).
      const strict = client.diagnostics.get(manifestUri)!.find((d) => d.code === 'input-schema-strict')!;
      expect(strict.relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line + 1])).toEqual([
        [serverUri, 12],
        [serverUri, 34],
      ]);

      const actions = (await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: serverUri },
        range: title.range,
        context: { diagnostics: [title] },
      })) as CodeAction[];
      const fix = actions.find((a) => a.title === 'mcplint: add title "Get Forecast"')!;
      expect(fix, JSON.stringify(actions.map((a) => a.title))).toBeDefined();
      expect(fix.kind).toBe('quickfix');
      const published = client.publications.get(serverUri)!;
      writeFileSync(server, applyEdits(readFileSync(server, 'utf8'), fix.edit!.changes![serverUri]!));
      await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: serverUri } });
      await until(() => client.publications.get(serverUri)! > published, 'the diagnostics after the save', client);
      const after = client.diagnostics.get(serverUri)!;
      expect(after.filter((d) => d.code === 'tool-title-present')).toEqual([]);
      expect(after.filter((d) => d.code === 'source-stdout-write')).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'a target that never answers gives a status message, the server answers meanwhile, and exit leaves no process',
    async () => {
      const dir = hangingProject('mcplint-lsp-hang-');
      // The lint's start-up minimum lowered to 8 s: the status message comes when it ends, whatever its length.
      const client = await startLsp(dir, { MCPLINT_TEST_STARTUP_MINIMUM_MS: '8000' });
      await open(client, join(dir, 'hang.mjs'));
      // While the lint waits for the server to start, requests are answered.
      await until(() => client.logs.some((l) => l.startsWith('mcplint: linting')), 'the lint to start', client);
      const answer = await client.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: pathToFileURL(join(dir, 'hang.mjs')).href },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [] },
      });
      expect(answer).toEqual([]);
      await until(() => client.messages.length > 0, 'a status message', client);
      expect(client.messages[0]!.message).toContain('mcplint: the server could not be started');
      // A save lints again; the client leaves while that lint waits for the server.
      await client.connection.sendNotification('textDocument/didSave', {
        textDocument: { uri: pathToFileURL(join(dir, 'hang.mjs')).href },
      });
      await until(
        () => client.logs.filter((l) => l.startsWith('mcplint: linting')).length >= 2 && processesIn(dir).length > 2,
        'the second lint',
        client,
      );
      await client.connection.sendRequest('shutdown');
      await client.connection.sendNotification('exit');
      expect(await new Promise((resolve) => client.child.once('exit', resolve))).toBe(0);
      // The lint under way was stopped with the language server: nothing of it is left.
      await until(() => processesIn(dir).length === 0, 'every process of the project to end', client);
    },
    SLOW,
  );
});

describe.skipIf(process.platform !== 'linux')('mcplint lsp, stopped by a signal', () => {
  it(
    'SIGTERM during a lint leaves no process of the lint behind, as the exit notification does',
    async () => {
      const dir = hangingProject('mcplint-lsp-sigterm-');
      const client = await startLsp(dir);
      await open(client, join(dir, 'hang.mjs'));
      // The language server, its lint child and the server the child started.
      await until(() => processesIn(dir).length > 2, 'the lint to start the server', client);
      client.child.kill('SIGTERM');
      expect(await new Promise((resolve) => client.child.once('exit', (code) => resolve(code)))).toBe(143);
      await until(() => processesIn(dir).length === 0, 'every process of the project to end', client);
    },
    SLOW,
  );
});

describe.skipIf(process.platform !== 'linux')('mcplint lsp, a workspace without a server', () => {
  it(
    'says so once, not on every save: the same trouble again is only logged',
    async () => {
      const dir = scratchDir('mcplint-lsp-none-');
      writeFileSync(join(dir, 'notes.js'), 'export const x = 1;\n');
      const client = await startLsp(dir);
      await open(client, join(dir, 'notes.js'));
      await until(() => client.messages.length > 0, 'a status message', client);
      expect(client.messages[0]!.message).toContain('mcplint could not lint this workspace');
      for (let save = 0; save < 2; save++) {
        const logged = client.logs.filter((l) => l.startsWith('mcplint could not lint')).length;
        await client.connection.sendNotification('textDocument/didSave', {
          textDocument: { uri: pathToFileURL(join(dir, 'notes.js')).href },
        });
        await until(
          () => client.logs.filter((l) => l.startsWith('mcplint could not lint')).length > logged,
          'the repeat to be logged',
          client,
        );
      }
      expect(client.messages).toHaveLength(1);
    },
    SLOW,
  );
});

describe('vscode-languageserver is loaded only by mcplint lsp', () => {
  it(
    'a lint never loads its chunks; mcplint lsp does',
    async () => {
      const chunks = chunksOf(/\/vscode-(languageserver|jsonrpc)[^/]*\//);
      expect(chunks.length).toBeGreaterThan(0);
      const lint = await loadedChunks(['--', process.execPath, fixturePath('clean-server.mjs')], chunks);
      expect(lint.r.code, lint.r.stderr).toBe(0);
      expect(lint.loaded).toEqual([]);
      // stdin is closed at once (runCli gives none): the server starts, sees its client gone, and ends.
      const lsp = await loadedChunks(['lsp', '--stdio'], chunks);
      expect(lsp.r.code, lsp.r.stderr).toBe(0);
      expect(lsp.loaded.length).toBeGreaterThan(0);
    },
    SLOW,
  );
});

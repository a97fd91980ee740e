/**
 * `mcplint lsp`: a language server on stdio (vscode-languageserver, loaded only by this command)
 * for editors. It lints the workspace's MCP server when the first source file is opened and whenever one is saved
 * (debounced; a newer lint cancels the one under way), each lint in a child process
 * (lint-child.ts) so a hanging target never blocks the editor, publishes the findings as
 * diagnostics on their lines (diagnostics.ts), offers their fixes as quick fixes
 * (code-actions.ts), and says in `window/showMessage` when the server could not be started or
 * linted. docs/lsp.md: how editors start it.
 */
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { extname, isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver';
import { codeActionsFor } from './code-actions.js';
import { diagnosticsOf, startFailure } from './diagnostics.js';
import { lintInChild } from './lint-child.js';
import { inertLine } from '../../shared/inert.js';

/** How long the files must be quiet after an open or a save before the lint starts. */
export const LSP_DEBOUNCE_MS = 300;

/** The files whose open or save lints the server: its source, and the files that say how to start it. */
const LINTED_BY = new Set(['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.py', '.json', '.toml']);

/** Resolves when the client has gone (exit notification, or stdin closed). */
export async function serveLsp(): Promise<void> {
  const lsp = await import('vscode-languageserver/node');
  const { TextDocument } = await import('vscode-languageserver-textdocument');
  const connection = lsp.createConnection(new lsp.StreamMessageReader(process.stdin), new lsp.StreamMessageWriter(process.stdout));
  const documents = new lsp.TextDocuments(TextDocument);
  let root = process.cwd();
  /** What was published last, by file URI, so a file whose findings are gone is cleared. */
  let published = new Map<string, Diagnostic[]>();
  let current: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Whether a lint was started (or scheduled) since the client connected. */
  let started = false;

  // A notification, not window.show*Message: those are requests in this library, and a client without them answers with an error.
  // The same trouble on every save would pop up on every save: a message is shown once, then only
  // logged, until a lint goes through (or the trouble changes).
  let shown: string | undefined;
  const say = (type: 1 | 2, message: string): void => {
    if (message === shown) {
      connection.console.log(message);
      return;
    }
    shown = message;
    void connection.sendNotification(lsp.ShowMessageNotification.type, { type, message: inertLine(message) });
  };

  const inWorkspace = (uri: string): boolean => {
    if (!uri.startsWith('file:')) return false;
    const rel = relative(root, fileURLToPath(uri));
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) && !rel.split(/[\\/]/).includes('node_modules');
  };

  const schedule = (uri: string): void => {
    if (!inWorkspace(uri) || !LINTED_BY.has(extname(uri))) return;
    started = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void lint(), LSP_DEBOUNCE_MS);
  };

  async function lint(): Promise<void> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    connection.console.log(`mcplint: linting the server of ${root}`);
    const result = await lintInChild(root, controller.signal);
    if (current === controller) current = undefined;
    if (result.kind === 'cancelled') return;
    if (result.kind === 'failed') {
      say(lsp.MessageType.Error, `mcplint could not lint this workspace: ${result.reason}`);
      return;
    }
    const failure = startFailure(result.report);
    if (failure) say(lsp.MessageType.Warning, `mcplint: the server could not be started: ${failure}`);
    else shown = undefined;
    const next = diagnosticsOf(result.report, root);
    for (const uri of published.keys()) if (!next.has(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
    for (const [uri, diagnostics] of next) void connection.sendDiagnostics({ uri, diagnostics });
    published = next;
  }

  connection.onInitialize((params) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (folder?.startsWith('file:')) root = fileURLToPath(folder);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: lsp.TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'mcplint' },
    };
  });
  // The diagnostics are the whole workspace's: opening a file lints only when nothing has been linted yet; saves lint again.
  documents.onDidOpen(({ document }) => {
    if (!started) schedule(document.uri);
  });
  documents.onDidSave(({ document }) => schedule(document.uri));
  connection.onCodeAction(({ textDocument, range }) => {
    const mine = (published.get(textDocument.uri) ?? []).filter(
      (d) => d.range.start.line >= range.start.line && d.range.start.line <= range.end.line,
    );
    return codeActionsFor(mine, (uri) => {
      const open = documents.get(uri);
      if (open) return open.getText();
      try {
        return readFileSync(fileURLToPath(uri), 'utf8');
      } catch {
        return undefined;
      }
    });
  });
  connection.onShutdown(() => {
    if (timer) clearTimeout(timer);
    current?.abort();
  });
  const gone = new Promise<void>((resolve) => {
    connection.onExit(() => resolve());
    process.stdin.once('end', () => resolve());
  });
  // The library exits the process on the client's `exit`: the lint under way (its child and servers) is stopped first.
  process.once('exit', () => current?.abort());
  // Editors also stop a language server with a signal: exit through the same path, so the lint
  // children and what they started are reaped (lint-child.ts), instead of dying by the default action.
  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const)
    process.once(signal, () => process.exit(128 + (constants.signals[signal] ?? 0)));
  documents.listen(connection);
  connection.listen();
  await gone;
  if (timer) clearTimeout(timer);
  current?.abort();
}

/**
 * The floor for `npm run bench`: the least any client can do — spawn the server, initialize, list
 * every page of every advertised list with raw JSON-RPC lines (no SDK, no validation), then
 * SIGTERM it without waiting for a graceful exit. Nothing a real checker can beat.
 * Usage: node dist/scripts/bench-raw-client.js <command> [args…]
 */
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: bench-raw-client <command> [args…]\n');
  process.exit(2);
}

interface Response {
  id?: number;
  result?: Record<string, unknown>;
  error?: unknown;
}

const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
server.on('error', (error) => {
  process.stderr.write(`bench-raw-client: ${error.message}\n`);
  process.exit(2);
});
const pending = new Map<number, (response: Response) => void>();
let chunks: Buffer[] = [];
server.stdout.on('data', (chunk: Buffer) => {
  // Keep chunks until a newline arrives: a 1 MB line comes in many pieces.
  let newline = chunk.indexOf(0x0a);
  while (newline !== -1) {
    chunks.push(chunk.subarray(0, newline));
    const line = Buffer.concat(chunks).toString('utf8');
    chunks = [];
    chunk = chunk.subarray(newline + 1);
    newline = chunk.indexOf(0x0a);
    try {
      const message = JSON.parse(line) as Response;
      if (typeof message.id === 'number') pending.get(message.id)?.(message);
    } catch {
      // not JSON: a log line
    }
  }
  if (chunk.length > 0) chunks.push(chunk);
});

let nextId = 1;
function request(method: string, params?: unknown): Promise<Record<string, unknown>> {
  const id = nextId++;
  server.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }) + '\n');
  return new Promise((resolve, reject) => {
    pending.set(id, (response) => {
      pending.delete(id);
      if (response.result) resolve(response.result);
      else reject(new Error(`${method} failed: ${JSON.stringify(response.error)}`));
    });
  });
}

async function everyPage(method: string): Promise<void> {
  let cursor: unknown;
  do cursor = (await request(method, cursor === undefined ? undefined : { cursor })).nextCursor;
  while (typeof cursor === 'string' && cursor !== '');
}

const init = await request('initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'bench-raw-client', version: '1.0.0' },
});
server.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
const capabilities = (init.capabilities ?? {}) as Record<string, unknown>;
if (capabilities.tools) await everyPage('tools/list');
if (capabilities.prompts) await everyPage('prompts/list');
if (capabilities.resources) {
  await everyPage('resources/list');
  await everyPage('resources/templates/list');
}
server.kill('SIGTERM');
server.once('exit', () => process.exit(0));

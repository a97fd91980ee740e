/**
 * The reference client for `npm run bench`: the official SDK's Client over StdioClientTransport —
 * connect, list every page of tools, prompts, resources and resource templates the server
 * advertises, close. What any SDK-based MCP client does at start-up, and nothing more.
 * Usage: node dist/scripts/bench-sdk-client.js <command> [args…]
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

async function everyPage(list: (cursor: string | undefined) => Promise<{ nextCursor?: string }>): Promise<void> {
  let cursor: string | undefined;
  do cursor = (await list(cursor)).nextCursor;
  while (cursor);
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: bench-sdk-client <command> [args…]\n');
  process.exit(2);
}
const client = new Client({ name: 'bench-sdk-client', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const capabilities = client.getServerCapabilities() ?? {};
const params = (cursor: string | undefined) => (cursor ? { cursor } : undefined);
if (capabilities.tools) await everyPage((c) => client.listTools(params(c)));
if (capabilities.prompts) await everyPage((c) => client.listPrompts(params(c)));
if (capabilities.resources) {
  await everyPage((c) => client.listResources(params(c)));
  await everyPage((c) => client.listResourceTemplates(params(c)));
}
await client.close();

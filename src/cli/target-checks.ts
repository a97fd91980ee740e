/** Flags that only make sense together, checked before anything is launched (lint and plan alike). */
import type { CliArgs } from './options.js';
import { UsageError } from './usage-error.js';

export function checkTarget(args: CliArgs, command: readonly string[]): void {
  if (args.from && command.length > 0) throw new UsageError('give either --from or a command after --, not both');
  const targets = [
    command.length > 0 && 'a command after --',
    args.from && '--from',
    args.url && '--url',
    args['config-file'] && '--config-file',
    args.manifest && '--manifest',
  ].filter(Boolean);
  if (targets.length > 1) throw new UsageError(`give one target, not ${targets.join(' and ')}`);
  const packed = args.packed as string | false | undefined;
  if (packed === false && !args.manifest) throw new UsageError('--no-packed goes with --manifest');
  if (packed !== undefined && packed !== false && (args.from || args.url || args['config-file'])) {
    throw new UsageError(
      '--packed checks the npm package of one local server (a command after --, the config target or package.json bin, or --manifest), not --from, --url or --config-file',
    );
  }
  if ((args.header?.length || args.transport) && !args.url) {
    throw new UsageError('--header and --transport go with --url (a client config names its own headers)');
  }
  if ((args.server !== undefined || args.jobs !== undefined) && !args['config-file']) {
    throw new UsageError('--server and --jobs go with --config-file');
  }
  if (args.shard !== undefined && (!args['config-file'] || args.server !== undefined)) {
    throw new UsageError('--shard goes with --config-file (and not with --server): it splits the servers of a client config');
  }
}

import { defineRule, type Report } from '../src/engine/rule.js';
import type { PeerCapture } from '../src/engine/requirements.js';
import { exposedTools } from './lib/exposed-tools.js';
import { peersSharing } from './lib/peer-tools.js';

const messages = {
  collision:
    'Tool "{{name}}" is also exposed by server "{{peer}}" {{together}}; clients must rename or drop one of the two, and one server can shadow the other\'s tool. Prefix tool names with the service they belong to ("github_search", not "search") so they cannot collide.',
};

const serverNameOf = (capture: PeerCapture): string =>
  capture.target.declaredIn?.serverName ?? capture.clientConfig?.serverName ?? 'server';

/** Where the two servers meet: a client config, or a listing file of several servers (the guide's tools.json). */
const togetherIn = (capture: PeerCapture): string =>
  capture.target.kind === 'listing' ? `listed beside it in ${capture.target.file}` : 'of the same client config';

export default defineRule({
  id: 'tool-name-collision',
  category: 'security',
  basis: 'guideline',
  severity: 'warning',
  precision: 'very-high',
  checklist: 'none',
  summary: 'No tool a server exposes has the same name as a tool of another server in the same client config.',
  references: [
    { title: 'Server-building guide — Tool name conflicts' },
    {
      title:
        'Server-building guide — Tool Naming Best Practices: "Include service prefix … avoid generic names that could conflict with other servers"',
    },
  ],
  messages,
  requires: ['tools', 'peers'],
  *check({ capture, index, peers }): Generator<Report<keyof typeof messages>> {
    if (!peers || peers.length === 0) return;
    const own = [...exposedTools(capture, index)].sort();
    if (own.length === 0) return;
    // Only the peers that share a name, found through the run's index of names (peer-tools.ts).
    for (const peer of peersSharing(capture, index, peers, own)) {
      const theirs = exposedTools(peer.capture, peer.index);
      for (const name of own) {
        if (!theirs.has(name)) continue;
        yield {
          messageId: 'collision',
          data: { name, peer: peer.name, together: togetherIn(capture) },
          subject: { kind: 'tool', name },
          key: peer.name,
          evidence: `"${serverNameOf(capture)}" and "${peer.name}" both expose ${name}`,
        };
      }
    }
  },
});

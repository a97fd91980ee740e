/**
 * Which peers expose one of a server's tool names, in time linear in the whole run: the servers
 * of a run see each other as peers, so every server's own check reading every peer's names made
 * 10,000 servers (a guide-style tools.json) take minutes. The run's names are indexed once — by
 * the first server judged, over itself and its peers — and every later server of that run finds
 * the index through its own capture index and checks, with one set lookup per peer, that its
 * peers are that run's (10,000 servers: 10⁸ lookups, about a second).
 */
import type { PeerCapture, PeerIndex, PeerServer } from '../../src/engine/requirements.js';
import { exposedTools } from './exposed-tools.js';

/** The servers judged together and, per exposed tool name, the servers that expose it. */
interface RunNames {
  readonly members: ReadonlySet<PeerIndex>;
  readonly owners: ReadonlyMap<string, readonly PeerIndex[]>;
}

const runOf = new WeakMap<PeerIndex, RunNames>();

function indexRun(capture: PeerCapture, index: PeerIndex, peers: readonly PeerServer[]): RunNames {
  const members = new Set<PeerIndex>([index]);
  const owners = new Map<string, PeerIndex[]>();
  const add = (owner: PeerCapture, at: PeerIndex): void => {
    for (const name of exposedTools(owner, at)) {
      const list = owners.get(name);
      if (list) list.push(at);
      else owners.set(name, [at]);
    }
  };
  add(capture, index);
  for (const peer of peers) {
    members.add(peer.index);
    add(peer.capture, peer.index);
  }
  const run = { members, owners };
  for (const member of members) runOf.set(member, run);
  return run;
}

/** Whether `peers` are the other servers of `run` (one set lookup each: the one cost per server that grows with the run). */
function samePeers(run: RunNames, index: PeerIndex, peers: readonly PeerServer[]): boolean {
  if (run.members.size !== peers.length + 1) return false;
  for (let i = 0; i < peers.length; i++) {
    const at = peers[i]!.index;
    if (at === index || !run.members.has(at)) return false;
  }
  return true;
}

/**
 * The peers (in `peers` order) that expose at least one of `names`, the server's own exposed
 * names. A peer that is the server itself (its very capture, listed twice) counts as any other.
 */
export function peersSharing(capture: PeerCapture, index: PeerIndex, peers: readonly PeerServer[], names: readonly string[]): PeerServer[] {
  let run = runOf.get(index);
  if (run === undefined || !samePeers(run, index, peers)) {
    // Its own capture among its peers cannot be told apart by index: every peer is read.
    if (peers.some((peer) => peer.index === index))
      return peers.filter((peer) => names.some((name) => exposedTools(peer.capture, peer.index).has(name)));
    run = indexRun(capture, index, peers);
  }
  const sharing = new Set<PeerIndex>();
  for (const name of names) for (const owner of run.owners.get(name) ?? []) if (owner !== index) sharing.add(owner);
  return sharing.size === 0 ? [] : peers.filter((peer) => sharing.has(peer.index));
}

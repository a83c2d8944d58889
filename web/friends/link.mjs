/*
 * The peer-to-peer link for friends' games: the only thing Python sees of the network.
 *
 * Why a layer of our own over trystero: Python gets a small, fixed surface that carries
 * strings only (it does the JSON), messages are size-bounded here before Python reads them,
 * and the strategy (BitTorrent trackers, see docs/friends.md) can change without touching
 * pyapp/.  tools/build.py bundles this file with trystero into one lazy module ("p2p"),
 * fetched only when a friends' game needs it: window.pyappImport("p2p").
 */
import { joinRoom, selfId } from "@trystero-p2p/torrent";

const APP_ID = "pyapp-friends";
/** Larger messages are refused on send and dropped on receipt (the protocol's bound too). */
export const MAX_BYTES = 64 * 1024;

const encoder = new TextEncoder();

function fits(text) {
  return typeof text === "string" && text.length <= MAX_BYTES && encoder.encode(text).length <= MAX_BYTES;
}

/**
 * A callback slot that holds what arrives before Python sets it (it sets it right after
 * `open` resolves, but a peer must never be missed in between).
 */
function slot() {
  let handler = null;
  const pending = [];
  return {
    set(fn) {
      handler = fn;
      for (const args of pending.splice(0)) handler(...args);
    },
    call(...args) {
      if (handler) handler(...args);
      else pending.push(args);
    },
  };
}

/**
 * Join `room` (the invite's room id) with `secret` as trystero's password, so a tracker
 * sees only offers encrypted with a key nobody without the invite can derive.
 * `relays`: wss:// tracker URLs; `iceServers`: RTCIceServer objects (STUN, optional TURN).
 */
export async function open({ room, secret, relays, iceServers }) {
  if (!room || !secret) throw new TypeError("link: a room and a secret are needed");
  if (!Array.isArray(relays) || relays.length === 0) throw new TypeError("link: no relays");
  const errors = slot();
  const joined = joinRoom(
    {
      appId: APP_ID,
      password: String(secret),
      relayConfig: { urls: relays.map(String), warnOnRelayFailure: false },
      rtcConfig: { iceServers: Array.from(iceServers ?? []) },
    },
    String(room),
    { onJoinError: (details) => errors.call(String(details?.error ?? "join failed")) },
  );
  const messages = slot();
  const peers = slot();
  const action = joined.makeAction("m");
  action.onMessage = (data, meta) => {
    if (fits(data)) messages.call(data, String(meta?.peerId));
  };
  joined.onPeerJoin = (peerId) => peers.call(peerId, true);
  joined.onPeerLeave = (peerId) => peers.call(peerId, false);
  let closed = false;

  return Object.freeze({
    selfId,
    /** Send `text` to `peerId`, or to every peer when it is null. */
    send(text, peerId = null) {
      if (closed) throw new Error("link: closed");
      if (!fits(text)) throw new RangeError(`link: messages are strings of at most ${MAX_BYTES} bytes`);
      return action.send(text, peerId == null ? undefined : { target: String(peerId) });
    },
    onMessage: (fn) => messages.set(fn),
    onPeer: (fn) => peers.set(fn),
    /** Join failures (a wrong secret shows here, on both sides, as a failed decryption). */
    onError: (fn) => errors.set(fn),
    /** The peers connected now. */
    peers: () => Object.keys(joined.getPeers()),
    close() {
      if (closed) return;
      closed = true;
      joined.leave();
    },
  });
}

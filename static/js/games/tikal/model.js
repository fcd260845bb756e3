// What the seat's view offers, grouped for the board: the listed actions by space, the reach of the explorers.
// Nothing here decides a rule: every choice is one of view.legal, every cost and path one of view.reach.

import { key } from "./geometry.js";

export class Choices {
  constructor(view, replay) {
    this.view = view || null;
    this.replay = !!replay;
    this.legal = (!this.replay && this.view?.legal) || [];
    this.spaces = new Map((this.view?.spaces || []).map((s) => [key(s.at), s]));
  }

  get myTurn() {
    const v = this.view;
    return !this.replay && !!v && !v.finished && v.your_seat !== null && v.your_seat !== undefined
      && v.current_seat === v.your_seat && this.legal.length > 0;
  }

  get phase() { return this.view?.phase; }

  space(k) { return this.spaces.get(k) || null; }

  places() { return this.legal.filter((a) => a.type === "place"); }

  placeKeys() { return new Set(this.places().map((a) => key(a.at))); }

  /** The rotations the view lists for the hex in hand at ``k``, in order. */
  rotations(k) {
    return this.places().filter((a) => key(a.at) === k).map((a) => a.rotation).sort((a, b) => a - b);
  }

  place(k, rotation) {
    return this.places().find((a) => key(a.at) === k && a.rotation === rotation) || null;
  }

  /** The seat's own explorers on space ``k``: {workers, leader} or null. */
  mine(k) {
    const sp = this.space(k);
    const seat = this.view?.your_seat;
    return sp ? sp.explorers.find((e) => e.seat === seat) || null : null;
  }

  /** "worker", "leader": the pieces of the seat's own on ``k`` (workers first). */
  pieces(k) {
    const m = this.mine(k);
    const out = [];
    if (m && m.workers) out.push("worker");
    if (m && m.leader) out.push("leader");
    return out;
  }

  reachFrom(k) {
    return (this.view?.reach || []).find((r) => key(r.from) === k) || null;
  }

  /** The reach entry of ``from`` towards ``to`` (its cost and path), if listed. */
  target(from, to) {
    return this.reachFrom(from)?.to.find((t) => key(t.at) === to) || null;
  }

  /** Every way to move a piece of the seat's onto ``to``: [{from, piece, cost, path}], cheapest first. */
  arrivals(to) {
    const out = [];
    for (const r of this.view?.reach || []) {
      const from = key(r.from);
      const t = r.to.find((x) => key(x.at) === to);
      if (!t || from === to) continue;
      for (const piece of this.pieces(from)) out.push({ from, piece, cost: t.cost, path: t.path });
    }
    return out.sort((a, b) => a.cost - b.cost || a.from.localeCompare(b.from));
  }

  /** The listed move that takes ``piece`` one hop, the cheapest if two are listed (a border or a camp move). */
  hop(piece, from, to) {
    const hops = this.legal.filter((a) => (a.type === "move" || a.type === "camp-move") && a.piece === piece
      && key(a.from) === from && key(a.to) === to);
    hops.sort((a, b) => a.cost - b.cost);
    return hops[0] || null;
  }

  /** The listed actions done on space ``k``: a temple's level or guard, a ruin's treasure, a camp, an entry. */
  actionsAt(k) {
    return this.legal.filter((a) => ["uncover", "dig", "camp", "guard"].includes(a.type) && key(a.at) === k);
  }

  enters() { return this.legal.filter((a) => a.type === "enter"); }

  entersAt(k) { return this.enters().filter((a) => key(a.at) === k); }

  exchanges() { return this.legal.filter((a) => a.type === "exchange"); }

  end() { return this.legal.find((a) => a.type === "end") || null; }

  /** The spaces a keyboard player can do something on now. */
  actionable(selected, piece) {
    const keys = new Set();
    if (!this.myTurn) return keys;
    if (this.phase === "place") return this.placeKeys();
    if (this.phase !== "actions") return keys;
    for (const r of this.view.reach || []) keys.add(key(r.from));
    for (const a of this.legal) if (a.at && a.type !== "enter") keys.add(key(a.at));
    const r = selected && piece ? this.reachFrom(selected) : null;
    for (const t of r ? r.to : []) keys.add(key(t.at));
    return keys;
  }
}

/** The action's own dict form, as listed (the view adds its cost; the server needs no such key). */
export function plain(action) {
  const { cost, ...rest } = action;
  return rest;
}

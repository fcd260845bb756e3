// Tikal's board in words: places by the names the board shows (C3), pieces, the listed actions' labels.

import { key } from "./geometry.js";
import { plural } from "./dom.js";

export const KIND_NAMES = { base_camp: "Base camp", temple: "Temple", jungle: "Jungle clearing", ruin: "Ruin", volcano: "Volcano" };

/** Seat colours (Okabe-Ito, as on the rest of the site); each seat's pieces also have a shape of their own. */
export const SEATS = [
  { colour: "#0072B2", name: "Blue", shape: "round", ink: "#fff" },
  { colour: "#E69F00", name: "Orange", shape: "square", ink: "#111" },
  { colour: "#009E73", name: "Green", shape: "pointed", ink: "#111" },
  { colour: "#CC79A7", name: "Pink", shape: "notched", ink: "#111" },
];

export function seat(n) {
  return SEATS[n % SEATS.length];
}

export class Words {
  constructor(boardData) {
    this.names = new Map(boardData.spaces.map((s) => [key([s.q, s.r]), s.name || `${s.q},${s.r}`]));
    this.base = key(boardData.base_camp);
    this.payload = null;
  }

  seatName(n) {
    const s = this.payload?.seats?.find((x) => x.seat === n);
    return s?.user?.display_name || s?.user?.username || `Player ${n + 1}`;
  }

  /** "C3" (the base camp is "the base camp"). */
  name(k) {
    return k === this.base ? "the base camp" : this.names.get(k) || k;
  }

  /** "Temple C3", "the base camp", "Jungle clearing B2" (what is there now, if explored). */
  place(k, space) {
    if (k === this.base) return "the base camp";
    const kind = space ? KIND_NAMES[space.kind] || space.kind : "Unexplored space";
    return `${kind} ${this.names.get(k) || k}`;
  }

  hex(hx) {
    if (!hx) return "";
    if (hx.kind === "temple") return `Temple, value ${hx.value}`;
    if (hx.kind === "ruin") return `Ruin with ${plural(hx.treasures, "treasure")}`;
    if (hx.kind === "volcano") return "Volcano";
    return "Jungle clearing";
  }

  piece(p, many = false) {
    return p === "leader" ? "the leader" : many ? "workers" : "a worker";
  }

  /** The label of a listed action done where the player is looking (its place is in the panel's heading). */
  action(a) {
    switch (a.type) {
      case "uncover": return "Uncover a level";
      case "dig": return "Dig for a treasure";
      case "camp": return "Build a camp";
      case "guard": return `Guard it with ${this.piece(a.piece)}`;
      case "enter": return a.piece === "leader" ? "Leader" : "Worker";
      case "exchange": return `Your ${a.give} for ${this.seatName(a.seat)}'s ${a.take}`;
      case "end": return "End turn";
      default: return a.type;
    }
  }

  /** What a score event says, with each temple by name: "Ann: 9 (temples 5 on C3, 1 on A2; treasures 3)". */
  temples(list) {
    return (list || []).map((t) => `${t.value} on ${this.names.get(key(t.at)) || key(t.at)}${t.guarded ? " (guarded)" : ""}`);
  }
}

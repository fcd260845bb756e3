// The move log in words: "Ann placed a city and road tile and a follower on the road; the road scored 5 for Ann."

/** Seat colours (Okabe-Ito, safe for colour-blind players); pieces also carry the seat number. */
export const SEAT_COLOURS = [
  { name: "Blue", hex: "#0072B2" },
  { name: "Orange", hex: "#E69F00" },
  { name: "Green", hex: "#009E73" },
  { name: "Pink", hex: "#CC79A7" },
  { name: "Red", hex: "#D55E00" },
];

export const FEATURE_NAMES = {
  city: "city", road: "road", field: "field", temple: "temple", cloister: "cloister", ark: "Ark",
};

export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function article(word) {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** "8 for Ann and Bob" / "2 for Ann and 1 for Bob" from per-seat points. */
function pointsWords(points, name, word = "for") {
  const bySum = new Map();
  points.forEach((p, seat) => {
    if (p) bySum.set(p, [...(bySum.get(p) || []), name(seat)]);
  });
  return joinWords([...bySum.entries()].sort((a, b) => b[0] - a[0]).map(([p, who]) => `${p} ${word} ${joinWords(who)}`));
}

/** The words for one scoring event, or "" when it gave no points. */
export function eventWords(event, name) {
  if (!event.points.some((p) => p)) return "";
  const feature = FEATURE_NAMES[event.feature] || event.feature;
  if (event.feature === "ark") return `the Ark gave ${pointsWords(event.points, name, "to")}`;
  return `the ${feature} scored ${pointsWords(event.points, name)}`;
}

const PLURAL = { city: "cities", road: "roads", field: "fields", temple: "temples", cloister: "cloisters", ark: "the Ark" };

/** The final scoring summed per feature: ["cities gave 7 to Ann and 3 to Bob", ...]. */
export function finalWords(events, name) {
  const sums = new Map();
  for (const e of events) {
    const pts = sums.get(e.feature) || e.points.map(() => 0);
    e.points.forEach((p, s) => { pts[s] += p; });
    sums.set(e.feature, pts);
  }
  const out = [];
  for (const [feature, pts] of sums) {
    if (!pts.some((p) => p)) continue;
    const parts = pts.map((p, s) => [p, s]).filter(([p]) => p).sort((a, b) => b[0] - a[0]).map(([p, s]) => `${p} to ${name(s)}`);
    out.push(`${PLURAL[feature] || feature} gave ${joinWords(parts)}`);
  }
  return out;
}

/**
 * One move of the log in words (HTML, names escaped).
 * ctx: {catalogue, name(seat) -> HTML}
 */
export function moveSentence(move, ctx) {
  const who = move.seat !== null && move.seat !== undefined ? ctx.name(move.seat) : "Someone";
  const turn = move.turn || {};
  const desc = turn.tile ? ctx.catalogue.describe(turn.tile) : "";
  switch (move.kind) {
    case "discard":
      return `${who} drew ${article(desc || "")} tile that fitted nowhere; it was set aside.`;
    case "resign":
      return `${who} resigned.`;
    case "remove":
      return `${who} was removed from the game by a moderator.`;
    case "settle":
      return "A moderator ended the game; the final scoring ran.";
    case "abort":
      return "A moderator aborted the game.";
    default:
      break;
  }
  let text = `${who} placed ${article(desc)} tile`;
  const action = turn.action || {};
  if (action.type === "follower") {
    const seg = ctx.catalogue.segmentAt(turn.tile, turn.rotation, action.at);
    text += ` and a follower on the ${seg ? seg.kind : "tile"}`;
  } else if (action.type === "prophet") {
    text += " and the Prophet on the city";
  } else if (action.type === "ark") {
    const n = (action.path || []).length;
    text += ` and moved the Ark ${n} step${n === 1 ? "" : "s"}`;
  }
  const events = (move.events || []).filter((e) => !e.final).map((e) => eventWords(e, ctx.name)).filter(Boolean);
  if (events.length) text += `; ${joinWords(events)}`;
  text += ".";
  if (turn.ark_at) text += " The first city was completed: the Ark came onto the board.";
  const finals = finalWords((move.events || []).filter((e) => e.final), ctx.name);
  if (move.events?.some((e) => e.final)) {
    text += ` The game ended. Final scoring: ${finals.length ? finals.join("; ") : "nothing more scored"}.`;
  }
  return text;
}

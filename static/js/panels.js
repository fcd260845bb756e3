// The side panels of the game page as HTML: score board, final scores, tiles to come, time left.

import { pieceSVG, tileThumb } from "./tiles.js";
import { FEATURE_NAMES, SEAT_COLOURS, escapeHtml } from "./log.js";

const FEATURE_ORDER = ["city", "road", "temple", "cloister", "field", "ark"];

/** A small standalone picture of a seat's piece (with its number). */
export function pieceIcon(seat, kind = "follower", size = 22) {
  const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length].hex;
  return `<svg class="piece-icon" viewBox="-13 -24 26 36" width="${size}" height="${Math.round(size * 1.35)}" aria-hidden="true" focusable="false">${pieceSVG(kind, colour, seat + 1, 0, 0)}</svg>`;
}

/** How long the move may still take: a ticking deadline, or a clock stopped while the player is away. */
export function clockHTML(game) {
  if (game.deadline) return `<span class="time-left" data-deadline="${escapeHtml(game.deadline)}">${timeLeft(game.deadline)} left</span>`;
  if (game.time_left !== null && game.time_left !== undefined) {
    return `<span class="time-left">clock stopped (on vacation), ${duration(game.time_left * 1000)} left</span>`;
  }
  return "";
}

/** "2 days 3 h", "4 h 10 min", "12 min", or "time is up". */
export function timeLeft(deadline, now = Date.now()) {
  if (!deadline) return "";
  return duration(new Date(deadline).getTime() - now);
}

function duration(ms) {
  if (ms <= 0) return "time is up";
  const min = Math.floor(ms / 60000);
  const h = Math.floor(min / 60), d = Math.floor(h / 24);
  if (d >= 2) return `${d} days ${h % 24} h`;
  if (h >= 1) return `${h} h ${min % 60} min`;
  return `${Math.max(1, min)} min`;
}

/** The score board: one row per seat. */
export function scoreboardHTML(game, name) {
  const view = game.view;
  const seats = [...game.seats].sort((a, b) => a.seat - b.seat);
  const hasProphet = view && view.supply.some((s) => "prophet" in s);
  const winners = new Set(view?.winners || []);
  let rows = "";
  for (const s of seats) {
    const n = s.seat;
    const supply = view ? view.supply[n] : null;
    const toMove = view && game.status === "active" && !view.finished && view.current_seat === n;
    const statusBits = [];
    if (toMove) statusBits.push(`<span class="to-move">to move</span>${clockHTML(game) ? `, ${clockHTML(game)}` : ""}`);
    if (s.status !== "playing") statusBits.push(`<span class="small">${escapeHtml(s.status)}</span>`);
    if (view?.finished && winners.has(n)) statusBits.push(`<strong class="winner small">winner</strong>`);
    const status = statusBits.length ? ` · ${statusBits.join(" · ")}` : "";
    rows += `<tr class="${toMove ? "current" : ""}${n === game.your_seat ? " me" : ""}" data-seat="${n}">
      <th scope="row"><span class="who">${pieceIcon(n)}<span><span class="player-name">${name(n)}</span>${n === game.your_seat ? ' <span class="muted">(you)</span>' : ""}<br><span class="muted small">${SEAT_COLOURS[n % 5].name} ${n + 1}</span>${status}</span></span></th>
      <td class="num score">${view ? view.scores[n] : s.score}</td>
      <td class="num">${supply ? supply.followers : "–"}</td>
      ${hasProphet ? `<td class="num">${supply ? (supply.prophet ? `<span title="Prophet in hand">ready</span>` : `<span class="muted" title="Prophet used">used</span>`) : "–"}</td>` : ""}
      </tr>`;
  }
  return `<table class="scores"><caption class="visually-hidden">Players, scores and pieces in supply</caption>
    <thead><tr><th scope="col">Player</th><th scope="col" class="num">Score</th><th scope="col" class="num" title="Followers in supply">Followers</th>${hasProphet ? '<th scope="col" class="num">Prophet</th>' : ""}</tr></thead>
    <tbody>${rows}</tbody></table>`;
}

/** Final scores per player and feature, and the winner(s). */
export function finalHTML(game, name) {
  const view = game.view;
  const features = FEATURE_ORDER.filter((f) => view.breakdown.some((b) => b[f]));
  for (const b of view.breakdown) for (const f of Object.keys(b)) if (!features.includes(f)) features.push(f);
  const winners = view.winners || [];
  const order = [...game.seats].sort((a, b) => view.scores[b.seat] - view.scores[a.seat]);
  let rows = "";
  for (const s of order) {
    const n = s.seat, b = view.breakdown[n] || {};
    rows += `<tr class="${winners.includes(n) ? "won" : ""}"><th scope="row"><span class="who">${pieceIcon(n)}<span>${name(n)}</span></span></th>
      ${features.map((f) => `<td class="num">${b[f] || 0}</td>`).join("")}<td class="num total">${view.scores[n]}</td></tr>`;
  }
  const names = winners.map((w) => name(w));
  const verdict = !winners.length ? "The game ended without a winner."
    : winners.length === 1 ? `${names[0]} wins with ${view.scores[winners[0]]} points.`
      : `${names.join(" and ")} share the win with ${view.scores[winners[0]]} points each.`;
  return `<h2 id="final-h">Final scores</h2>
    <p class="verdict" id="verdict">${verdict}</p>
    <div class="table-scroll"><table class="final"><thead><tr><th scope="col">Player</th>${features.map((f) => `<th scope="col" class="num">${escapeHtml(FEATURE_NAMES[f] || f)}</th>`).join("")}<th scope="col" class="num">Total</th></tr></thead>
    <tbody>${rows}</tbody></table></div>`;
}

/** The tiles still to come, with how many of each. */
export function remainingHTML(game, catalogue) {
  const view = game.view;
  const items = Object.entries(view.remaining || {}).map(([id, count]) =>
    `<li title="${escapeHtml(catalogue.describe(id))} tile, ${count} left">${tileThumb(catalogue, id, 0, 40)}<span class="count">×${count}</span></li>`);
  return `<details class="remaining"><summary>Tiles left: <strong>${view.tiles_left}</strong>${view.discards?.length ? ` · set aside: ${view.discards.length}` : ""} <span class="muted">(the types still to come)</span></summary>
    <ul class="tile-grid">${items.join("")}</ul></details>`;
}

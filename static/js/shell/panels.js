// The shell's panels as HTML: players with scores and clocks, the final result. Nothing here knows a game.

import { SEAT_COLOURS, _, escapeHtml, fill, joinWords, n_, num } from "./words.js";

/** A seat's status or result as the server names it, in words. */
export function statusWords(status) {
  const words = { playing: _("playing"), resigned: _("resigned"), removed: _("removed"), timeout: _("timed out"),
    won: _("won"), lost: _("lost") };
  return words[status] || status;
}

/** A seat's colour disc (colour and number: never colour alone). */
export function seatDot(seat) {
  const c = SEAT_COLOURS[seat % SEAT_COLOURS.length].hex;
  return `<svg class="seat-dot" viewBox="-10 -10 20 20" width="20" height="20" aria-hidden="true" focusable="false">`
    + `<circle r="9" fill="${c}" stroke="#111" stroke-width="1.5"/><text y="4" text-anchor="middle" font-size="11" `
    + `font-weight="700" fill="#fff" stroke="#000" stroke-width="0.5" paint-order="stroke">${seat + 1}</text></svg>`;
}

/** How long the move may still take: a ticking deadline, or a clock stopped while the player is away. */
export function clockHTML(game) {
  if (game.deadline) return `<span class="time-left" data-deadline="${escapeHtml(game.deadline)}">${fill(_("%(time)s left"), { time: timeLeft(game.deadline) })}</span>`;
  if (game.time_left !== null && game.time_left !== undefined) {
    return `<span class="time-left">${fill(_("clock stopped (on vacation), %(time)s left"), { time: duration(game.time_left * 1000) })}</span>`;
  }
  return "";
}

/** "2 days 3 h", "4 h 10 min", "12 min", or "time is up". */
export function timeLeft(deadline, now = Date.now()) {
  if (!deadline) return "";
  return duration(new Date(deadline).getTime() - now);
}

function duration(ms) {
  if (ms <= 0) return _("time is up");
  const min = Math.floor(ms / 60000);
  const h = Math.floor(min / 60), d = Math.floor(h / 24);
  if (d >= 2) return fill(_("%(d)s days %(h)s h"), { d: num(d), h: h % 24 });
  if (h >= 1) return fill(_("%(h)s h %(min)s min"), { h: num(h), min: min % 60 });
  return fill(_("%(min)s min"), { min: Math.max(1, min) });
}

/** A seat's rating as the server gives it: "1032", "1000?" while provisional, with the change after a game. */
export function ratingHTML(r) {
  if (!r || r.rating === undefined || r.rating === null) return "";
  const change = r.change ? ` <span class="rating-change ${r.change > 0 ? "up" : "down"}">${r.change > 0 ? "+" : "−"}${Math.abs(Number(r.change))}</span>` : "";
  return ` <span class="rating small muted" title="${r.provisional ? _("Provisional rating") : _("Rating")}">${num(Number(r.rating))}${r.provisional ? "?" : ""}</span>${change}`;
}

/** True if the seat is played by the site's computer (its moves come by themselves, with no deadline). */
export function isComputer(game, seat) {
  return game.seats.find((s) => s.seat === seat)?.user.kind === "computer";
}

/**
 * The players: one row per seat, with score, status and the clock of the seat to move.
 * ``shown``: the view the board shows when it is not the live one (a replay, a turn arriving step by step):
 * its scores and its seat to move are shown instead, and no clock.
 */
export function seatsHTML(game, name, shown = null) {
  const seats = [...game.seats].sort((a, b) => a.seat - b.seat);
  const live = !shown;
  const current = live ? (game.status === "active" ? game.current_seat : null) : shown.current_seat;
  let rows = "";
  for (const s of seats) {
    const n = s.seat;
    const toMove = current !== null && current !== undefined && current === n;
    const computer = s.user.kind === "computer";
    const bits = [];
    if (toMove && live && computer) bits.push(`<span class="to-move thinking">${_("thinking")}<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span></span>`);
    else if (toMove && live) bits.push(`<span class="to-move">${_("to move")}</span>${clockHTML(game) ? `, ${clockHTML(game)}` : ""}`);
    else if (toMove) bits.push(`<span class="to-move">${_("to move")}</span>`);
    if (s.status !== "playing") bits.push(`<span class="small">${escapeHtml(statusWords(s.status))}</span>`);
    if (s.result === "won" && live) bits.push(`<strong class="winner small">${_("winner")}</strong>`);
    if (computer || s.user.kind === "bot") bits.push(`<span class="small muted">${s.user.kind === "bot" ? _("program") : _("computer")}</span>`);
    const score = live ? s.score : (shown.scores?.[n] ?? s.score);
    rows += `<tr class="${toMove ? "current" : ""}${n === game.your_seat ? " me" : ""}" data-seat="${n}">
      <th scope="row"><span class="who">${seatDot(n)}<span><span class="player-name">${name(n)}</span>${ratingHTML(s.rating)}${n === game.your_seat ? ` <span class="muted">${_("(you)")}</span>` : ""}${bits.length ? `<br>${bits.join(" · ")}` : ""}</span></span></th>
      <td class="num score">${num(Number(score))}</td></tr>`;
  }
  const caption = live ? _("Players and scores") : _("Players and scores at the position shown");
  return `<table class="scores"><caption class="visually-hidden">${caption}</caption>
    <thead><tr><th scope="col">${_("Player")}</th><th scope="col" class="num">${live ? _("Score") : _("Score then")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The final result: the verdict and each player's total, best first. */
export function finalHTML(game, name) {
  const order = [...game.seats].sort((a, b) => b.score - a.score);
  const winners = order.filter((s) => s.result === "won");
  const top = winners.length ? winners[0].score : null;
  const verdict = !winners.length ? _("The game ended without a winner.")
    : winners.length === 1 ? fill(n_("%(name)s wins with %(points)s point.", "%(name)s wins with %(points)s points.", top), { name: name(winners[0].seat), points: num(top) })
      : fill(n_("%(names)s share the win with %(points)s point each.", "%(names)s share the win with %(points)s points each.", top), { names: joinWords(winners.map((s) => name(s.seat))), points: num(top) });
  const rows = order.map((s) => `<tr class="${s.result === "won" ? "won" : ""}"><th scope="row"><span class="who">${seatDot(s.seat)}${name(s.seat)}${ratingHTML(s.rating)}</span></th>
      <td class="small muted">${escapeHtml(statusWords(s.result || s.status))}</td><td class="num total">${num(s.score)}</td></tr>`).join("");
  return `<h2 id="final-h" tabindex="-1">${_("Final scores")}</h2><p class="verdict" id="verdict">${verdict}</p>
    <div class="table-scroll"><table class="final"><thead><tr><th scope="col">${_("Player")}</th><th scope="col">${_("Result")}</th><th scope="col" class="num">${_("Total")}</th></tr></thead>
    <tbody>${rows}</tbody></table></div>`;
}

// Around Tikal's map: the round banner, the last scoring round's results (kept until the next turn), the
// players' supplies and treasures, the stacks, and the end's breakdown. Everything is read from the view.

import { el, joinWords, keyboardScrollable, svgEl } from "./dom.js";
import { treasureName } from "./words.js";
import { seatShape } from "./pieces.js";
import { _, fill, n_ } from "../../shell/words.js";

/** A seat's shape and colour as a small picture (the legend of the pieces on the board). */
export function seatBadge(n) {
  const svg = svgEl("svg", { viewBox: "-8 -8 16 16", class: "tk-seat-badge", "aria-hidden": "true", focusable: "false" });
  seatShape(svg, n, 0, 0, 13, "tk-worker");
  return svg;
}

function nameCell(words, n, extra = "") {
  const td = el("td", "tk-name");
  td.append(seatBadge(n), document.createTextNode(`${words.seatName(n)}${extra}`));
  return td;
}

/** The banner of a scoring round: whose bonus turn it is, who is still to take one. */
export function drawRound(box, v, words, replay) {
  box.replaceChildren();
  box.hidden = !v || !v.round;
  if (box.hidden) return;
  const who = v.current_seat;
  const you = who === v.your_seat && !replay;
  const drawn = v.drawer !== null && v.drawer !== undefined;
  const title = v.round !== "volcano" ? _("Final round: everyone's last bonus turn.")
    : drawn ? fill(_("Volcano (drawn by %(name)s): scoring round."), { name: words.seatName(v.drawer) }) : _("Volcano: scoring round.");
  box.appendChild(el("strong", "tk-round-title", title));
  if (v.bonus && who !== null && who !== undefined) {
    const name = words.seatName(who);
    box.appendChild(el("span", "tk-bonus", ` ${you ? _("Your bonus turn: 10 AP, no hex, then you score.")
      : fill(_("%(name)s's bonus turn, then %(name)s scores."), { name })}`));
  }
  if (v.queue && v.queue.length) box.appendChild(el("span", "tk-queue", ` ${fill(_("Then: %(names)s."), { names: joinWords(v.queue.map((n) => words.seatName(n))) })}`));
}

const ROUND_TITLES = { volcano: _("Volcano scoring"), final: _("Final round scoring"), settle: _("Final scoring") };

/** The latest scoring round's results, player by player and temple by temple (view.last_scoring). */
export function drawScoring(box, v, words) {
  box.replaceChildren();
  const s = v?.last_scoring;
  box.hidden = !s || !s.results?.length || v.finished; // at the end, the final breakdown says it all
  if (box.hidden) return;
  const inRound = v.round && !v.finished;
  const title = ROUND_TITLES[s.round] || _("Scoring");
  const head = el("h3", "", inRound ? fill(_("%(title)s so far"), { title }) : title);
  box.appendChild(head);
  const table = el("table", "tk-score-table");
  const tr = el("tr");
  for (const h of [_("Player"), _("Temples"), _("Treasures"), _("Points"), _("Score")]) tr.appendChild(el("th", "", h));
  table.appendChild(el("thead")).appendChild(tr);
  const body = el("tbody");
  for (const e of s.results) {
    const row = el("tr");
    row.dataset.seat = String(e.seat);
    const temples = words.temples(e.temple_list);
    row.append(nameCell(words, e.seat),
      el("td", "tk-temples", temples.length ? `${e.temples}: ${temples.join(", ")}` : "0"),
      el("td", "", e.treasures), el("td", "tk-points", `+${e.points}`), el("td", "tk-total", e.score));
    body.appendChild(row);
  }
  table.appendChild(body);
  const wrap = keyboardScrollable(el("div", "tk-table-wrap"), _("Volcano scoring"));
  wrap.appendChild(table);
  box.appendChild(wrap);
}

function leaderWords(s, words) {
  if (s.leader === "supply") return _("in supply");
  if (s.leader === "gone") return _("a guard");
  return words.name(`${s.leader[0]},${s.leader[1]}`);
}

/** The players: score, workers in supply, the leader, camps and guards left, treasures held. */
export function drawSeats(box, v, words) {
  box.replaceChildren();
  if (!v) return;
  const table = el("table", "tk-seats");
  const head = el("tr");
  for (const [h, title] of [[_("Player")], [_("Score")], [_("Supply"), _("Workers not on the board yet")], [_("Leader"), _("Where the leader is")],
    [_("Camps"), _("Camps left to build")], [_("Guards"), _("Guards left to place")], [_("Treasures"), _("Treasures held, face up")]]) {
    const th = el("th", "", h);
    if (title) th.title = title;
    head.appendChild(th);
  }
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  for (const s of v.seats || []) {
    const tr = el("tr", s.seat === v.current_seat ? "tk-now" : "");
    tr.dataset.seat = String(s.seat);
    const held = Object.entries(s.treasures || {}).map(([k, n]) => `${n}× ${treasureName(k)}`).join(", ") || "—";
    tr.append(nameCell(words, s.seat, s.active ? "" : ` ${_("(left)")}`), el("td", "tk-num", s.score), el("td", "tk-num", s.supply),
      el("td", "", leaderWords(s, words)), el("td", "tk-num", s.camps_left), el("td", "tk-num", 2 - (s.guards_made || 0)),
      el("td", "tk-held", held));
    body.appendChild(tr);
  }
  table.appendChild(body);
  const wrap = keyboardScrollable(el("div", "tk-table-wrap"), _("Each player's pieces and treasures"));
  wrap.appendChild(table);
  const st = v.stacks || {};
  const laid = (v.spaces || []).filter((s) => s.kind === "volcano").length;
  const facts = [st.total ? fill(n_("%(n)s hex left in the stacks, next letter %(letter)s", "%(n)s hexes left in the stacks, next letter %(letter)s", st.total), { n: st.total, letter: st.next_letter }) : _("The stacks are empty"),
    fill(_("volcanoes laid: %(n)s of 3"), { n: laid }), fill(_("treasures still hidden: %(n)s"), { n: v.hidden_treasures ?? "—" })];
  box.append(wrap, el("p", "tk-facts", `${facts.join(" · ")}.`),
    el("p", "tk-facts tk-legend", _("Supply: workers not on the board yet. Camps, Guards: how many each player can still make.")));
}

/** The end: each player's volcano rounds, temples and treasure sets in the last scoring, and the total. */
export function drawFinal(box, v, words) {
  box.replaceChildren();
  box.hidden = !v || !v.finished;
  if (box.hidden) return;
  box.appendChild(el("h3", "", _("The final scoring")));
  const table = el("table", "tk-final-table");
  const head = el("tr");
  for (const h of [_("Player"), _("Volcano rounds"), _("Temples"), _("Temple points"), _("Treasure sets"), _("Treasure points"), _("Score")]) head.appendChild(el("th", "", h));
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  const events = (v.events || []).filter((e) => e.type === "score");
  for (const s of v.seats || []) {
    const last = [...events].reverse().find((e) => e.seat === s.seat && (e.round === "final" || e.round === "settle"));
    const tr = el("tr", (v.winners || []).includes(s.seat) ? "tk-won" : "");
    tr.dataset.seat = String(s.seat);
    const name = nameCell(words, s.seat);
    if ((v.winners || []).includes(s.seat)) name.appendChild(el("span", "tk-winner", ` · ${_("winner")}`));
    const temples = last ? words.temples(last.temple_list).join(", ") || "—" : "—";
    const sets = Object.entries(s.treasures || {}).map(([k, n]) => `${n}× ${treasureName(k)}`).join(", ") || "—";
    const rounds = events.filter((e) => e.seat === s.seat && e.round === "volcano").reduce((n, e) => n + e.points, 0);
    tr.append(name, el("td", "tk-rounds", rounds), el("td", "tk-temples", temples), el("td", "", last ? last.temples : 0),
      el("td", "tk-sets", sets), el("td", "", last ? last.treasures : 0), el("td", "tk-total", s.score));
    body.appendChild(tr);
  }
  table.appendChild(body);
  const wrap = keyboardScrollable(el("div", "tk-table-wrap"), _("Final scores"));
  wrap.appendChild(table);
  box.appendChild(wrap);
}

// Around Tikal's map: the round banner, the last scoring round's results (kept until the next turn), the
// players' supplies and treasures, the stacks, and the end's breakdown. Everything is read from the view.

import { el, joinWords, keyboardScrollable, plural, svgEl } from "./dom.js";
import { seatShape } from "./pieces.js";

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
  const drawer = v.drawer !== null && v.drawer !== undefined ? ` (drawn by ${words.seatName(v.drawer)})` : "";
  const title = v.round === "volcano" ? `Volcano${drawer}: scoring round.` : "Final round: everyone's last bonus turn.";
  box.appendChild(el("strong", "tk-round-title", title));
  if (v.bonus && who !== null && who !== undefined) {
    const name = words.seatName(who);
    box.appendChild(el("span", "tk-bonus", you ? " Your bonus turn: 10 AP, no hex, then you score."
      : ` ${name}'s bonus turn, then ${name} scores.`));
  }
  if (v.queue && v.queue.length) box.appendChild(el("span", "tk-queue", ` Then: ${joinWords(v.queue.map((n) => words.seatName(n)))}.`));
}

const ROUND_TITLES = { volcano: "Volcano scoring", final: "Final round scoring", settle: "Final scoring" };

/** The latest scoring round's results, player by player and temple by temple (view.last_scoring). */
export function drawScoring(box, v, words) {
  box.replaceChildren();
  const s = v?.last_scoring;
  box.hidden = !s || !s.results?.length || v.finished; // at the end, the final breakdown says it all
  if (box.hidden) return;
  const inRound = v.round && !v.finished;
  const head = el("h3", "", `${ROUND_TITLES[s.round] || "Scoring"}${inRound ? " so far" : ""}`);
  box.appendChild(head);
  const table = el("table", "tk-score-table");
  const tr = el("tr");
  for (const h of ["Player", "Temples", "Treasures", "Points", "Score"]) tr.appendChild(el("th", "", h));
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
  const wrap = keyboardScrollable(el("div", "tk-table-wrap"), "Volcano scoring");
  wrap.appendChild(table);
  box.appendChild(wrap);
}

function leaderWords(s, words) {
  if (s.leader === "supply") return "in supply";
  if (s.leader === "gone") return "a guard";
  return words.name(`${s.leader[0]},${s.leader[1]}`);
}

/** The players: score, workers in supply, the leader, camps and guards left, treasures held. */
export function drawSeats(box, v, words) {
  box.replaceChildren();
  if (!v) return;
  const table = el("table", "tk-seats");
  const head = el("tr");
  for (const [h, title] of [["Player"], ["Score"], ["Supply", "Workers not on the board yet"], ["Leader", "Where the leader is"],
    ["Camps", "Camps left to build"], ["Guards", "Guards left to place"], ["Treasures", "Treasures held, face up"]]) {
    const th = el("th", "", h);
    if (title) th.title = title;
    head.appendChild(th);
  }
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  for (const s of v.seats || []) {
    const tr = el("tr", s.seat === v.current_seat ? "tk-now" : "");
    tr.dataset.seat = String(s.seat);
    const held = Object.entries(s.treasures || {}).map(([k, n]) => `${n}× ${k}`).join(", ") || "—";
    tr.append(nameCell(words, s.seat, s.active ? "" : " (left)"), el("td", "tk-num", s.score), el("td", "tk-num", s.supply),
      el("td", "", leaderWords(s, words)), el("td", "tk-num", s.camps_left), el("td", "tk-num", 2 - (s.guards_made || 0)),
      el("td", "tk-held", held));
    body.appendChild(tr);
  }
  table.appendChild(body);
  const wrap = keyboardScrollable(el("div", "tk-table-wrap"), "Each player's pieces and treasures");
  wrap.appendChild(table);
  const st = v.stacks || {};
  const laid = (v.spaces || []).filter((s) => s.kind === "volcano").length;
  const facts = [st.total ? `${plural(st.total, "hex", "hexes")} left in the stacks, next letter ${st.next_letter}` : "The stacks are empty",
    `volcanoes laid: ${laid} of 3`, `treasures still hidden: ${v.hidden_treasures ?? "—"}`];
  box.append(wrap, el("p", "tk-facts", `${facts.join(" · ")}.`),
    el("p", "tk-facts tk-legend", "Supply: workers not on the board yet. Camps, Guards: how many each player can still make."));
}

/** The end: each player's volcano rounds, temples and treasure sets in the last scoring, and the total. */
export function drawFinal(box, v, words) {
  box.replaceChildren();
  box.hidden = !v || !v.finished;
  if (box.hidden) return;
  box.appendChild(el("h3", "", "The final scoring"));
  const table = el("table", "tk-final-table");
  const head = el("tr");
  for (const h of ["Player", "Volcano rounds", "Temples", "Temple points", "Treasure sets", "Treasure points", "Score"]) head.appendChild(el("th", "", h));
  table.appendChild(el("thead")).appendChild(head);
  const body = el("tbody");
  const events = (v.events || []).filter((e) => e.type === "score");
  for (const s of v.seats || []) {
    const last = [...events].reverse().find((e) => e.seat === s.seat && (e.round === "final" || e.round === "settle"));
    const tr = el("tr", (v.winners || []).includes(s.seat) ? "tk-won" : "");
    tr.dataset.seat = String(s.seat);
    const name = nameCell(words, s.seat);
    if ((v.winners || []).includes(s.seat)) name.appendChild(el("span", "tk-winner", " · winner"));
    const temples = last ? words.temples(last.temple_list).join(", ") || "—" : "—";
    const sets = Object.entries(s.treasures || {}).map(([k, n]) => `${n}× ${k}`).join(", ") || "—";
    const rounds = events.filter((e) => e.seat === s.seat && e.round === "volcano").reduce((n, e) => n + e.points, 0);
    tr.append(name, el("td", "tk-rounds", rounds), el("td", "tk-temples", temples), el("td", "", last ? last.temples : 0),
      el("td", "tk-sets", sets), el("td", "", last ? last.treasures : 0), el("td", "tk-total", s.score));
    body.appendChild(tr);
  }
  table.appendChild(body);
  const wrap = keyboardScrollable(el("div", "tk-table-wrap"), "Final scores");
  wrap.appendChild(table);
  box.appendChild(wrap);
}

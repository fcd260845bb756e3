// The scorings, loud: the half-journey's breakdown (each territory's tents per tribe and the points they
// scored), open from the moment it happens until the next turn is over, then folded; and the final scoring
// (per player: half journey, tents, totems, settlements; then by territory and by connection). Every number
// comes from the view's scoring events (games/rules/iwari/VIEW.md).

import { el, icon, keyboardScrollable } from "./dom.js";
import { swatch } from "./panels.js";
import { _, fill, n_, num } from "../../shell/words.js";

function th(text, cls = "num", scope = "col") {
  const c = el("th", cls, text);
  c.scope = scope;
  return c;
}

function who(tribe, names) {
  const span = el("span", "iw-who");
  span.append(swatch(tribe, names.tribeInfo(tribe)), el("span", "", names.tribe(tribe)));
  return span;
}

/** Territory by territory: each tribe's tents there and the points each seat scored for them. */
function territoryTable(event, scene, caption) {
  const { names, map, view: v } = scene;
  const tribes = (v.tribes || []).map((t) => t.tribe);
  const seats = (event.points || event.tents || []).length;
  const t = el("table", "iw-breakdown");
  t.appendChild(el("caption", "visually-hidden", caption));
  const head = el("tr");
  head.appendChild(th(_("Territory"), ""));
  for (const tribe of tribes) {
    const h = th("", "num");
    h.appendChild(who(tribe, names));
    head.appendChild(h);
  }
  const thead = el("thead");
  thead.appendChild(head);
  t.appendChild(thead);
  const body = el("tbody");
  const scored = event.territories || {};
  for (const terr of map.territories) {
    const counts = (event.counts || {})[terr.id];
    const points = scored[terr.id];
    if (!counts && !points) continue;
    const tr = el("tr");
    tr.dataset.territory = terr.id;
    const name = th("", "", "row");
    name.append(icon(`iw-i-${terr.biome}`, "iw-row-icon"), el("span", "", terr.name));
    const factor = (event.factors || {})[terr.id];
    if (factor > 1) name.appendChild(el("span", "iw-factor-note", ` ×${factor}`));
    tr.appendChild(name);
    const best = Math.max(0, ...(points || []));
    for (const tribe of tribes) {
      const td = el("td", "num");
      const n = counts ? counts[tribe] || 0 : null;
      const p = tribe < seats && points ? points[tribe] : null;
      if (p !== null && p > 0) td.appendChild(el("strong", p === best ? "iw-pts iw-top" : "iw-pts", `+${p}`));
      else if (p === 0 && n) td.appendChild(el("span", "iw-pts iw-muted", "+0"));
      if (n) td.appendChild(el("span", "iw-tents-count", fill(n_("%(n)s tent", "%(n)s tents", n), { n: num(n) })));
      else td.appendChild(el("span", "iw-muted", "–"));
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  t.appendChild(body);
  const totals = (event.points || event.tents);
  if (totals) {
    const tfoot = el("tfoot");
    const tr = el("tr");
    tr.appendChild(th(_("Total"), "", "row"));
    for (const tribe of tribes) tr.appendChild(el("td", "num iw-total", tribe < seats ? `+${totals[tribe]}` : _("never scores")));
    tfoot.appendChild(tr);
    t.appendChild(tfoot);
  }
  const box = el("div", "iw-table-scroll");
  keyboardScrollable(box, _("Scores by territory"));
  box.appendChild(t);
  return box;
}

function connectionList(event, scene) {
  const { names, map } = scene;
  const ul = el("ul", "iw-conn-scores iw-small");
  for (const [cid, row] of Object.entries(event.connections || {})) {
    const c = map.connections.find((x) => x.id === cid);
    const a = scene.territoryName(c?.a), b = scene.territoryName(c?.b);
    const got = row.map((p, seat) => (p ? `${names.seat(seat)} +${p}` : null)).filter(Boolean).join(", ");
    ul.appendChild(el("li", "", fill(_("Connection %(n)s (%(a)s – %(b)s): %(got)s"), { n: c ? c.number : cid, a, b, got })));
  }
  if (!ul.children.length) ul.appendChild(el("li", "iw-muted", _("No connection scored: no tribe led the totems at both ends of one.")));
  return ul;
}

function summaryWords(points, names) {
  return points.map((p, s) => `${names.seat(s)} +${p}`).join(", ");
}

/** The half-journey's banner over the map while it is fresh: its totals, and a button to its breakdown. */
export function halfJourneyBanner(scene, fresh, onShow) {
  const { view: v, names } = scene;
  const event = (v?.events || []).find((e) => e.type === "half-journey");
  if (!event || !fresh(event)) return null;
  const p = el("p", "iw-banner");
  p.append(el("strong", "", `${_("Half-journey scoring")}: `), el("span", "", `${summaryWords(event.points || [], names)}. `));
  const b = el("button", "iw-btn iw-quiet iw-banner-more", _("Territory by territory"));
  b.type = "button";
  b.dataset.key = "half-more";
  b.addEventListener("click", () => onShow(event));
  p.appendChild(b);
  return p;
}

/** The half-journey's panel (null if it has not happened). `open`: from ui (the player's own choice) or fresh. */
export function halfJourneyPanel(scene, isOpen, onToggle) {
  const { view: v, names } = scene;
  const event = (v?.events || []).find((e) => e.type === "half-journey");
  if (!event) return null;
  const d = el("details", "iw-scoring iw-half");
  d.open = isOpen(event);
  const s = el("summary", "");
  s.append(el("strong", "", _("Half-journey scoring")), el("span", "", `: ${summaryWords(event.points || [], names)}`));
  d.appendChild(s);
  d.appendChild(el("p", "iw-small", fill(_("The deck ran out in turn %(turn)s (%(name)s was drawing): tents scored in every territory, as they stood. The discard pile became the new deck."), { turn: event.turn, name: names.seat(event.seat) })));
  d.appendChild(territoryTable(event, scene, _("Half-journey scoring by territory")));
  d.addEventListener("toggle", () => onToggle(event, d.open));
  return d;
}

/** The final scoring's panel (null before the end). */
export function finalPanel(scene) {
  const { view: v, names } = scene;
  const fin = v?.finished ? (v.events || []).find((e) => e.type === "final") : null;
  if (!fin) return null;
  const box = el("section", "iw-scoring iw-final");
  box.setAttribute("aria-label", _("Final scoring"));
  box.appendChild(el("h3", "", _("Final scoring")));
  const t = el("table", "iw-final-table");
  const head = el("tr");
  for (const [k, h] of [["Player", _("Player")], ["Total", _("Total")], ["Half journey", _("Half journey")], ["Tents", _("Tents")], ["Totems", _("Totems")], ["Settlements", _("Settlements")], ["Unused", _("Unused")]]) head.appendChild(th(h, k === "Player" ? "" : "num"));
  const thead = el("thead");
  thead.appendChild(head);
  t.appendChild(thead);
  const body = el("tbody");
  const seats = fin.scores.map((_, i) => i).sort((a, b) => fin.scores[b] - fin.scores[a] || fin.unused[b] - fin.unused[a]);
  for (const s of seats) {
    const won = (v.winners || []).includes(s);
    const tr = el("tr", won ? "iw-won" : "");
    const cell = th("", "", "row");
    cell.appendChild(who(s, names));
    if (won) cell.appendChild(el("strong", "iw-winner", ` ${_("winner")}`));
    tr.appendChild(cell);
    const before = fin.scores[s] - fin.tents[s] - fin.totems[s] - fin.settlements[s];
    tr.appendChild(el("td", "num iw-total", fin.scores[s]));
    for (const n of [before, `+${fin.tents[s]}`, `+${fin.totems[s]}`, `+${fin.settlements[s]}`, fin.unused[s]]) {
      tr.appendChild(el("td", "num", n));
    }
    body.appendChild(tr);
  }
  t.appendChild(body);
  const scroll = el("div", "iw-table-scroll");
  keyboardScrollable(scroll, _("Final scores"));
  scroll.appendChild(t);
  box.appendChild(scroll);
  box.appendChild(el("p", "iw-small iw-muted", _("Ties go to the most unused tents and totems.")));
  const more = el("details", "iw-final-more");
  more.appendChild(el("summary", "", _("Where the points came from")));
  more.appendChild(el("h4", "", _("Tents, territory by territory")));
  more.appendChild(territoryTable(fin, scene, _("Final tent scoring by territory")));
  more.appendChild(el("h4", "", _("Totems, along open connections")));
  more.appendChild(connectionList(fin, scene));
  const groups = (v.settlements || []).map((g, tribe) => [tribe, g]).filter(([tribe, g]) => g.length && !names.tribeInfo(tribe).third);
  more.appendChild(el("h4", "", _("Settlements (4 or more linked tents)")));
  more.appendChild(el("p", "iw-small", groups.length
    ? groups.map(([tribe, g]) => fill(_("%(tribe)s: %(sizes)s tents"), { tribe: names.tribe(tribe), sizes: g.map((x) => x.length).join(" + ") })).join("; ")
    : _("None.")));
  box.appendChild(more);
  return box;
}

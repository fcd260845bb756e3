// The panels beside the map: one territory's details (majorities, what it would score now, its connections),
// the tribes (scores, cards, supplies, what the end would add now), and the cards in play (display, deck,
// discards, feats). All read from the view.

import { el, icon, keyboardScrollable } from "./dom.js";
import { chip, cardPicture } from "./cards.js";
import { connWords } from "./pieces.js";
import { FEAT_NAMES, biomeName } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";

export function swatch(tribe, info) {
  const s = el("span", `iw-swatch iw-tribe-${tribe}${info.third ? " iw-third" : ""}`);
  s.setAttribute("aria-hidden", "true");
  return s;
}

function table(cls, caption, heads) {
  const t = el("table", cls);
  if (caption) t.appendChild(el("caption", caption.hidden ? "visually-hidden" : "", caption.text));
  const thead = el("thead");
  const hr = el("tr");
  heads.forEach((h, i) => {
    const th = el("th", i === 0 ? "" : "num", h);
    th.scope = "col";
    hr.appendChild(th);
  });
  thead.appendChild(hr);
  t.appendChild(thead);
  const body = el("tbody");
  t.appendChild(body);
  return { t, body };
}

function whoCell(tribe, names, extra = []) {
  const th = el("th");
  th.scope = "row";
  th.append(swatch(tribe, names.tribeInfo(tribe)), el("span", "", names.tribe(tribe)), ...extra);
  return th;
}

function scroller(node, label) {
  const s = keyboardScrollable(el("div", "iw-table-scroll"), label);
  s.appendChild(node);
  return s;
}

/** One territory: its biome, room, and who leads it now. `tid` null: a hint of what a tap shows. */
export function drawInfo(box, scene) {
  box.replaceChildren();
  const { view: v, tid, names, map } = scene;
  const t = tid ? map.territories.find((x) => x.id === tid) : null;
  const tv = t ? (v?.territories || []).find((x) => x.id === tid) : null;
  if (!v || !t || !tv) {
    box.appendChild(el("p", "iw-hint iw-muted", _("Tap or point at a territory to see its majorities and what it would score now.")));
    return;
  }
  const head = el("h3", `iw-info-head iw-b-${t.biome}`);
  head.append(icon(`iw-i-${t.biome}`, "iw-info-icon"), el("span", "", t.name), el("span", "iw-muted", ` ${biomeName(t.biome)}`));
  box.appendChild(head);
  const facts = [tv.explored ? fill(n_("%(n)s empty space of %(of)s", "%(n)s empty spaces of %(of)s", tv.empty), { n: tv.empty, of: t.tent_spaces.length })
    : fill(n_("Unexplored, %(n)s tent space", "Unexplored, %(n)s tent spaces", t.tent_spaces.length), { n: t.tent_spaces.length })];
  facts.push(fill(n_("room for %(n)s more totem", "room for %(n)s more totems", tv.totem_room), { n: tv.totem_room }));
  if (tv.factor > 1) facts.push(fill(_("scores ×%(n)s (feats)"), { n: tv.factor }));
  box.appendChild(el("p", "iw-small", facts.join(" · ")));
  const rows = (tv.tents || []).map((n, tribe) => tribe).filter((tribe) => tv.tents[tribe] || (tv.totems || [])[tribe]);
  if (rows.length) {
    const { t: tab, body } = table("iw-majority", { text: fill(_("Majorities in %(territory)s"), { territory: t.name }), hidden: true },
      [_("Tribe"), _("Tents"), _("Rank"), _("Tent points now"), _("Totems")]);
    for (const tribe of rows) {
      const tr = el("tr");
      tr.appendChild(whoCell(tribe, names));
      tr.appendChild(el("td", "num", tv.tents[tribe]));
      tr.appendChild(el("td", "num", tv.ranks[tribe] ? `#${tv.ranks[tribe]}` : "–"));
      const pts = tribe < (tv.tent_points || []).length ? tv.tent_points[tribe] : null;
      tr.appendChild(el("td", "num", pts === null ? _("never scores") : pts));
      const lead = (tv.leaders || []).includes(tribe);
      tr.appendChild(el("td", "num", `${tv.totems[tribe]}${lead ? ` ${_("(leads)")}` : ""}`));
      body.appendChild(tr);
    }
    box.appendChild(scroller(tab, _("Pieces in this territory")));
  } else {
    box.appendChild(el("p", "iw-small iw-muted", _("No pieces here yet.")));
  }
  const conns = map.connections.filter((c) => c.a === tid || c.b === tid);
  if (conns.length) {
    const ul = el("ul", "iw-conn-list iw-small");
    const connView = new Map((v.connections || []).map((c) => [c.id, c]));
    const covered = new Set(v.mountains || []);
    for (const c of conns) ul.appendChild(el("li", "", connWords(scene.pieces, c, connView.get(c.id) || {}, covered.has(c.id))));
    box.appendChild(ul);
  }
}

/** A one-line summary of a territory for the bar's note (a phone shows the panel far below). */
export function infoLine(scene) {
  const { view: v, tid, names, map } = scene;
  const t = map.territories.find((x) => x.id === tid);
  const tv = (v?.territories || []).find((x) => x.id === tid);
  if (!t || !tv) return "";
  const tents = (tv.tents || []).map((n, tribe) => (n ? `${names.tribe(tribe)} ${n}` : null)).filter(Boolean);
  const totems = (tv.totems || []).map((n, tribe) => (n ? `${names.tribe(tribe)} ${n}` : null)).filter(Boolean);
  let text = `${t.name} (${biomeName(t.biome)}): `;
  text += tents.length ? fill(_("tents %(list)s"), { list: tents.join(", ") }) : tv.explored ? _("no tent") : _("unexplored");
  if (totems.length) text += `; ${fill(_("totems %(list)s"), { list: totems.join(", ") })}`;
  text += `; ${fill(n_("%(n)s empty space", "%(n)s empty spaces", tv.empty), { n: tv.empty })}.`;
  return text;
}

/** The tribes: score, cards, supplies, and what the final scoring would add if the journey ended now. */
export function drawTribes(box, scene) {
  box.replaceChildren();
  const { view: v, names } = scene;
  if (!v) return;
  const now = v.score_now;
  const heads = [_("Tribe"), _("Score"), _("Cards"), _("Tents left"), _("Totems left")];
  if (now) heads.push(_("If it ended now"));
  const { t: tab, body } = table("iw-tribes", { text: _("Tribes") }, heads);
  for (const t of v.tribes || []) {
    const extra = [];
    if (t.tribe === v.your_seat) extra.push(el("span", "iw-muted", ` ${_("(you)")}`));
    if (t.third) extra.push(el("span", "iw-muted", ` ${_("never scores")}`));
    else if (v.active && v.active[t.tribe] === false) extra.push(el("span", "iw-muted", ` ${_("left the game")}`));
    const tr = el("tr", t.tribe === v.current_seat ? "iw-current" : "");
    tr.appendChild(whoCell(t.tribe, names, extra));
    const seat = t.third ? null : t.tribe;
    tr.appendChild(el("td", "num iw-score", seat === null ? "–" : v.scores[seat]));
    const cards = el("td", "num");
    if (seat === null) cards.textContent = "–";
    else {
      cards.textContent = String(v.hand_sizes[seat]);
      const known = (v.known || [])[seat] || [];
      if (known.length && seat !== v.your_seat) {
        const k = el("div", "iw-known");
        k.append(el("span", "iw-muted", `${_("known:")} `), ...known.map((c) => chip(c)));
        cards.appendChild(k);
      }
    }
    tr.appendChild(cards);
    tr.appendChild(el("td", "num", t.tents));
    tr.appendChild(el("td", "num", t.totems));
    if (now) {
      if (seat === null) tr.appendChild(el("td", "num", "–"));
      else {
        const total = now.tents[seat] + now.totems[seat] + now.settlements[seat];
        const td = el("td", "num", `+${total}`);
        td.appendChild(el("span", "iw-muted iw-split", ` ${fill(_("(tents %(tents)s, totems %(totems)s, settlements %(settlements)s)"), { tents: now.tents[seat], totems: now.totems[seat], settlements: now.settlements[seat] })}`));
        tr.appendChild(td);
      }
    }
    body.appendChild(tr);
  }
  box.appendChild(scroller(tab, _("Scores if it ended now")));
}

/** The cards in play: the display, the deck, the last discards; the feats left and placed on connections. */
export function drawCardsInPlay(box, scene) {
  box.replaceChildren();
  const { view: v, names, map } = scene;
  if (!v) return;
  box.appendChild(el("h3", "", _("Cards in play")));
  const disp = el("div", "iw-display");
  disp.appendChild(el("span", "iw-label", _("Display")));
  (v.display || []).forEach((c) => disp.appendChild(c ? cardPicture(c, "iw-small-card") : el("span", "iw-card iw-gone iw-small-card", _("empty"))));
  box.appendChild(disp);
  const bits = [fill(_("Deck %(n)s"), { n: v.deck_size })];
  if (v.deck_runs) bits.push(v.deck_runs >= 2 ? _("ran out twice (not rebuilt)") : _("ran out once: half-journey scored"));
  else bits.push(_("half-journey when it runs out"));
  bits.push(fill(_("discard pile %(n)s"), { n: (v.discard || []).length }));
  if (v.final_round) bits.push(_("final round"));
  box.appendChild(el("p", "iw-small", bits.join(" · ")));
  const last = (v.discard || []).slice(-6);
  if (last.length) {
    const d = el("div", "iw-discard iw-small");
    d.appendChild(el("span", "iw-label", _("Last discards")));
    for (const c of last) d.appendChild(chip(c));
    box.appendChild(d);
  }
  if (v.feats) {
    const f = v.feats;
    const left = Object.entries(f.available).map(([k, n]) => `${FEAT_NAMES[k] || k} ${n}`).join(", ");
    box.appendChild(el("p", "iw-small", fill(_("Feats left: %(left)s."), { left })));
    const onConn = (f.placed || []).filter((p) => p.on === "connection");
    if (onConn.length) {
      box.appendChild(el("p", "iw-small", fill(_("On connections: %(list)s."), { list: onConn.map((p) => {
        const c = map.connections.find((x) => x.id === p.at);
        return fill(_("%(feat)s on %(n)s (%(name)s)"), { feat: FEAT_NAMES[p.feat] || p.feat, n: c ? c.number : p.at, name: names.seat(p.seat) });
      }).join(", ") })));
    }
  }
}

// The turn panel's controls of the tile board (in the shell's turn panel): the tile in hand, the piece being
// chosen with Confirm, the Ark's move, the pieces in supply and the tiles to come, the final scoring step by
// step. Every choice is one the server's view lists, named in the server's words.

import { escapeHtml, html } from "../../shell/dom.js";
import { tileThumb } from "./draw.js";
import { legalAt, legalFor, pendingEntries, placementSpots, optionEntries } from "./model.js";
import { _, detailWords, featureName, fill, n_ } from "./words.js";

/** A radio of a choice: its value (JSON of the action sent), a key that finds it again after a redraw (the
 * focus stays on it), its label. */
function radio(name, id, label, action, checked) {
  return `<label class="choice${checked ? " chosen" : ""}"><input type="radio" name="${name}" value="${escapeHtml(id)}" data-key="${name}-${escapeHtml(id)}" ${checked ? "checked" : ""} data-action='${escapeHtml(JSON.stringify(action))}'> ${label}</label>`;
}

/** "Follower on the city on its north side" from the server's name of the place. */
function spotLabel(kind, words) {
  const text = kind === "prophet" ? _("Prophet on %(place)s") : _("Follower on %(place)s");
  return escapeHtml(fill(text, { place: words }));
}

export const panelMethods = {
  renderControls() {
    const v = this.v;
    if (this.position || !v) { this.setControls([]); return; }
    const nodes = [];
    const mode = this.mode;
    if (mode === "place" && !this.pending) nodes.push(html(this.handHTML()));
    else if (this.pending) nodes.push(html(this.pendingHTML()));
    else if (mode === "options") nodes.push(html(this.optionsHTML()));
    if (v.finished) nodes.push(html(this.finalHTML()));
    nodes.push(html(this.supplyHTML()));
    this.setControls(nodes);
  },

  /** The shell's controls, replaced only when their markup changed (the focus and open details stay). */
  setControls(nodes) {
    const markup = nodes.map((n) => n.outerHTML).join("");
    if (markup === this.controlsMarkup) return;
    this.controlsMarkup = markup;
    this.api.setControls(nodes);
  },

  handHTML() {
    const v = this.payload.view;
    const places = this.legalCells().size;
    const now = legalFor(v, this.rotation).length;
    const desc = escapeHtml(this.catalogue.describe(v.tile));
    let fit = "";
    if (places && now) {
      fit = fill(n_("%(places)s highlighted place takes it; %(now)s fit this way round (framed in blue).",
        "%(places)s highlighted places take it; %(now)s fit this way round (framed in blue).", places), { places: `<strong>${places}</strong>`, now });
    } else if (places) {
      fit = fill(n_("%(places)s highlighted place takes it, turned to fit.", "%(places)s highlighted places take it, turned to fit.", places),
        { places: `<strong>${places}</strong>` });
    }
    const label = escapeHtml(fill(_("Tile in hand: %(tile)s, turned %(degrees)s degrees. Click to rotate."), { tile: desc, degrees: this.rotation }));
    return `<div class="tile-controls"><div class="hand">
        <button type="button" class="hand-tile" data-act="rotate" aria-label="${label}">
          ${tileThumb(this.catalogue, v.tile, this.rotation, 104, "thumb hand-thumb")}
        </button>
        <div>
          <p>${fill(_("%(tile)s tile, turned %(degrees)s°."), { tile: `<strong>${desc}</strong>`, degrees: this.rotation })}</p>
          <p>${fit}</p>
          <p class="small muted"><span class="kbd-hint">${_("Click the tile or press R to rotate; drag it onto the board, or click a place.")}</span><span class="touch-hint">${_("Tap the tile to rotate; tap a highlighted place to lay it.")}</span></p>
        </div>
      </div>
      <div class="buttons"><button type="button" class="btn" data-act="rotate">${_("Rotate")} ⟳</button>
        <button type="button" class="btn" data-act="frame">${_("Show the places")}</button></div></div>`;
  },

  pendingHTML() {
    const p = this.pending, v = this.payload.view;
    const cur = p.action;
    let choices = radio("action", "pass", escapeHtml(_("No piece")), { type: "pass" }, cur.type === "pass");
    for (const s of placementSpots(this.catalogue, v.tile, p.rotation, pendingEntries(p.legal))) {
      const checked = cur.type === s.action.type && cur.at === s.action.at;
      choices += radio("action", `${s.action.type}-${s.action.at}`, spotLabel(s.kind, s.words), s.action, checked);
    }
    if (v.ark) choices += radio("action", "ark", escapeHtml(_("Move the Ark…")), { type: "ark" }, false);
    let extra = "";
    if (p.legal.ark_at?.length) {
      extra = `<div class="ark-info"><p>${fill(_("This tile completes the first city. The Ark goes on the tile at %(place)s; tap another gold-framed tile to choose it."),
        { place: `<strong>${p.arkAt[0]}, ${p.arkAt[1]}</strong>` })}</p></div>`;
    }
    const sending = this.sending;
    return `<div class="tile-controls pending-sheet"><h3>${_("Choose a piece")}</h3>
      <p class="small">${fill(_("Tile at %(place)s, turned %(degrees)s° — not sent yet."), { place: `<strong>${p.x}, ${p.y}</strong>`, degrees: p.rotation })}</p>
      <fieldset class="choices"><legend>${_("Piece")}</legend>${choices}</fieldset>${extra}
      <div class="buttons sheet-buttons">
        <button type="button" class="btn primary" data-act="confirm" ${sending ? "disabled" : ""}>${sending ? _("Sending…") : _("Confirm")}</button>
        <button type="button" class="btn" data-act="rotate-placed" ${legalAt(v, p.x, p.y).length < 2 ? "disabled" : ""}>${_("Rotate")}</button>
        <button type="button" class="btn" data-act="take-back" ${sending ? "disabled" : ""}>${_("Take back")}<span class="kbd-hint"> <kbd>Esc</kbd></span></button>
      </div></div>`;
  },

  optionsHTML() {
    const v = this.payload.view;
    const ark = this.arkOptions();
    const placeArk = this.placeArkOptions();
    let body = "";
    if (placeArk.length) {
      const c = this.choice?.type === "place_ark" ? this.choice : null;
      body += `<div class="ark-info"><p>${_("You completed the first city: choose the tile the Ark goes on (gold frames).")}</p>
        <p>${c ? fill(_("The Ark goes on %(place)s."), { place: `<strong>${c.x}, ${c.y}</strong>` }) : _("No tile chosen yet.")}</p></div>`;
    }
    if (ark.length) {
      const chosen = this.arkChosen();
      const gains = chosen ? chosen.points.map((n, s) => (n ? `${this.name(s)} +${n}` : "")).filter(Boolean) : [];
      const path = this.arkPath.length ? this.arkPath.map(([x, y]) => `(${x}, ${y})`).join(" → ") : _("none yet");
      body += `<div class="ark-info" aria-live="polite"><p>${_("Move the Ark: tap the framed tiles it enters, one step at a time.")}</p>
        <p>${fill(_("Path: %(path)s."), { path })}</p>
        <p>${chosen ? (gains.length ? fill(_("It gives %(points)s."), { points: gains.join(", ") }) : _("It gives no points.")) : ""}</p>
        ${this.arkPath.length ? `<button type="button" class="btn small" data-act="ark-back">${_("Take back the last step")}</button>` : ""}</div>`;
    }
    const others = (v.options || []).filter((o) => o.type !== "ark" && o.type !== "place_ark");
    if (others.length) {
      const rows = others.map((o) => {
        const checked = !!this.choice && this.choice.type === o.type && this.choice.at === o.at;
        const label = o.type === "pass" ? escapeHtml(_("No piece")) : spotLabel(o.type, o.words || o.at);
        return radio("option", `${o.type}-${o.at ?? ""}`, label, o, checked);
      });
      body += `<fieldset class="choices"><legend>${ark.length ? _("Or a piece") : _("Piece")}</legend>${rows.join("")}</fieldset>`;
    }
    const ready = !!this.optionToSend();
    return `<div class="tile-controls pending-sheet"><h3>${ark.length ? _("Your tile is laid") : _("Your choice")}</h3>${body}
      <div class="buttons sheet-buttons"><button type="button" class="btn primary" data-act="confirm" ${!ready || this.sending ? "disabled" : ""}>${this.sending ? _("Sending…") : _("Confirm")}</button>
      ${ark.length ? `<button type="button" class="btn" data-act="frame-ark">${_("Show the Ark")}</button>` : ""}</div></div>`;
  },

  supplyHTML() {
    const v = this.v;
    const me = this.mySeat;
    const bits = (v.supply || []).map((s, seat) => {
      let t = fill(n_("%(name)s: %(n)s follower", "%(name)s: %(n)s followers", s.followers), { name: this.name(seat), n: s.followers });
      if ("prophet" in s) t += s.prophet ? `, ${_("Prophet ready")}` : `, ${_("Prophet used")}`;
      return `<li${seat === me ? ' class="me"' : ""}>${t}</li>`;
    });
    // the tiles to come are drawn when the player opens the list (their pictures cost time on a slow phone)
    const open = this.supplyOpen;
    const left = open ? Object.entries(v.remaining || {}).map(([id, count]) =>
      `<li title="${escapeHtml(fill(_("%(tile)s tile, %(n)s left"), { tile: this.catalogue.describe(id), n: count }))}">${tileThumb(this.catalogue, id, 0, 40)}<span class="count">×${count}</span></li>`) : [];
    return `<details class="supply" data-key="supply"${open ? " open" : ""}><summary>${fill(_("Pieces in supply · tiles left: %(n)s"), { n: `<strong>${v.tiles_left}</strong>` })}</summary><ul class="small">${bits.join("")}</ul>
      ${left.length ? `<p class="small">${_("The tiles still to come:")}</p><ul class="tile-grid">${left.join("")}</ul>` : ""}</details>`;
  },

  finalEvents() { return (this.v?.events || []).filter((e) => e.final && e.points.some((n) => n)); },

  finalEventAt(cell) {
    if (!this.v?.finished) return undefined;
    const hits = this.finalEvents().map((e, i) => [e, i]).filter(([e]) => e.tiles.some(([x, y]) => x === cell.x && y === cell.y));
    if (!hits.length) return undefined;
    const cur = hits.findIndex(([, i]) => i === this.focusFeature);
    return hits[(cur + 1) % hits.length][1];
  },

  eventWords(e) {
    const pts = e.points.map((n, s) => (n ? `${this.name(s)} +${n}` : "")).filter(Boolean).join(", ");
    const words = detailWords(e);
    return { pts, what: featureName(e.feature), detail: words };
  },

  finalHTML() {
    const v = this.v;
    const events = this.finalEvents();
    const rows = events.map((e, i) => {
      const { pts, what, detail } = this.eventWords(e);
      const more = detail ? ` <span class="muted small">(${escapeHtml(detail)})</span>` : "";
      return `<li><button type="button" class="feature-link${i === this.focusFeature ? " chosen" : ""}" data-act="feature" data-key="feature-${i}" data-index="${i}">${escapeHtml(what)}${more}: ${pts}</button></li>`;
    }).join("");
    const features = [...new Set((v.breakdown || []).flatMap((b) => Object.keys(b)))];
    const table = `<table class="breakdown"><thead><tr><th scope="col">${_("Player")}</th>${features.map((f) => `<th scope="col" class="num">${escapeHtml(featureName(f))}</th>`).join("")}</tr></thead>
      <tbody>${(v.breakdown || []).map((b, s) => `<tr><th scope="row">${this.name(s)}</th>${features.map((f) => `<td class="num">${b[f] || 0}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
    const f = this.focusFeature;
    return `<div class="final-scoring${f === null ? "" : " stepping"}"><h3>${_("Points by feature")}</h3><div class="table-scroll" tabindex="0" role="region" aria-label="${_("Points by feature")}">${table}</div>
      ${rows ? `<p class="small">${_("The final scoring, feature by feature (tap one to see it on the board, with the pieces that scored it):")}</p>
        <div class="buttons"><button type="button" class="btn small" data-act="feature-prev" ${!f ? "disabled" : ""}>◀ ${_("Previous")}</button>
        <button type="button" class="btn small" data-act="feature-next" ${f !== null && f >= events.length - 1 ? "disabled" : ""}>${f === null ? _("Show them one by one") : _("Next")} ▶</button>
        <button type="button" class="btn small" data-act="fit">${_("Whole board")}</button></div>
        <ol class="final-events">${rows}</ol>` : ""}</div>`;
  },
};

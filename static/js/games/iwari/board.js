// Iwari's board: the map as SVG, the pieces, the hand and the turn's choices.
//
// The server computes every rule. This module draws the map from the static map data (board_data) and
// everything else from the seat's view (games/rules/iwari/VIEW.md): which territories, spaces and payments
// are legal comes only from view.legal, what a territory scores now from view.territories, and so on.
// It only groups the legal actions by where they go, to light them up and to post the one the player picks.
//
// export createBoard(root, boardData, api) -> { show(payload), showPosition(position), destroy() }

const SVGNS = "http://www.w3.org/2000/svg";

/** Seat colours, as on the rest of the site (Okabe-Ito); the two-player third tribe is drawn apart. */
const SEAT_COLOURS = [
  { name: "Blue", hex: "#0072B2" },
  { name: "Orange", hex: "#E69F00" },
  { name: "Green", hex: "#009E73" },
  { name: "Pink", hex: "#CC79A7" },
  { name: "Red", hex: "#D55E00" },
];
const THIRD_COLOUR = "#3b3b3b";

const BIOME_NAMES = { tundra: "Tundra", forest: "Forest", glacier: "Glacier", coast: "Coast", desert: "Desert" };
const FEAT_NAMES = { union: "Union", discovery: "Discovery", honour: "Honour", respect: "Respect" };
const PHONE = 640; // below this width (CSS pixels) a chosen territory is shown zoomed in

// ---------- small DOM helpers (no inline style attributes: CSP) ----------

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function svgEl(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

function button(label, cls, onClick, opts = {}) {
  const b = el("button", `iw-btn ${cls || ""}`.trim(), label);
  b.type = "button";
  if (opts.title) b.title = opts.title;
  if (opts.disabled) b.disabled = true;
  if (opts.pressed !== undefined) b.setAttribute("aria-pressed", opts.pressed ? "true" : "false");
  if (opts.data) for (const [k, v] of Object.entries(opts.data)) b.dataset[k] = v;
  b.addEventListener("click", (e) => { e.preventDefault(); onClick(e); });
  return b;
}

function plural(n, word, many) {
  return `${n} ${n === 1 ? word : (many || `${word}s`)}`;
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

function payWords(pay) {
  if (pay.length === 2) return `a pair of ${BIOME_NAMES[pay[0]] || pay[0]}`;
  return BIOME_NAMES[pay[0]] || pay[0];
}

// ---------- map geometry (drawing only: Voronoi cells of the map's own points, merged per territory) ----------

/** Clip a convex polygon (vertices {x, y, tag}: tag names the edge from this vertex to the next) to the points
 * nearer to seed a than to seed b; the new edge is tagged with b's index. */
function clipHalf(poly, a, b, tagB) {
  const nx = b.x - a.x, ny = b.y - a.y;
  const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
  const side = (p) => (p.x - mx) * nx + (p.y - my) * ny; // <= 0: nearer a
  const out = [];
  for (let i = 0; i < poly.length; i += 1) {
    const cur = poly[i], nxt = poly[(i + 1) % poly.length];
    const sc = side(cur), sn = side(nxt);
    const cross = () => {
      const t = sc / (sc - sn);
      return { x: cur.x + (nxt.x - cur.x) * t, y: cur.y + (nxt.y - cur.y) * t };
    };
    if (sc <= 0 && sn <= 0) out.push(cur);
    else if (sc <= 0 && sn > 0) { out.push(cur); out.push({ ...cross(), tag: tagB }); }
    else if (sc > 0 && sn <= 0) out.push({ ...cross(), tag: cur.tag });
  }
  return out;
}

function buildGeometry(map) {
  const W = map.board?.width || 1000, H = map.board?.height || 700;
  const spaces = new Map(map.tent_spaces.map((s) => [s.id, s]));
  const seeds = [];
  for (const t of map.territories) {
    seeds.push({ x: t.x, y: t.y, t: t.id });
    if (t.totem_circle) seeds.push({ x: t.totem_circle.x, y: t.totem_circle.y, t: t.id });
    for (const sid of t.tent_spaces) {
      const s = spaces.get(sid);
      if (s) seeds.push({ x: s.x, y: s.y, t: t.id });
    }
  }
  const cells = seeds.map((seed, i) => {
    let poly = [
      { x: 0, y: 0, tag: -1 }, { x: W, y: 0, tag: -1 }, { x: W, y: H, tag: -1 }, { x: 0, y: H, tag: -1 },
    ];
    seeds.forEach((other, j) => {
      if (j === i || poly.length < 3) return;
      if (other.x === seed.x && other.y === seed.y) return;
      poly = clipHalf(poly, seed, other, j);
    });
    return poly;
  });
  const borders = [];
  const outline = new Map(); // per territory: the path of its outer edges
  cells.forEach((poly, i) => {
    poly.forEach((p, k) => {
      const q = poly[(k + 1) % poly.length];
      const foreign = p.tag < 0 || seeds[p.tag].t !== seeds[i].t;
      if (p.tag >= 0 && p.tag > i && foreign) borders.push([p, q]);
      if (foreign) {
        outline.set(seeds[i].t, `${outline.get(seeds[i].t) || ""}M${p.x.toFixed(1)},${p.y.toFixed(1)}L${q.x.toFixed(1)},${q.y.toFixed(1)}`);
      }
    });
  });
  const byTerritory = new Map();
  cells.forEach((poly, i) => {
    const list = byTerritory.get(seeds[i].t) || [];
    list.push(poly);
    byTerritory.set(seeds[i].t, list);
  });
  const bbox = new Map(); // per territory: the box of its own points (what a zoom must show)
  seeds.forEach((p) => {
    const b = bbox.get(p.t) || { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    bbox.set(p.t, { x0: Math.min(b.x0, p.x), y0: Math.min(b.y0, p.y), x1: Math.max(b.x1, p.x), y1: Math.max(b.y1, p.y) });
  });
  return { W, H, byTerritory, borders, bbox, spaces, outline };
}

function polyPath(poly) {
  return `M${poly.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join("L")}Z`;
}

/** Where a territory's name goes: near its centre, as clear of spaces, circles and markers as can be. */
function labelPlace(t, busy) {
  const half = Math.min(70, t.name.length * 3.6);
  let best = [t.x, t.y], bestGap = -1;
  for (const [dx, dy] of [[0, 0], [0, 26], [0, -26], [0, 40], [0, -40], [30, 26], [-30, 26], [30, -26], [-30, -26],
    [45, 0], [-45, 0], [0, 55], [0, -55]]) {
    const x = t.x + dx, y = t.y + dy;
    let gap = Infinity;
    for (const [bx, by] of busy) {
      const ex = Math.max(0, Math.abs(bx - x) - half), ey = Math.max(0, Math.abs(by - (y - 4)) - 7);
      gap = Math.min(gap, Math.hypot(ex, ey));
    }
    if (gap > bestGap + 4) { best = [x, y]; bestGap = gap; }
  }
  return best;
}

// ---------- the board ----------

export function createBoard(root, boardData, api) {
  const maps = boardData?.maps || {};
  let mapId = boardData?.default || Object.keys(maps)[0];
  let map = maps[mapId];
  let geo = map ? buildGeometry(map) : null;
  const terrById = () => new Map(map.territories.map((t) => [t.id, t]));
  let territories = map ? terrById() : new Map();

  const ui = {
    payload: null, view: null, replay: false,
    selected: [], // indexes into view.hand: the payment being made up
    focus: null, // the territory chosen (tap) or hovered (mouse), for its details
    hover: null,
    chooser: null, // {label, actions}: several payments for one place
    busy: false, error: "",
    zoom: null, // a territory id the map is zoomed on (phones)
  };

  root.classList.add("iwari");
  root.replaceChildren();
  const status = el("p", "iw-prompt");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const mapWrap = el("div", "iw-map");
  const svg = svgEl("svg", { class: "iw-svg", role: "img", "aria-label": "Iwari map" });
  mapWrap.appendChild(svg);
  const zoomBar = el("div", "iw-zoombar");
  zoomBar.hidden = true;
  const info = el("section", "iw-info");
  info.setAttribute("aria-live", "polite");
  const side = el("section", "iw-side");
  const finalBox = el("section", "iw-final");
  finalBox.hidden = true;
  root.append(status, mapWrap, zoomBar, info, finalBox, side);

  // SVG layers, drawn once for the static map; the pieces and highlights are redrawn on each show().
  const layers = {};

  function drawStatic() {
    svg.replaceChildren();
    if (!map) return;
    svg.setAttribute("viewBox", `0 0 ${geo.W} ${geo.H}`);
    const defs = svgEl("defs", {}, svg);
    const hatch = svgEl("pattern", { id: "iw-third-hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, defs);
    svgEl("rect", { width: 6, height: 6, fill: THIRD_COLOUR }, hatch);
    svgEl("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#bdbdbd", "stroke-width": 2.2 }, hatch);

    layers.land = svgEl("g", { class: "iw-land" }, svg);
    for (const t of map.territories) {
      const g = svgEl("g", { class: `iw-terr iw-b-${t.biome}`, "data-territory": t.id }, layers.land);
      for (const poly of geo.byTerritory.get(t.id) || []) svgEl("path", { d: polyPath(poly) }, g);
      const title = svgEl("title", {}, g);
      title.textContent = `${t.name} (${BIOME_NAMES[t.biome] || t.biome})`;
    }
    const water = svgEl("g", { class: "iw-water" }, svg);
    for (const w of map.water_features || []) {
      svgEl("ellipse", { cx: w.x, cy: w.y, rx: w.rx, ry: w.ry }, water);
    }
    const borders = svgEl("g", { class: "iw-borders" }, svg);
    svgEl("path", { d: geo.borders.map(([p, q]) => `M${p.x.toFixed(1)},${p.y.toFixed(1)}L${q.x.toFixed(1)},${q.y.toFixed(1)}`).join("") }, borders);
    svgEl("rect", { class: "iw-frame", x: 1, y: 1, width: geo.W - 2, height: geo.H - 2 }, borders);
    layers.lit = svgEl("g", { class: "iw-lit-outlines" }, svg);
    const ridges = svgEl("g", { class: "iw-ridges" }, svg);
    for (const r of map.ridges || []) {
      svgEl("polyline", { points: r.points.map((p) => p.join(",")).join(" ") }, ridges);
    }
    for (const w of map.water_features || []) {
      const label = svgEl("text", { class: "iw-water-name", x: w.x, y: w.y + w.ry - 6 }, water);
      label.textContent = w.name;
    }
    layers.paths = svgEl("g", { class: "iw-paths" }, svg);
    for (const p of map.paths) {
      const a = geo.spaces.get(p.a), b = geo.spaces.get(p.b);
      svgEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "data-path": p.id, "data-a": p.a, "data-b": p.b }, layers.paths);
    }
    layers.names = svgEl("g", { class: "iw-names" }, svg);
    const busy = [
      ...map.tent_spaces.map((p) => [p.x, p.y]),
      ...map.territories.filter((t) => t.totem_circle).map((t) => [t.totem_circle.x, t.totem_circle.y]),
      ...map.connections.map((c) => [c.x, c.y]),
    ];
    for (const t of map.territories) {
      const at = labelPlace(t, busy);
      const text = svgEl("text", { x: at[0], y: at[1], "data-territory": t.id }, layers.names);
      text.textContent = t.name;
    }
    layers.conns = svgEl("g", { class: "iw-conns" }, svg);
    layers.totems = svgEl("g", { class: "iw-totems" }, svg);
    layers.spaces = svgEl("g", { class: "iw-spaces" }, svg);
    layers.feats = svgEl("g", { class: "iw-feats" }, svg);
    layers.hits = svgEl("g", { class: "iw-hits" }, svg);
  }

  // ---------- who is who ----------

  function seatName(n) {
    if (n === null || n === undefined) return "the third tribe";
    const s = ui.payload?.seats?.find((x) => x.seat === n);
    const u = s?.user;
    return (u && (u.display_name || u.username)) || `Player ${n + 1}`;
  }

  function tribeInfo(tribe) {
    const v = ui.view;
    const t = v?.tribes?.[tribe];
    if (t && t.third) return { name: "Third tribe", colour: THIRD_COLOUR, third: true, label: "3rd" };
    const c = SEAT_COLOURS[tribe % SEAT_COLOURS.length];
    return { name: seatName(tribe), colour: c.hex, third: false, label: String(tribe + 1), colourName: c.name };
  }

  function swatch(tribe) {
    const s = el("span", `iw-swatch iw-tribe-${tribe}${tribeInfo(tribe).third ? " iw-third" : ""}`);
    s.setAttribute("aria-hidden", "true");
    return s;
  }

  // ---------- what the view allows now ----------

  function legal() {
    return ui.replay || !ui.view ? [] : (ui.view.legal || []);
  }

  function myTurn() {
    const v = ui.view;
    return !!v && !ui.replay && v.your_seat !== null && v.your_seat !== undefined && v.current_seat === v.your_seat
      && legal().length > 0;
  }

  function hand() {
    return ui.view?.hand || [];
  }

  function selectedCards() {
    const h = hand();
    return ui.selected.filter((i) => i < h.length).map((i) => h[i]);
  }

  /** Placement actions (own or third tribe) the chosen cards pay for exactly; every one with no card chosen. */
  function placements() {
    const list = legal().filter((a) => a.type === "place" || a.type === "third");
    const cards = selectedCards();
    if (!cards.length) return list;
    return list.filter((a) => sameCards(a.pay, cards));
  }

  function featActions() {
    return legal().filter((a) => a.type === "feat");
  }

  // ---------- drawing the changing parts ----------

  function drawPieces() {
    const v = ui.view;
    for (const k of ["conns", "totems", "spaces", "feats", "hits", "lit"]) layers[k].replaceChildren();
    if (!v) return;
    const spacesNow = v.spaces || {};
    const targets = placements();
    const feats = myTurn() ? featActions() : [];
    const tentTargets = new Set(targets.filter((a) => a.piece === "tent").map((a) => a.at));
    const totemTargets = new Set(targets.filter((a) => a.piece === "totem").map((a) => a.territory));
    const litTerr = new Set([...targets.map((a) => a.territory), ...feats.map((a) => a.at)]);
    const featConns = new Set(feats.map((a) => a.at));
    // targets light up once cards are chosen, or when the choice is only where (third tribe, feat)
    const showTargets = myTurn() && (ui.selected.length > 0 || ["third", "feat"].includes(v.phase));
    const turnTerr = v.turn_state?.territory;

    // settlements (4+ linked tents, from the view): their paths in the tribe's colour
    const inSettlement = new Map();
    (v.settlements || []).forEach((groups, tribe) => {
      for (const g of groups) for (const sid of g) inSettlement.set(sid, tribe);
    });
    for (const line of layers.paths.children) {
      const ta = inSettlement.get(line.dataset.a), tb = inSettlement.get(line.dataset.b);
      const on = ta !== undefined && ta === tb;
      line.setAttribute("class", on ? `iw-settled iw-stroke-${ta}${tribeInfo(ta).third ? " iw-third" : ""}` : "");
      if (on) line.style.stroke = tribeInfo(ta).colour; else line.style.removeProperty("stroke");
    }

    // territories: lit (a legal target now), dimmed (not), the one being settled this turn
    const anyLit = showTargets && litTerr.size > 0;
    for (const g of layers.land.children) {
      const tid = g.dataset.territory;
      g.classList.toggle("iw-is-lit", anyLit && litTerr.has(tid));
      g.classList.toggle("iw-is-dim", anyLit && !litTerr.has(tid));
      g.classList.toggle("iw-is-focus", ui.focus === tid);
      g.classList.toggle("iw-is-turn", turnTerr === tid);
    }
    if (turnTerr && geo.outline.has(turnTerr) && !v.finished) {
      svgEl("path", { class: "iw-turn-outline", d: geo.outline.get(turnTerr) }, layers.lit);
    }
    if (anyLit) {
      for (const tid of litTerr) {
        if (!geo.outline.has(tid)) continue;
        svgEl("path", { class: "iw-lit", "data-lit": tid, d: geo.outline.get(tid) }, layers.lit);
      }
    }

    // connections: number, land or water, mountain, feats; open ones that would score now are marked
    const connView = new Map((v.connections || []).map((c) => [c.id, c]));
    const mountains = new Set(v.mountains || []);
    for (const c of map.connections) {
      const cv = connView.get(c.id) || {};
      const covered = mountains.has(c.id);
      const cls = ["iw-conn", `iw-${c.kind}`];
      if (covered) cls.push("iw-covered");
      if (showTargets && featConns.has(c.id)) cls.push("iw-target");
      if ((cv.scorers || []).length) cls.push("iw-scoring");
      const g = svgEl("g", { class: cls.join(" "), "data-conn": c.id, transform: `translate(${c.x},${c.y})` }, layers.conns);
      if (c.kind === "water") svgEl("circle", { class: "iw-wave", r: 17 }, g);
      svgEl("circle", { r: 13 }, g);
      const num = svgEl("text", { y: 4.5 }, g);
      num.textContent = c.number;
      if (covered) {
        svgEl("path", { class: "iw-mountain", d: "M-24,12 L-10,-10 L-3,0 L7,-16 L24,12 Z" }, g);
        svgEl("path", { class: "iw-snow", d: "M-10,-10 L-14,-3.5 L-10,-5 L-6.5,-4.5 Z M7,-16 L2,-8 L6,-9.5 L11,-8.5 Z" }, g);
        const n2 = svgEl("text", { class: "iw-mountain-num", y: 9 }, g);
        n2.textContent = c.number;
      }
      if ((cv.factor || 1) > 1) {
        const badge = svgEl("text", { class: "iw-factor", x: 14, y: -10 }, g);
        badge.textContent = `×${cv.factor}`;
      }
      const title = svgEl("title", {}, g);
      title.textContent = connWords(c, cv, covered);
    }

    // connections' hit circles go under the spaces' (a space near a marker stays easy to hit)
    for (const c of map.connections) {
      svgEl("circle", { class: "iw-hit", r: 20, "data-conn": c.id, cx: c.x, cy: c.y }, layers.hits);
    }

    // tent spaces and tents
    for (const s of map.tent_spaces) {
      const tribe = spacesNow[s.id];
      const g = svgEl("g", { class: "iw-space", "data-space": s.id, transform: `translate(${s.x},${s.y})` }, layers.spaces);
      if (showTargets && tentTargets.has(s.id)) g.classList.add("iw-target");
      if (tribe === null || tribe === undefined) {
        svgEl("circle", { class: "iw-empty", r: 9 }, g);
      } else {
        const t = tribeInfo(tribe);
        g.classList.add("iw-occupied");
        if (t.third) g.classList.add("iw-third");
        const tent = svgEl("path", { class: "iw-tent", d: "M0,-16 L14,10 L-14,10 Z",
          fill: t.third ? "url(#iw-third-hatch)" : t.colour }, g);
        tent.dataset.tribe = tribe;
        svgEl("path", { class: "iw-door", d: "M0,-2 L4,10 L-4,10 Z" }, g);
        if (!t.third) {
          const label = svgEl("text", { class: "iw-piece-num", y: 6, x: 0 }, g);
          label.textContent = t.label;
        }
      }
      if (showTargets && tentTargets.has(s.id)) svgEl("circle", { class: "iw-ring", r: 19 }, g);
      const title = svgEl("title", {}, g);
      title.textContent = tribe === null || tribe === undefined ? `Tent space ${s.id}: empty`
        : `Tent space ${s.id}: ${tribeInfo(tribe).name}'s tent`;
      svgEl("circle", { class: "iw-hit", r: 26, cx: s.x, cy: s.y, "data-space": s.id }, layers.hits);
    }

    // totem circles with their stacks
    const terrView = new Map((v.territories || []).map((t) => [t.id, t]));
    for (const t of map.territories) {
      const tc = t.totem_circle;
      if (!tc) continue;
      const tv = terrView.get(t.id) || { totems: [] };
      const g = svgEl("g", { class: "iw-totem-circle", "data-totem": t.id, transform: `translate(${tc.x},${tc.y})` }, layers.totems);
      if (showTargets && totemTargets.has(t.id)) g.classList.add("iw-target");
      svgEl("circle", { class: "iw-circle", r: 22 }, g);
      const pieces = [];
      (tv.totems || []).forEach((n, tribe) => { for (let i = 0; i < n; i += 1) pieces.push(tribe); });
      const perRow = 4, w = 8, gap = 2;
      pieces.forEach((tribe, i) => {
        const row = Math.floor(i / perRow), col = i % perRow;
        const inRow = Math.min(perRow, pieces.length - row * perRow);
        const x = -((inRow * w + (inRow - 1) * gap) / 2) + col * (w + gap);
        const rows = Math.ceil(pieces.length / perRow);
        const y = -((rows * 17 + (rows - 1) * 2) / 2) + row * 19;
        const info2 = tribeInfo(tribe);
        const r = svgEl("rect", { class: "iw-totem", x, y, width: w, height: 17, rx: 2,
          fill: info2.third ? "url(#iw-third-hatch)" : info2.colour }, g);
        r.dataset.tribe = tribe;
      });
      if (!pieces.length) {
        const label = svgEl("text", { class: "iw-circle-label", y: 4 }, g);
        label.textContent = "totems";
      }
      if (showTargets && totemTargets.has(t.id)) svgEl("circle", { class: "iw-ring", r: 27 }, g);
      const title = svgEl("title", {}, g);
      title.textContent = `${t.name}: totem circle${pieces.length ? `, ${plural(pieces.length, "totem")}` : ""}`;
      svgEl("circle", { class: "iw-hit", r: 30, cx: tc.x, cy: tc.y, "data-totem": t.id }, layers.hits);
    }

    // feats on territories
    const featsOn = new Map();
    for (const f of v.feats?.placed || []) {
      if (f.on !== "territory") continue;
      featsOn.set(f.at, [...(featsOn.get(f.at) || []), f]);
    }
    for (const [tid, list] of featsOn) {
      const t = territories.get(tid);
      if (!t) continue;
      const g = svgEl("g", { class: "iw-feat", transform: `translate(${t.x},${t.y + 20})` }, layers.feats);
      svgEl("rect", { x: -26, y: -10, width: 52, height: 18, rx: 9 }, g);
      const text = svgEl("text", { y: 4 }, g);
      text.textContent = `★×${1 + list.length}`;
      const title = svgEl("title", {}, g);
      title.textContent = list.map((f) => `${FEAT_NAMES[f.feat] || f.feat} (${seatName(f.seat)})`).join(", ");
    }
  }

  function connWords(c, cv, covered) {
    const a = territories.get(c.a)?.name || c.a, b = territories.get(c.b)?.name || c.b;
    let text = `#${c.number}: ${c.kind === "water" ? "water" : "land"} connection, ${a} – ${b}`;
    if (covered) return `${text}; under a mountain, it never scores`;
    if ((cv.factor || 1) > 1) text += ` (×${cv.factor})`;
    if ((cv.scorers || []).length) {
      text += `; would score ${cv.points} now for ${cv.scorers.map(seatName).join(" and ")}`;
    } else text += "; would score nothing now";
    return text;
  }

  // ---------- the details of one territory (majorities, what it would score now) ----------

  function drawInfo() {
    info.replaceChildren();
    const v = ui.view;
    const tid = ui.hover || ui.focus;
    if (!v || !tid || !territories.has(tid)) {
      const hint = el("p", "iw-hint muted small",
        "Tap or point at a territory to see its majorities and what it would score now.");
      info.appendChild(hint);
      return;
    }
    const t = territories.get(tid);
    const tv = (v.territories || []).find((x) => x.id === tid);
    if (!tv) return;
    const head = el("h3", `iw-info-head iw-b-${t.biome}`);
    head.append(el("span", "iw-biome-dot"), el("span", "", `${t.name}`),
      el("span", "muted small", ` ${BIOME_NAMES[t.biome] || t.biome}`));
    info.appendChild(head);
    const facts = [];
    facts.push(tv.explored ? `${plural(tv.empty, "empty space")} of ${t.tent_spaces.length}` : "Unexplored");
    facts.push(`totem room ${tv.totem_room}`);
    if (tv.factor > 1) facts.push(`scores ×${tv.factor} (feats)`);
    info.appendChild(el("p", "small", facts.join(" · ")));

    const rows = [];
    (tv.tents || []).forEach((n, tribe) => {
      if (n || (tv.totems || [])[tribe]) rows.push(tribe);
    });
    if (rows.length) {
      const table = el("table", "iw-majority");
      const cap = el("caption", "visually-hidden", `Majorities in ${t.name}`);
      table.appendChild(cap);
      const thead = el("thead");
      const hr = el("tr");
      for (const h of ["Tribe", "Tents", "Rank", "Tent pts now", "Totems"]) {
        const th = el("th", h === "Tribe" ? "" : "num", h);
        th.scope = "col";
        hr.appendChild(th);
      }
      thead.appendChild(hr);
      table.appendChild(thead);
      const body = el("tbody");
      for (const tribe of rows) {
        const tr = el("tr");
        const who = el("th", "");
        who.scope = "row";
        who.append(swatch(tribe), el("span", "", tribeInfo(tribe).name));
        tr.appendChild(who);
        tr.appendChild(el("td", "num", tv.tents[tribe]));
        tr.appendChild(el("td", "num", tv.ranks[tribe] ? `#${tv.ranks[tribe]}` : "–"));
        const pts = tribe < (tv.tent_points || []).length ? tv.tent_points[tribe] : null;
        tr.appendChild(el("td", "num", pts === null ? "never scores" : pts));
        const lead = (tv.leaders || []).includes(tribe);
        tr.appendChild(el("td", "num", `${tv.totems[tribe]}${lead ? " (leads)" : ""}`));
        body.appendChild(tr);
      }
      table.appendChild(body);
      info.appendChild(table);
    } else {
      info.appendChild(el("p", "small muted", "No pieces here yet."));
    }
    const conns = map.connections.filter((c) => c.a === tid || c.b === tid);
    if (conns.length) {
      const ul = el("ul", "iw-conn-list small");
      const connView = new Map((v.connections || []).map((c) => [c.id, c]));
      const covered = new Set(v.mountains || []);
      for (const c of conns) ul.appendChild(el("li", "", connWords(c, connView.get(c.id) || {}, covered.has(c.id))));
      info.appendChild(ul);
    }
  }

  // ---------- side panel: tribes, cards in play, display, scores if the journey ended now ----------

  function drawSide() {
    side.replaceChildren();
    const v = ui.view;
    if (!v) return;
    const table = el("table", "iw-tribes");
    table.appendChild(el("caption", "", "Tribes"));
    const thead = el("thead");
    const hr = el("tr");
    const now = v.score_now;
    const heads = ["Tribe", "Score", "Cards", "Tents", "Totems"];
    if (now) heads.push("If it ended now");
    for (const h of heads) {
      const th = el("th", h === "Tribe" ? "" : "num", h);
      th.scope = "col";
      hr.appendChild(th);
    }
    thead.appendChild(hr);
    table.appendChild(thead);
    const body = el("tbody");
    for (const t of v.tribes || []) {
      const tr = el("tr", t.tribe === v.current_seat ? "iw-current" : "");
      const who = el("th");
      who.scope = "row";
      who.append(swatch(t.tribe), el("span", "", tribeInfo(t.tribe).name));
      if (t.tribe === v.your_seat) who.appendChild(el("span", "muted small", " (you)"));
      if (t.third) who.appendChild(el("span", "muted small", " never scores"));
      else if (v.active && v.active[t.tribe] === false) who.appendChild(el("span", "muted small", " left the game"));
      tr.appendChild(who);
      const seat = t.third ? null : t.tribe;
      tr.appendChild(el("td", "num", seat === null ? "–" : v.scores[seat]));
      let cards = "–";
      if (seat !== null) {
        cards = String(v.hand_sizes[seat]);
        const known = (v.known || [])[seat] || [];
        if (known.length && seat !== v.your_seat) cards += ` (${known.map((c) => BIOME_NAMES[c] || c).join(", ")} known)`;
      }
      tr.appendChild(el("td", "num", cards));
      tr.appendChild(el("td", "num", t.tents));
      tr.appendChild(el("td", "num", t.totems));
      if (now) {
        if (seat === null) tr.appendChild(el("td", "num", "–"));
        else {
          const total = now.tents[seat] + now.totems[seat] + now.settlements[seat];
          const td = el("td", "num", `+${total}`);
          td.title = `tents ${now.tents[seat]}, totems ${now.totems[seat]}, settlements ${now.settlements[seat]}`;
          td.appendChild(el("span", "muted small iw-split",
            ` (${now.tents[seat]}/${now.totems[seat]}/${now.settlements[seat]})`));
          tr.appendChild(td);
        }
      }
      body.appendChild(tr);
    }
    table.appendChild(body);
    const scroll = el("div", "iw-table-scroll");
    scroll.appendChild(table);
    side.appendChild(scroll);
    if (now) side.appendChild(el("p", "muted small", "If it ended now: final tents / totems / settlements points."));

    const cardsBox = el("div", "iw-cards-public");
    const disp = el("div", "iw-display");
    disp.appendChild(el("span", "iw-label", "Display"));
    (v.display || []).forEach((c) => {
      disp.appendChild(c ? el("span", `iw-chip iw-b-${c}`, BIOME_NAMES[c] || c) : el("span", "iw-chip iw-gone", "empty"));
    });
    cardsBox.appendChild(disp);
    const deckBits = [`Deck ${v.deck_size}`];
    if (v.deck_runs) deckBits.push(v.deck_runs >= 2 ? "ran out twice (not rebuilt)" : "ran out once");
    deckBits.push(`discard ${(v.discard || []).length}`);
    if (v.half_journey) deckBits.push("half-journey scored");
    if (v.final_round) deckBits.push("final round");
    cardsBox.appendChild(el("p", "small", deckBits.join(" · ")));
    const lastDiscards = (v.discard || []).slice(-6);
    if (lastDiscards.length) {
      const d = el("div", "iw-discard small");
      d.appendChild(el("span", "iw-label", "Last discards"));
      for (const c of lastDiscards) d.appendChild(el("span", `iw-chip iw-mini iw-b-${c}`, BIOME_NAMES[c] || c));
      cardsBox.appendChild(d);
    }
    if (v.feats) {
      const f = v.feats;
      const left = Object.entries(f.available).map(([k, n]) => `${FEAT_NAMES[k] || k} ${n}`).join(", ");
      cardsBox.appendChild(el("p", "small", `Feats left: ${left}`));
      const onConn = (f.placed || []).filter((p) => p.on === "connection");
      if (onConn.length) {
        cardsBox.appendChild(el("p", "small", `On connections: ${onConn.map((p) => {
          const c = map.connections.find((x) => x.id === p.at);
          return `${FEAT_NAMES[p.feat] || p.feat} on #${c ? c.number : p.at} (${seatName(p.seat)})`;
        }).join(", ")}`));
      }
    }
    for (const e of v.events || []) {
      if (e.type !== "half-journey") continue;
      const parts = e.points.map((p, s) => `${seatName(s)} ${p}`).join(", ");
      cardsBox.appendChild(el("p", "small", `Half-journey scoring: ${parts}.`));
    }
    side.appendChild(cardsBox);
  }

  function drawFinal() {
    const v = ui.view;
    const fin = v?.finished ? (v.events || []).find((e) => e.type === "final") : null;
    finalBox.hidden = !fin;
    finalBox.replaceChildren();
    if (!fin) return;
    finalBox.appendChild(el("h3", "", "Final scoring"));
    const table = el("table", "iw-final-table");
    const thead = el("thead");
    const hr = el("tr");
    for (const h of ["Player", "Before", "Tents", "Totems", "Settlements", "Total", "Unused"]) {
      const th = el("th", h === "Player" ? "" : "num", h);
      th.scope = "col";
      hr.appendChild(th);
    }
    thead.appendChild(hr);
    table.appendChild(thead);
    const body = el("tbody");
    const seats = fin.scores.map((_, i) => i).sort((a, b) => fin.scores[b] - fin.scores[a] || fin.unused[b] - fin.unused[a]);
    for (const s of seats) {
      const tr = el("tr", (v.winners || []).includes(s) ? "iw-won" : "");
      const who = el("th");
      who.scope = "row";
      who.append(swatch(s), el("span", "", seatName(s)));
      if ((v.winners || []).includes(s)) who.appendChild(el("strong", "iw-winner", " winner"));
      tr.appendChild(who);
      const before = fin.scores[s] - fin.tents[s] - fin.totems[s] - fin.settlements[s];
      for (const n of [before, fin.tents[s], fin.totems[s], fin.settlements[s], fin.scores[s], fin.unused[s]]) {
        tr.appendChild(el("td", "num", n));
      }
      body.appendChild(tr);
    }
    table.appendChild(body);
    const scroll = el("div", "iw-table-scroll");
    scroll.appendChild(table);
    finalBox.appendChild(scroll);
    finalBox.appendChild(el("p", "muted small",
      "Before: half-journey tents. Ties go to the most unused tents and totems."));
  }

  // ---------- prompt and controls ----------

  function promptText() {
    const v = ui.view;
    if (!v) return "";
    if (ui.replay) return `Replay: after turn ${v.turn}.`;
    if (v.finished) {
      const w = v.winners || [];
      return w.length ? `The journey is over. ${w.map(seatName).join(" and ")} ${w.length > 1 ? "share the victory" : "wins"}.`
        : "The journey is over.";
    }
    const who = seatName(v.current_seat);
    if (!myTurn()) return v.your_seat === null || v.your_seat === undefined ? `${who} is to move.` : `Waiting for ${who}.`;
    const ts = v.turn_state || {};
    switch (v.phase) {
      case "settle": {
        if (legal().some((a) => a.type === "pass")) return "No card and nothing to do: pass.";
        const cards = selectedCards();
        if (!cards.length) return "Choose the card (or pair) that pays for a piece: the places it can buy light up. Or exchange one card.";
        if (!placements().length) return "No piece costs exactly these cards: one card of the territory's biome, or a pair of one biome.";
        return `Paying ${payWords(cards)}: choose a lit space (tent) or totem circle.`;
      }
      case "place": {
        const t = territories.get(ts.territory);
        return `A second piece in ${t ? t.name : ts.territory}? Choose its card(s) and place, or finish with one piece.`;
      }
      case "third": {
        const best = ts.third?.best || {};
        return `The third tribe moves now with the cards left in your hand: ${plural(best.pieces || 0, "piece")} for ${plural(best.cards || 0, "card")}. Choose where.`;
      }
      case "draw": return `Draw ${plural(ts.draws_left || 0, "card")}: from the deck or the display.`;
      case "feat": {
        const feat = (ts.feats || [])[0];
        return `You earned the ${FEAT_NAMES[feat] || feat} feat: choose where it goes (lit).`;
      }
      default: return "";
    }
  }

  function drawControls() {
    if (ui.replay) return;
    const v = ui.view;
    const nodes = [];
    const mine = myTurn();
    // the hand
    const h = hand();
    if (v && v.hand && !v.finished) {
      const box = el("div", "iw-hand");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", "Your cards");
      box.appendChild(el("span", "iw-label", "Your cards"));
      const payPhase = mine && legal().some((a) => a.type === "place" || a.type === "third" || a.type === "exchange");
      h.forEach((c, i) => {
        const on = ui.selected.includes(i);
        const b = button(BIOME_NAMES[c] || c, `iw-card iw-b-${c}${on ? " iw-on" : ""}`, () => toggleCard(i),
          { pressed: on, disabled: !payPhase || ui.busy, data: { card: c, index: String(i) } });
        box.appendChild(b);
      });
      if (!h.length) box.appendChild(el("span", "muted small", "no cards"));
      nodes.push(box);
    }
    if (mine) {
      const row = el("div", "iw-actions");
      const acts = legal();
      const cards = selectedCards();
      if (v.phase === "settle") {
        const exch = acts.filter((a) => a.type === "exchange");
        if (exch.length) {
          const one = cards.length === 1 ? exch.find((a) => a.card === cards[0]) : null;
          row.appendChild(button(one ? `Exchange ${BIOME_NAMES[one.card]}` : "Exchange a card", "iw-exchange",
            () => one && act(one), { disabled: !one || ui.busy,
              title: one ? "Discard it and draw one card; place nothing" : "Choose exactly one card to exchange" }));
        }
        const pass = acts.find((a) => a.type === "pass");
        if (pass) row.appendChild(button("Pass", "iw-pass", () => act(pass), { disabled: ui.busy }));
      }
      if (v.phase === "place") {
        const done = acts.find((a) => a.type === "done");
        if (done) row.appendChild(button("Finish with one piece", "iw-done", () => act(done), { disabled: ui.busy }));
      }
      if (v.phase === "draw") {
        const deck = acts.find((a) => a.type === "draw-deck");
        if (deck) row.appendChild(button(`Draw from the deck (${v.deck_size})`, "iw-deck", () => act(deck), { disabled: ui.busy }));
        for (const a of acts.filter((x) => x.type === "take-display")) {
          row.appendChild(button(`Take ${BIOME_NAMES[a.card] || a.card}`, `iw-take iw-card iw-b-${a.card}`, () => act(a),
            { disabled: ui.busy, data: { card: a.card } }));
        }
      }
      if (v.phase === "feat") {
        for (const a of featActions()) {
          const t = territories.get(a.at);
          const c = map.connections.find((x) => x.id === a.at);
          const where = t ? t.name : c ? `connection #${c.number}` : a.at;
          row.appendChild(button(`${FEAT_NAMES[a.feat] || a.feat} on ${where}`, "iw-feat-btn", () => act(a),
            { disabled: ui.busy, data: { at: a.at } }));
        }
      }
      if (row.children.length) nodes.push(row);
      // the territories lit now, as buttons (keyboard and phones); each opens its places below
      const showWhere = ui.selected.length > 0 || v.phase === "third";
      const where = showWhere ? [...new Set(placements().map((a) => a.territory))] : [];
      if (where.length && !ui.chooser) {
        const box = el("div", "iw-where");
        box.appendChild(el("span", "iw-label", "Where"));
        for (const tid of where) {
          box.appendChild(button(territories.get(tid)?.name || tid, "iw-where-btn", () => selectTerritory(tid),
            { disabled: ui.busy, data: { territory: tid } }));
        }
        nodes.push(box);
      }
      // places in the chosen territory, as buttons (touch: the map's spaces may be small on a phone)
      if (ui.chooser) {
        const box = el("div", "iw-chooser");
        box.appendChild(el("span", "iw-label", ui.chooser.label));
        for (const a of ui.chooser.actions) {
          box.appendChild(button(actionLabel(a, ui.chooser.showWhere), "iw-choice", () => act(a),
            { disabled: ui.busy, data: { at: a.at || "", territory: a.territory } }));
        }
        box.appendChild(button("Cancel", "iw-cancel", () => { ui.chooser = null; redraw(); }));
        nodes.push(box);
      }
    }
    const undo = ui.payload?.turn?.undo || 0;
    if (!ui.replay && v && !v.finished && (mine || undo)) {
      const row = el("div", "iw-actions iw-undo-row");
      row.appendChild(button("Undo", "iw-undo", () => doUndo(),
        { disabled: !undo || ui.busy, title: undo ? "Take back your last step" : "Nothing to take back (cards drawn stay drawn)" }));
      nodes.push(row);
    }
    if (ui.error) nodes.push(el("p", "iw-error", ui.error));
    api.setControls?.(nodes);
  }

  function actionLabel(a, showWhere) {
    const piece = a.piece === "tent" ? `Tent on ${a.at}` : "Totem";
    const where = showWhere ? ` in ${territories.get(a.territory)?.name || a.territory}` : "";
    const who = a.type === "third" ? "Third tribe: " : "";
    return `${who}${piece}${where}, pay ${payWords(a.pay)}`;
  }

  function toggleCard(i) {
    if (ui.busy) return;
    const at = ui.selected.indexOf(i);
    if (at >= 0) ui.selected.splice(at, 1); else ui.selected.push(i);
    ui.chooser = null;
    ui.error = "";
    redraw();
  }

  async function act(action) {
    if (ui.busy) return;
    ui.busy = true;
    ui.error = "";
    drawControls();
    try {
      await api.step(action);
      ui.selected = [];
      ui.chooser = null;
    } catch (err) {
      ui.error = (err && err.message) || "That step was refused.";
    } finally {
      ui.busy = false;
      redraw();
    }
  }

  async function doUndo() {
    if (ui.busy) return;
    ui.busy = true;
    drawControls();
    try {
      await api.undo();
      ui.selected = [];
      ui.chooser = null;
    } catch (err) {
      ui.error = (err && err.message) || "Nothing to take back.";
    } finally {
      ui.busy = false;
      redraw();
    }
  }

  /** Several payments or places for one pick: ask; exactly one: take it. */
  function choose(actions, label, showWhere = false) {
    if (!actions.length) return false;
    if (actions.length === 1) { act(actions[0]); return true; }
    ui.chooser = { label, actions, showWhere };
    redraw();
    return true;
  }

  // ---------- input on the map ----------

  function onMapClick(e) {
    const target = e.target.closest?.("[data-space],[data-totem],[data-conn],[data-territory]");
    if (!target || !ui.view) return;
    const mine = myTurn() && !ui.busy;
    const { space, totem, conn } = target.dataset;
    let territory = target.dataset.territory;
    if ((space || totem) && isPhone() && !ui.zoom) {
      // on a phone the whole map's spaces are too small to hit surely: a tap chooses the territory first
      selectTerritory(totem || map.tent_spaces.find((s) => s.id === space)?.territory);
      return;
    }
    if (space) {
      const here = placements().filter((a) => a.piece === "tent" && a.at === space);
      if (mine && choose(here, `Tent on ${space}: pay with`)) return;
      territory = map.tent_spaces.find((s) => s.id === space)?.territory;
    } else if (totem) {
      const here = placements().filter((a) => a.piece === "totem" && a.territory === totem);
      if (mine && choose(here, `Totem in ${territories.get(totem)?.name || totem}: pay with`)) return;
      territory = totem;
    } else if (conn) {
      const here = mine ? featActions().filter((a) => a.at === conn) : [];
      if (choose(here, "Place the feat")) return;
      const c = map.connections.find((x) => x.id === conn);
      ui.error = "";
      status.textContent = c ? connWords(c, (ui.view.connections || []).find((x) => x.id === conn) || {},
        (ui.view.mountains || []).includes(conn)) : "";
      return;
    }
    if (!territory) return;
    if (mine) {
      const feats = featActions().filter((a) => a.at === territory);
      if (choose(feats, "Place the feat")) return;
    }
    selectTerritory(territory);
  }

  function selectTerritory(tid) {
    ui.focus = tid;
    ui.chooser = null;
    if (myTurn()) {
      const here = placements().filter((a) => a.territory === tid);
      if (here.length) ui.chooser = { label: `${territories.get(tid)?.name || tid}:`, actions: here, showWhere: false };
    }
    if (isPhone()) ui.zoom = tid; // a phone shows the chosen territory close up (a button shows the whole map)
    redraw();
  }

  function isPhone() {
    return !!root.clientWidth && root.clientWidth < PHONE;
  }

  function onPointerOver(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const target = e.target.closest?.("[data-territory],[data-space],[data-totem]");
    let tid = target?.dataset.territory || target?.dataset.totem;
    if (!tid && target?.dataset.space) tid = map.tent_spaces.find((s) => s.id === target.dataset.space)?.territory;
    if (tid && tid !== ui.hover) { ui.hover = tid; drawInfo(); }
  }

  function onPointerLeave() {
    if (ui.hover) { ui.hover = null; drawInfo(); }
  }

  function applyZoom() {
    if (!map) return;
    zoomBar.replaceChildren();
    if (ui.zoom && geo.bbox.has(ui.zoom)) {
      const b = geo.bbox.get(ui.zoom);
      const pad = 40;
      const x0 = Math.max(0, b.x0 - pad), y0 = Math.max(0, b.y0 - pad);
      const x1 = Math.min(geo.W, b.x1 + pad), y1 = Math.min(geo.H, b.y1 + pad);
      svg.setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
      zoomBar.hidden = false;
      zoomBar.appendChild(button("Show the whole map", "iw-zoom-out", () => { ui.zoom = null; redraw(); }));
    } else {
      svg.setAttribute("viewBox", `0 0 ${geo.W} ${geo.H}`);
      zoomBar.hidden = true;
    }
  }

  svg.addEventListener("click", onMapClick);
  svg.addEventListener("pointerover", onPointerOver);
  svg.addEventListener("pointerleave", onPointerLeave);

  function redraw() {
    if (!map) {
      status.textContent = "This map is not known to the page.";
      return;
    }
    status.textContent = promptText();
    status.classList.toggle("iw-third-step", !ui.replay && ui.view?.phase === "third");
    root.classList.toggle("iw-my-turn", myTurn());
    root.dataset.phase = ui.view?.phase || "";
    drawPieces();
    applyZoom();
    drawInfo();
    drawSide();
    drawFinal();
    drawControls();
  }

  function useMap(view) {
    const want = view?.map;
    if (want && want !== mapId && maps[want]) {
      mapId = want;
      map = maps[want];
      geo = buildGeometry(map);
      territories = terrById();
      drawStatic();
    }
  }

  drawStatic();

  return {
    show(payload) {
      const prevView = ui.view;
      ui.payload = payload;
      ui.replay = false;
      ui.view = payload?.view || null;
      useMap(ui.view);
      // a new position: the choice in progress goes unless the same hand is still being paid from
      const sameTurn = prevView && ui.view && prevView.phase === ui.view.phase && prevView.turn === ui.view.turn
        && JSON.stringify(prevView.hand) === JSON.stringify(ui.view.hand)
        && JSON.stringify(prevView.legal) === JSON.stringify(ui.view.legal);
      if (!sameTurn) { ui.selected = []; ui.chooser = null; }
      if (!prevView || !ui.view || prevView.phase !== ui.view.phase || !myTurn()) ui.zoom = null;
      ui.error = "";
      redraw();
    },
    showPosition(position) {
      if (!ui.replay) api.setControls?.([]); // no live choice stays clickable in a replay
      ui.replay = true;
      ui.view = position?.view || position || null;
      useMap(ui.view);
      ui.selected = [];
      ui.chooser = null;
      ui.zoom = null;
      redraw();
    },
    destroy() {
      svg.removeEventListener("click", onMapClick);
      svg.removeEventListener("pointerover", onPointerOver);
      svg.removeEventListener("pointerleave", onPointerLeave);
      api.setControls?.([]);
      root.replaceChildren();
      root.classList.remove("iwari", "iw-my-turn", "iw-third-step");
    },
  };
}

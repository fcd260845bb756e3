// Tikal's board: the explored jungle as SVG hexes, the pieces, the hex in hand and the turn's choices.
//
// The server computes every rule. This module draws the static geometry (board_data) and everything else from
// the seat's view (games/rules/tikal/VIEW.md): where the hex in hand may go and turned how comes only from
// view.legal, where explorers reach and at what cost from view.reach (with the path there: each hop is one
// listed move), what scored from view.events. It only groups the listed actions by space to light them up and
// posts the one the player picks.
//
// export createBoard(root, boardData, api) -> { show(payload), showPosition(position), destroy() }

const SVGNS = "http://www.w3.org/2000/svg";
const R = 40; // hex radius in SVG units (centre to corner)
const PHONE = 640; // below this width (CSS pixels) the map shows the explored part and its edge only, bigger
const MIN_SCALE = 0.85; // on a phone, CSS pixels per SVG unit at least (the map scrolls sideways beyond)
const SQ3 = Math.sqrt(3);

/** Seat colours, as on the rest of the site (Okabe-Ito). */
const SEAT_COLOURS = [
  { name: "Blue", hex: "#0072B2" },
  { name: "Orange", hex: "#E69F00" },
  { name: "Green", hex: "#009E73" },
  { name: "Pink", hex: "#CC79A7" },
];

const KIND_NAMES = { base_camp: "Base camp", temple: "Temple", jungle: "Jungle clearing", ruin: "Ruin", volcano: "Volcano" };

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

function svgText(parent, x, y, text, cls) {
  const t = svgEl("text", { x, y, class: cls }, parent);
  t.textContent = String(text);
  return t;
}

function button(label, cls, onClick, opts = {}) {
  const b = el("button", `tk-btn ${cls || ""}`.trim(), label);
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

const key = (at) => `${at[0]},${at[1]}`;
const sameAt = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// ---------- geometry (drawing only) ----------

function centre(space) {
  return { x: space.x * R, y: space.y * SQ3 * R };
}

function hexPoints(cx, cy, r = R) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/** Stepping stones: ``stones[side]`` small stones along side ``side`` (N, NE, SE, S, SW, NW). */
function drawStones(parent, cx, cy, stones, r = R) {
  const g = svgEl("g", { class: "tk-stones" }, parent);
  const apothem = (r * SQ3) / 2;
  stones.forEach((n, side) => {
    if (!n) return;
    const ang = (Math.PI / 180) * (270 + 60 * side);
    const dx = Math.cos(ang), dy = Math.sin(ang);
    const tx = -dy, ty = dx; // along the side
    const d = apothem * 0.8;
    for (let i = 0; i < n; i += 1) {
      const off = (i - (n - 1) / 2) * r * 0.22;
      svgEl("circle", { cx: (cx + dx * d + tx * off).toFixed(2), cy: (cy + dy * d + ty * off).toFixed(2),
        r: (r * 0.075).toFixed(2), "data-side": side }, g);
    }
  });
  g.dataset.count = String(stones.reduce((a, b) => a + b, 0));
  return g;
}

export function createBoard(root, boardData, api) {
  const spaces = boardData.spaces;
  const byKey = new Map(spaces.map((s) => [key([s.q, s.r]), s]));
  const treasureKinds = boardData.treasure_kinds || [];
  const apFull = boardData.action_points || 10;

  const ui = {
    payload: null, view: null, replay: false, busy: false,
    selected: null, // a space key (actions)
    piece: null, // "worker" | "leader" for moves from the selected space
    placeAt: null, // a space key (placing the hex in hand)
    rotation: 0,
    message: "",
  };

  // ----- the frame -----
  root.replaceChildren();
  root.classList.add("tikal");
  const prompt = el("p", "tk-prompt");
  prompt.setAttribute("aria-live", "polite");
  const roundBox = el("div", "tk-round");
  roundBox.setAttribute("aria-live", "polite");
  const layout = el("div", "tk-layout");
  const mapBox = el("div", "tk-map");
  const side = el("div", "tk-side");
  layout.append(mapBox, side);
  const finalBox = el("div", "tk-final");
  root.append(prompt, roundBox, layout, finalBox);

  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const s of spaces) {
    const c = centre(s);
    minX = Math.min(minX, c.x - R); maxX = Math.max(maxX, c.x + R);
    minY = Math.min(minY, c.y - (R * SQ3) / 2); maxY = Math.max(maxY, c.y + (R * SQ3) / 2);
  }
  const pad = 4;
  const fullBox = `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`;
  const svg = svgEl("svg", { class: "tk-svg", viewBox: fullBox, role: "img", "aria-label": "The Tikal board" });
  mapBox.appendChild(svg);
  const gGrid = svgEl("g", { class: "tk-grid" }, svg);
  const gTiles = svgEl("g", { class: "tk-tiles" }, svg);
  const gMarks = svgEl("g", { class: "tk-marks" }, svg);
  const gPieces = svgEl("g", { class: "tk-pieces" }, svg);
  const gCosts = svgEl("g", { class: "tk-costs" }, svg);
  const gHits = svgEl("g", { class: "tk-hits" }, svg);

  const startKeys = new Set((boardData.start_area || []).map((p) => key([p.q, p.r])));
  for (const s of spaces) {
    const c = centre(s);
    const k = key([s.q, s.r]);
    svgEl("polygon", { points: hexPoints(c.x, c.y), class: `tk-cell${startKeys.has(k) ? " tk-start" : ""}`, "data-space": k }, gGrid);
    const hit = svgEl("polygon", { points: hexPoints(c.x, c.y), "data-space": k }, gHits);
    hit.addEventListener("click", () => onSpace(k));
    hit.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onSpace(k); }
    });
  }

  // ----- reading the payload -----
  function seatName(n) {
    const seat = ui.payload?.seats?.find((s) => s.seat === n);
    return seat?.user?.display_name || seat?.user?.username || `Seat ${n + 1}`;
  }

  function colour(n) {
    return SEAT_COLOURS[n % SEAT_COLOURS.length];
  }

  function legal() {
    return (!ui.replay && ui.view?.legal) || [];
  }

  function myTurn() {
    const v = ui.view;
    return !ui.replay && v && !v.finished && v.your_seat !== null && v.your_seat !== undefined
      && v.current_seat === v.your_seat && legal().length > 0;
  }

  function spaceOf(k) {
    return (ui.view?.spaces || []).find((s) => key(s.at) === k) || null;
  }

  function placeActions() {
    return legal().filter((a) => a.type === "place");
  }

  function placeKeys() {
    return new Set(placeActions().map((a) => key(a.at)));
  }

  function fittingRotations(k) {
    return placeActions().filter((a) => key(a.at) === k).map((a) => a.rotation).sort((a, b) => a - b);
  }

  function mine(sp) {
    const seat = ui.view?.your_seat;
    return sp ? sp.explorers.find((e) => e.seat === seat) || null : null;
  }

  function reachFrom(k) {
    return (ui.view?.reach || []).find((r) => key(r.from) === k) || null;
  }

  function piecesAt(k) {
    const m = mine(spaceOf(k));
    const out = [];
    if (m && m.workers) out.push("worker");
    if (m && m.leader) out.push("leader");
    return out;
  }

  /** The listed action that takes ``piece`` one hop, the cheapest if two are listed (a border or a camp move). */
  function hopAction(piece, from, to) {
    const hops = legal().filter((a) => (a.type === "move" || a.type === "camp-move") && a.piece === piece
      && key(a.from) === from && key(a.to) === to);
    hops.sort((a, b) => a.cost - b.cost);
    return hops[0] || null;
  }

  function actionsAt(k) {
    return legal().filter((a) => ["uncover", "dig", "camp", "guard"].includes(a.type) && key(a.at) === k);
  }

  function atWords(at) {
    if (sameAt(at, boardData.base_camp)) return "the base camp";
    const sp = spaceOf(key(at));
    return sp ? `the ${(KIND_NAMES[sp.kind] || sp.kind).toLowerCase()} at ${at[0]},${at[1]}` : `${at[0]},${at[1]}`;
  }

  function actionLabel(a) {
    const piece = a.piece === "leader" ? "the leader" : "a worker";
    const cost = `${a.cost} AP`;
    switch (a.type) {
      case "enter": return `Bring ${piece} in at ${atWords(a.at)} · ${cost}`;
      case "uncover": return `Uncover a temple level · ${cost}`;
      case "dig": return `Dig for a treasure · ${cost}`;
      case "camp": return `Build a camp here · ${cost}`;
      case "guard": return `Guard this temple with ${piece} · ${cost}`;
      case "exchange": return `Trade your ${a.give} for ${seatName(a.seat)}'s ${a.take} · ${cost}`;
      case "end": return "End turn";
      default: return `${a.type} · ${cost}`;
    }
  }

  // ----- drawing -----
  function drawTiles() {
    gTiles.replaceChildren();
    gPieces.replaceChildren();
    for (const sp of ui.view?.spaces || []) {
      const s = byKey.get(key(sp.at));
      if (!s) continue;
      const c = centre(s);
      const g = svgEl("g", { class: `tk-tile tk-k-${sp.kind}${sp.hex ? "" : " tk-printed"}`, "data-space": key(sp.at),
        "data-kind": sp.kind, "data-hex": sp.hex || "" }, gTiles);
      svgEl("polygon", { points: hexPoints(c.x, c.y, R - 1), class: "tk-face" }, g);
      drawStones(g, c.x, c.y, sp.stones);
      if (sp.kind === "temple") {
        svgEl("rect", { x: c.x - 11, y: c.y - 26, width: 22, height: 18, rx: 3, class: "tk-level" }, g);
        svgText(g, c.x, c.y - 12.5, sp.value, "tk-value");
      } else if (sp.kind === "ruin") {
        const tg = svgEl("g", { class: "tk-ruin-treasures", "data-count": sp.treasures }, g);
        svgEl("rect", { x: c.x - 13, y: c.y - 26, width: 26, height: 18, rx: 9, class: "tk-treasure-badge" }, tg);
        svgText(tg, c.x, c.y - 12.5, `◆${sp.treasures}`, "tk-treasure-count");
      } else if (sp.kind === "volcano") {
        svgEl("polygon", { points: `${c.x - 16},${c.y + 10} ${c.x},${c.y - 16} ${c.x + 16},${c.y + 10}`, class: "tk-cone" }, g);
      } else if (sp.kind === "base_camp") {
        svgText(g, c.x, c.y - 13, "Base", "tk-base-label");
      }
      if (sp.camp !== null && sp.camp !== undefined) {
        svgEl("polygon", { points: `${c.x - 30},${c.y - 2} ${c.x - 22},${c.y - 15} ${c.x - 14},${c.y - 2}`,
          class: "tk-camp", fill: colour(sp.camp).hex, "data-seat": sp.camp }, gPieces);
      }
      if (sp.guard !== null && sp.guard !== undefined) {
        svgEl("path", { d: `M${c.x + 15},${c.y - 14} h14 v7 q0,8 -7,11 q-7,-3 -7,-11 z`, class: "tk-guard",
          fill: colour(sp.guard).hex, "data-seat": sp.guard }, gPieces);
      }
      const n = sp.explorers.length;
      sp.explorers.forEach((e, i) => {
        const cols = Math.min(n, 2);
        const row = Math.floor(i / 2), col = i % 2;
        const x = c.x + (col - (cols - 1) / 2) * 20;
        const y = c.y + 6 + row * 16 - (n > 2 ? 4 : 0);
        const pg = svgEl("g", { class: `tk-explorers${e.leader ? " tk-has-leader" : ""}`, "data-seat": e.seat,
          "data-space": key(sp.at), "data-workers": e.workers, "data-leader": e.leader ? "1" : "0" }, gPieces);
        if (e.workers) {
          svgEl("circle", { cx: x, cy: y, r: 8.5, fill: colour(e.seat).hex, class: "tk-worker" }, pg);
          svgText(pg, x, y + 3.6, e.workers, "tk-count");
        }
        if (e.leader) {
          const lx = e.workers ? x + 7 : x, ly = e.workers ? y - 8 : y;
          svgEl("polygon", { points: `${lx},${ly - 8} ${lx + 7},${ly} ${lx},${ly + 8} ${lx - 7},${ly}`,
            fill: colour(e.seat).hex, class: "tk-leader" }, pg);
          svgText(pg, lx, ly + 3, "L", "tk-leader-mark");
        }
        const title = svgEl("title", {}, pg);
        title.textContent = `${seatName(e.seat)}: ${plural(e.workers, "worker")}${e.leader ? " and the leader" : ""}`;
      });
    }
  }

  function drawMarks() {
    gMarks.replaceChildren();
    gCosts.replaceChildren();
    for (const node of gGrid.querySelectorAll(".tk-cell")) node.classList.remove("tk-chosen");
    if (!myTurn()) return;
    const v = ui.view;
    if (v.phase === "place") {
      for (const k of placeKeys()) {
        const s = byKey.get(k);
        const c = centre(s);
        const cls = `tk-lit${k === ui.placeAt ? " tk-at" : ""}`;
        svgEl("polygon", { points: hexPoints(c.x, c.y, R - 3), class: cls, "data-lit": k }, gMarks);
      }
      if (ui.placeAt && v.hex) {
        const s = byKey.get(ui.placeAt);
        const c = centre(s);
        const g = svgEl("g", { class: `tk-ghost tk-k-${v.hex.kind}`, "data-space": ui.placeAt, "data-rotation": ui.rotation }, gMarks);
        svgEl("polygon", { points: hexPoints(c.x, c.y, R - 4), class: "tk-face" }, g);
        drawStones(g, c.x, c.y, v.hex.turned ? v.hex.turned[ui.rotation] : v.hex.stones);
        kindMark(g, c.x, c.y - 17.5, v.hex);
      }
      return;
    }
    if (v.phase !== "actions") return;
    if (ui.selected) {
      const s = byKey.get(ui.selected);
      if (s) {
        const c = centre(s);
        svgEl("polygon", { points: hexPoints(c.x, c.y, R - 3), class: "tk-selected", "data-selected": ui.selected }, gMarks);
      }
      const r = reachFrom(ui.selected);
      if (r && ui.piece) {
        for (const t of r.to) {
          const k = key(t.at);
          const ts = byKey.get(k);
          const c = centre(ts);
          svgEl("polygon", { points: hexPoints(c.x, c.y, R - 3), class: "tk-lit tk-reach", "data-lit": k }, gMarks);
          svgEl("circle", { cx: c.x + 24, cy: c.y + 8, r: 10, class: "tk-cost-bg" }, gCosts);
          svgText(gCosts, c.x + 24, c.y + 12.5, t.cost, "tk-cost").dataset.space = k;
        }
      }
    }
  }

  function hexPreview(hx, rotation) {
    const box = el("div", "tk-hand-hex");
    const s = svgEl("svg", { viewBox: `${-R - 2} ${-R - 2} ${2 * R + 4} ${2 * R + 4}`, class: "tk-hand-svg", role: "img",
      "aria-label": `The hex in hand, turned ${rotation}` });
    const g = svgEl("g", { class: `tk-tile tk-k-${hx.kind}` }, s);
    svgEl("polygon", { points: hexPoints(0, 0, R - 1), class: "tk-face" }, g);
    drawStones(g, 0, 0, hx.turned ? hx.turned[rotation] : hx.stones);
    kindMark(g, 0, 0, hx);
    box.appendChild(s);
    return box;
  }

  /** A hex's mark, centred on (x, y): a temple's value, a ruin's treasures, a volcano's cone. */
  function kindMark(g, x, y, hx) {
    if (hx.kind === "temple") {
      svgEl("rect", { x: x - 11, y: y - 9, width: 22, height: 18, rx: 3, class: "tk-level" }, g);
      svgText(g, x, y + 4.5, hx.value, "tk-value");
    } else if (hx.kind === "ruin") {
      svgEl("rect", { x: x - 13, y: y - 9, width: 26, height: 18, rx: 9, class: "tk-treasure-badge" }, g);
      svgText(g, x, y + 4.5, `◆${hx.treasures}`, "tk-treasure-count");
    } else if (hx.kind === "volcano") {
      svgEl("polygon", { points: `${x - 16},${y + 10} ${x},${y - 16} ${x + 16},${y + 10}`, class: "tk-cone" }, g);
    }
  }

  function hexWords(hx) {
    if (hx.kind === "temple") return `Temple, value ${hx.value}`;
    if (hx.kind === "ruin") return `Ruin with ${plural(hx.treasures, "treasure")}`;
    if (hx.kind === "volcano") return "Volcano";
    return "Jungle clearing";
  }

  function drawSide() {
    side.replaceChildren();
    const v = ui.view;
    if (!v) return;
    // action points: always in view during actions
    if (v.phase === "actions" && v.action_points !== null && v.action_points !== undefined) {
      const apBox = el("div", "tk-ap");
      apBox.dataset.ap = String(v.action_points);
      const words = ` of ${apFull} action points left${v.bonus ? " (bonus turn)" : ""}`;
      apBox.append(el("strong", "tk-ap-n", v.action_points), el("span", "", words));
      const pips = el("div", "tk-pips");
      for (let i = 0; i < Math.max(apFull, v.action_points); i += 1) {
        pips.appendChild(el("span", i < v.action_points ? "tk-pip tk-on" : "tk-pip"));
      }
      apBox.appendChild(pips);
      side.appendChild(apBox);
    }
    if (v.hex) {
      const hand = el("div", "tk-hand");
      const rot = myTurn() && v.phase === "place" && ui.placeAt ? ui.rotation : 0;
      hand.append(el("h3", "", v.round ? "The volcano" : "Hex in hand"), hexPreview(v.hex, rot),
        el("p", "tk-hand-words", `${hexWords(v.hex)} (${v.hex.letter})`));
      side.appendChild(hand);
    }
    const st = v.stacks || {};
    const stacks = st.total ? `Stacks: ${plural(st.total, "hex", "hexes")} left, next letter ${st.next_letter}` : "Stacks: empty";
    side.appendChild(el("p", "tk-stacks", stacks));
    const laid = (v.spaces || []).filter((s) => s.kind === "volcano").length;
    side.appendChild(el("p", "tk-volcanoes", `Volcanoes laid: ${laid} of ${(boardData.volcanoes || []).length}`));
    // players
    const table = el("table", "tk-seats");
    const head = el("tr");
    for (const h of ["Player", "Score", "Workers in supply", "Leader", "Camps left", "Treasures"]) head.appendChild(el("th", "", h));
    table.appendChild(el("thead")).appendChild(head);
    const body = el("tbody");
    for (const s of v.seats || []) {
      const tr = el("tr", s.seat === v.current_seat ? "tk-now" : "");
      tr.dataset.seat = String(s.seat);
      const name = el("td", "tk-name");
      const sw = el("span", `tk-swatch tk-seat-${s.seat}`);
      name.append(sw, document.createTextNode(seatName(s.seat) + (s.active ? "" : " (left)")));
      const leader = s.leader === "supply" ? "supply" : s.leader === "gone" ? "gone" : `${s.leader[0]},${s.leader[1]}`;
      const held = Object.entries(s.treasures || {}).map(([k, n]) => `${n}× ${k}`).join(", ") || "—";
      tr.append(name, el("td", "", s.score), el("td", "", s.supply), el("td", "", leader), el("td", "", s.camps_left),
        el("td", "tk-held", held));
      body.appendChild(tr);
    }
    table.appendChild(body);
    side.appendChild(table);
  }

  function scoreWords(e) {
    return `${seatName(e.seat)} scored ${e.points} (temples ${e.temples}, treasures ${e.treasures}), now ${e.score}`;
  }

  function drawRound() {
    roundBox.replaceChildren();
    roundBox.className = "tk-round";
    const v = ui.view;
    if (!v || !v.round) return;
    roundBox.classList.add("tk-on");
    const who = v.current_seat;
    const you = who === v.your_seat && !ui.replay;
    const drawer = v.drawer !== null && v.drawer !== undefined ? ` (drawn by ${seatName(v.drawer)})` : "";
    const title = v.round === "volcano" ? `Volcano${drawer}! A scoring round` : "Final round: every player's last bonus turn";
    roundBox.appendChild(el("strong", "tk-round-title", title));
    let now;
    if (v.bonus && who !== null) {
      const then = you ? "you score" : `${seatName(who)} scores`;
      now = `${you ? "Your" : `${seatName(who)}'s`} bonus turn: 10 action points, no hex, then ${then}.`;
    } else if (v.round === "volcano" && who !== null) {
      now = `Every player has scored; ${you ? "you lay" : `${seatName(who)} lays`} the volcano, then takes a normal turn.`;
    } else {
      now = "";
    }
    if (now) roundBox.appendChild(el("p", "tk-bonus", now));
    if (v.queue && v.queue.length) {
      roundBox.appendChild(el("p", "tk-queue", `Still to take a bonus turn: ${v.queue.map(seatName).join(", ")}.`));
    }
    // what scored in this round: the last score events, one per seat that has had its bonus turn
    const active = (v.active || []).filter(Boolean).length;
    const scored = Math.max(0, active - (v.queue || []).length - (v.bonus ? 1 : 0));
    const events = (v.events || []).filter((e) => e.type === "score");
    const recent = scored ? events.slice(-scored) : [];
    if (recent.length) {
      const ul = el("ul", "tk-scored");
      for (const e of recent) ul.appendChild(el("li", "", scoreWords(e)));
      roundBox.appendChild(ul);
    }
  }

  function drawFinal() {
    finalBox.replaceChildren();
    const v = ui.view;
    if (!v || !v.finished) return;
    finalBox.appendChild(el("h3", "", "Final scoring"));
    const table = el("table", "tk-final-table");
    const head = el("tr");
    const heads = ["Player", "Volcano rounds", "Temples", "Temple points", "Treasure sets", "Treasure points", "Score"];
    for (const h of heads) head.appendChild(el("th", "", h));
    table.appendChild(el("thead")).appendChild(head);
    const body = el("tbody");
    const events = (v.events || []).filter((e) => e.type === "score");
    for (const s of v.seats || []) {
      const last = [...events].reverse().find((e) => e.seat === s.seat && (e.round === "final" || e.round === "settle"));
      const tr = el("tr");
      tr.dataset.seat = String(s.seat);
      const name = el("td", "tk-name");
      name.append(el("span", `tk-swatch tk-seat-${s.seat}`), document.createTextNode(seatName(s.seat)));
      if ((v.winners || []).includes(s.seat)) name.appendChild(el("span", "tk-winner", " winner"));
      const temples = last ? last.temple_list.map((t) => `${t.value}${t.guarded ? " (guarded)" : ""}`).join(", ") || "—" : "—";
      const sets = Object.entries(s.treasures || {}).map(([k, n]) => `${n}× ${k}`).join(", ") || "—";
      const rounds = events.filter((e) => e.seat === s.seat && e.round === "volcano").reduce((n, e) => n + e.points, 0);
      tr.append(name, el("td", "tk-rounds", rounds), el("td", "tk-temples", temples), el("td", "", last ? last.temples : 0),
        el("td", "tk-sets", sets),
        el("td", "", last ? last.treasures : 0), el("td", "tk-total", s.score));
      body.appendChild(tr);
    }
    table.appendChild(body);
    finalBox.appendChild(table);
  }

  function promptText() {
    const v = ui.view;
    if (!v) return "";
    if (v.finished) {
      const w = (v.winners || []).map(seatName);
      return `Game over. ${w.length > 1 ? `Winners: ${w.join(" and ")}` : `Winner: ${w[0] || "—"}`}.`;
    }
    const who = v.current_seat;
    if (ui.replay) {
      return `Replay: turn ${v.turn}${who !== null ? `, ${seatName(who)} to play` : ""}${v.phase === "place" ? " (laying a hex)" : ""}`;
    }
    if (ui.message) return ui.message;
    if (!myTurn()) return who === null ? "" : `Waiting for ${seatName(who)}${v.bonus ? " (bonus turn)" : ""}.`;
    if (v.phase === "place") {
      if (v.hex?.kind === "volcano") return "Lay the volcano: tap a lit space.";
      if (!ui.placeAt) return "Lay the hex: tap a lit space, then rotate and place it.";
      const fits = fittingRotations(ui.placeAt);
      return `Rotate the hex (${plural(fits.length, "way", "ways")} fit here) and place it.`;
    }
    const ap = `${plural(v.action_points, "action point")} left`;
    if (ui.selected && ui.piece && reachFrom(ui.selected)?.to.length) {
      return `${ap}. Tap a lit space to move ${ui.piece === "leader" ? "the leader" : "a worker"} there (the cost is shown).`;
    }
    return `${ap}. Tap your explorers to see where they reach, or a space for what you can do there.`;
  }

  // ----- controls (in the shell's action panel) -----
  function drawControls() {
    if (ui.replay) { api.setControls?.([]); return; }
    const v = ui.view;
    const nodes = [];
    if (myTurn()) {
      const box = el("div", "tk-controls");
      if (v.phase === "actions") {
        const apLine = el("p", "tk-ap-line", `${plural(v.action_points, "action point")} left`);
        apLine.dataset.ap = String(v.action_points);
        box.appendChild(apLine);
      }
      if (v.phase === "place" && ui.placeAt) {
        const fits = fittingRotations(ui.placeAt);
        const idx = fits.indexOf(ui.rotation);
        const row = el("div", "tk-row");
        row.append(
          button(`Rotate (${idx + 1} of ${fits.length})`, "tk-rotate", () => rotate(), { disabled: fits.length < 2 || ui.busy }),
          button("Place here", "tk-primary tk-place", () => place(), { disabled: ui.busy }),
        );
        box.appendChild(row);
      }
      if (v.phase === "actions") {
        if (ui.selected) {
          const pieces = piecesAt(ui.selected);
          const here = actionsAt(ui.selected);
          const sp = spaceOf(ui.selected);
          box.appendChild(el("p", "tk-here", sp ? `${KIND_NAMES[sp.kind] || sp.kind} at ${ui.selected}` : ui.selected));
          if (pieces.length > 1 && reachFrom(ui.selected)?.to.length) {
            const row = el("div", "tk-row tk-pieces-choice");
            for (const p of pieces) {
              row.appendChild(button(p === "leader" ? "Move the leader" : "Move a worker", "tk-piece", () => { ui.piece = p; redraw(); },
                { pressed: ui.piece === p, data: { piece: p } }));
            }
            box.appendChild(row);
          }
          for (const a of here) {
            box.appendChild(button(actionLabel(a), "tk-act", () => act(a), { disabled: ui.busy, data: { type: a.type } }));
          }
        }
        const enters = legal().filter((a) => a.type === "enter");
        if (enters.length) {
          const row = el("div", "tk-row tk-enter");
          for (const a of enters) {
            const data = { type: "enter", piece: a.piece };
            row.appendChild(button(actionLabel(a), "tk-act", () => act(a), { disabled: ui.busy, data }));
          }
          box.appendChild(row);
        }
        const trades = legal().filter((a) => a.type === "exchange");
        for (const a of trades) {
          box.appendChild(button(actionLabel(a), "tk-act", () => act(a), { disabled: ui.busy, data: { type: "exchange" } }));
        }
      }
      const row = el("div", "tk-row tk-turn");
      row.appendChild(button("Undo", "tk-undo", () => doUndo(), { disabled: ui.busy || !(ui.payload?.turn?.undo > 0) }));
      const end = legal().find((a) => a.type === "end");
      if (end) row.appendChild(button("End turn", "tk-end", () => act(end), { disabled: ui.busy }));
      box.appendChild(row);
      nodes.push(box);
    }
    api.setControls?.(nodes);
  }

  // ----- doing -----
  /** The action's own dict form, as listed (the view adds its cost; the server needs no such key). */
  function plain(action) {
    const { cost, ...rest } = action;
    return rest;
  }

  async function act(action) {
    if (ui.busy) return;
    ui.busy = true;
    ui.message = "";
    drawControls();
    try {
      await api.step(plain(action));
    } catch (err) {
      ui.message = `That did not work: ${err?.message || err}`;
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
    } catch (err) {
      ui.message = `Undo did not work: ${err?.message || err}`;
    } finally {
      ui.busy = false;
      redraw();
    }
  }

  function rotate() {
    const fits = fittingRotations(ui.placeAt);
    if (fits.length < 2) return;
    ui.rotation = fits[(fits.indexOf(ui.rotation) + 1) % fits.length];
    redraw();
  }

  function place() {
    const a = placeActions().find((p) => key(p.at) === ui.placeAt && p.rotation === ui.rotation);
    if (a) act(a);
  }

  /** Walk the chosen piece along the view's path: one listed move per hop, each taken from the view after the last. */
  async function walk(target) {
    if (ui.busy) return;
    const piece = ui.piece;
    let from = ui.selected;
    ui.busy = true;
    ui.message = "";
    drawControls();
    try {
      for (const hop of target.path) {
        const a = hopAction(piece, from, key(hop));
        if (!a) { ui.message = "That move is no longer listed."; break; }
        const seen = ui.view;
        await api.step(plain(a));
        from = key(hop);
        if (ui.view === seen) await nextShow(); // the next hop is looked up in the view after this one
      }
    } catch (err) {
      ui.message = `That did not work: ${err?.message || err}`;
    } finally {
      ui.busy = false;
      ui.selected = from;
      ui.piece = piecesAt(from).includes(piece) ? piece : piecesAt(from)[0] || null;
      redraw();
    }
  }

  function onSpace(k) {
    if (!myTurn() || ui.busy) return;
    const v = ui.view;
    if (v.phase === "place") {
      if (!placeKeys().has(k)) return;
      const fits = fittingRotations(k);
      if (ui.placeAt === k) { rotate(); return; }
      ui.placeAt = k;
      ui.rotation = fits.includes(ui.rotation) ? ui.rotation : fits[0];
      redraw();
      return;
    }
    if (v.phase !== "actions") return;
    if (ui.selected && ui.piece) {
      const r = reachFrom(ui.selected);
      const t = r?.to.find((x) => key(x.at) === k);
      if (t) { walk(t); return; }
    }
    if (!spaceOf(k)) { ui.selected = null; redraw(); return; }
    ui.selected = ui.selected === k ? null : k;
    const pieces = ui.selected ? piecesAt(k) : [];
    ui.piece = pieces.includes(ui.piece) ? ui.piece : pieces[0] || null;
    redraw();
  }

  /** On a phone, the map shows the explored spaces and the ring around them (where hexes can go), as big as
   * the width allows; elsewhere the whole board. */
  function fitView() {
    const v = ui.view;
    const narrow = (root.clientWidth || window.innerWidth) < PHONE;
    svg.style.minWidth = "";
    if (!narrow || !v) { svg.setAttribute("viewBox", fullBox); return; }
    const keys = new Set();
    for (const sp of v.spaces || []) {
      const s = byKey.get(key(sp.at));
      if (!s) continue;
      keys.add(key(sp.at));
      for (const n of s.neighbours) if (n) keys.add(key(n));
    }
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const k of keys) {
      const c = centre(byKey.get(k));
      x0 = Math.min(x0, c.x - R); x1 = Math.max(x1, c.x + R);
      y0 = Math.min(y0, c.y - (R * SQ3) / 2); y1 = Math.max(y1, c.y + (R * SQ3) / 2);
    }
    const minW = 7 * R;
    if (x1 - x0 < minW) { const mid = (x0 + x1) / 2; x0 = mid - minW / 2; x1 = mid + minW / 2; }
    const width = x1 - x0 + 2 * pad;
    svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${width} ${y1 - y0 + 2 * pad}`);
    // a big explored area scrolls sideways in its box rather than shrinking past legibility
    if (width * MIN_SCALE > mapBox.clientWidth) svg.style.minWidth = `${Math.round(width * MIN_SCALE)}px`;
  }

  /** Keyboard players reach what can be chosen now: the lit spaces and the player's own explorers. */
  function focusable() {
    const keys = new Set();
    if (myTurn()) {
      if (ui.view.phase === "place") for (const k of placeKeys()) keys.add(k);
      if (ui.view.phase === "actions") {
        for (const r of ui.view.reach || []) keys.add(key(r.from));
        for (const a of legal()) if (a.at && a.type !== "enter") keys.add(key(a.at));
        const r = ui.selected && ui.piece ? reachFrom(ui.selected) : null;
        for (const t of r ? r.to : []) keys.add(key(t.at));
      }
    }
    for (const hit of gHits.children) {
      const on = keys.has(hit.dataset.space);
      if (on) {
        hit.setAttribute("tabindex", "0");
        hit.setAttribute("role", "button");
        const sp = spaceOf(hit.dataset.space);
        hit.setAttribute("aria-label", `${sp ? KIND_NAMES[sp.kind] || sp.kind : "Empty space"} at ${hit.dataset.space}`);
      } else {
        hit.removeAttribute("tabindex");
        hit.removeAttribute("role");
        hit.removeAttribute("aria-label");
      }
    }
  }

  function redraw() {
    const v = ui.view;
    fitView();
    focusable();
    root.dataset.phase = v ? (v.finished ? "over" : v.phase) : "";
    root.classList.toggle("tk-my-turn", myTurn());
    root.classList.toggle("tk-replay", ui.replay);
    drawTiles();
    drawMarks();
    drawSide();
    drawRound();
    drawFinal();
    prompt.textContent = promptText();
    drawControls();
  }

  function useView(view) {
    const before = ui.view;
    ui.view = view;
    if (!before || before.phase !== view.phase || before.current_seat !== view.current_seat || before.turn !== view.turn) {
      ui.placeAt = null;
      ui.rotation = 0;
      ui.selected = null;
      ui.piece = null;
    }
    if (ui.placeAt && !placeKeys().has(ui.placeAt)) ui.placeAt = null;
    if (ui.selected && !spaceOf(ui.selected)) ui.selected = null;
    if (ui.selected && ui.piece && !piecesAt(ui.selected).includes(ui.piece)) ui.piece = piecesAt(ui.selected)[0] || null;
  }

  /** Resolves at the next payload shown (or after ``ms``, whatever comes first). */
  const waiting = [];
  function nextShow(ms = 5000) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      waiting.push(() => { clearTimeout(timer); resolve(); });
    });
  }

  const onResize = () => fitView();
  window.addEventListener("resize", onResize);

  return {
    show(payload) {
      ui.replay = false;
      ui.payload = payload;
      ui.message = "";
      useView(payload.view);
      if (!ui.busy) redraw();
      for (const done of waiting.splice(0)) done();
    },
    showPosition(position) {
      ui.replay = true;
      ui.payload = { ...(ui.payload || {}), view: position };
      useView(position);
      redraw();
    },
    destroy() {
      window.removeEventListener("resize", onResize);
      api.setControls?.([]);
      root.replaceChildren();
      root.classList.remove("tikal", "tk-my-turn", "tk-replay");
    },
  };
}

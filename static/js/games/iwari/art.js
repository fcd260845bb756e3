// Iwari's drawn art, made here: one hidden SVG sprite holds (as groups in its defs, drawn by <use> at their own size) the biome icons, the territories' patterns (so that
// the five biomes differ by pattern and symbol, not by colour alone), the tent, the totem, the mountain and the
// third tribe's hatching. The map and the cards <use> them.

import { svgEl } from "./dom.js";
import { BIOMES, THIRD_COLOUR } from "./words.js";

/** Each biome's icon, in a -10..10 box, drawn in currentColor. */
const ICONS = {
  tundra: [
    ["path", { d: "M-9,7.5H9", fill: "none", "stroke-width": 1.6 }],
    ["path", { d: "M-6,7.5L-8,-1M-4.6,7.5L-4.2,-4.5M-3.2,7.5L-0.6,-0.5M2,7.5L0.6,-2.5M3.6,7.5L4,-6.5M5.2,7.5L8,-1.5",
      fill: "none", "stroke-width": 1.7 }],
  ],
  forest: [
    ["path", { d: "M0,-9.5L5.5,-2.2H2.6L7.4,4.2H-7.4L-2.6,-2.2H-5.5Z", stroke: "none" }],
    ["rect", { x: -1.4, y: 4, width: 2.8, height: 5, stroke: "none" }],
  ],
  glacier: [
    ["path", { d: "M0,-9V9M-7.8,-4.5L7.8,4.5M-7.8,4.5L7.8,-4.5M-2.6,-7.6L0,-5L2.6,-7.6M-2.6,7.6L0,5L2.6,7.6",
      fill: "none", "stroke-width": 1.7 }],
  ],
  coast: [
    ["path", { d: "M-9,-3Q-6.75,-6.5-4.5,-3T0,-3T4.5,-3T9,-3M-9,4Q-6.75,0.5-4.5,4T0,4T4.5,4T9,4",
      fill: "none", "stroke-width": 1.8 }],
  ],
  desert: [
    ["circle", { cx: 3.8, cy: -4.6, r: 3.2, stroke: "none" }],
    ["path", { d: "M-9.5,8Q-4.5,-0.5,0.5,8M-2.5,8Q3,2.5,9.5,8", fill: "none", "stroke-width": 1.8 }],
  ],
};

/** The territories' tint and the ink of their pattern's motif. */
const TINTS = {
  tundra: ["#e9bcae", "#8f3e2e"],
  forest: ["#a9d28e", "#2e6a30"],
  glacier: ["#d6eaf8", "#3a6e9e"],
  coast: ["#f2e4a4", "#85690a"],
  desert: ["#f2c38a", "#985215"],
};

function iconSymbol(defs, biome) {
  const g = svgEl("g", { id: `iw-i-${biome}`, fill: "currentColor", stroke: "currentColor", "stroke-linecap": "round",
    "stroke-linejoin": "round" }, defs);
  for (const [tag, attrs] of ICONS[biome]) svgEl(tag, attrs, g);
}

/** A pattern tile: the tint, and the biome's icon twice, faint. */
function pattern(defs, biome) {
  const [tint, ink] = TINTS[biome];
  const p = svgEl("pattern", { id: `iw-pat-${biome}`, width: 56, height: 56, patternUnits: "userSpaceOnUse" }, defs);
  svgEl("rect", { width: 56, height: 56, fill: tint }, p);
  for (const [x, y] of [[14, 14], [42, 42]]) {
    const g = svgEl("g", { transform: `translate(${x},${y}) scale(0.62)`, color: ink, opacity: 0.3 }, p);
    svgEl("use", { href: `#iw-i-${biome}` }, g);
  }
}

function pieceSymbols(defs) {
  // a tent: canvas body (the tribe's colour comes from the <use>'s fill), crossed poles, a dark door
  const tent = svgEl("g", { id: "iw-s-tent" }, defs);
  svgEl("path", { d: "M-4,-20.5L0,-14.5L4,-20.5", fill: "none", stroke: "#1d1d1d", "stroke-width": 2.2, "stroke-linecap": "round" }, tent);
  svgEl("path", { d: "M-15.5,11L0,-14.5L15.5,11Z", stroke: "#1d1d1d", "stroke-width": 2.2, "stroke-linejoin": "round" }, tent);
  svgEl("path", { d: "M0,-14.5L-6,11", fill: "none", stroke: "rgba(255,255,255,0.35)", "stroke-width": 2 }, tent);
  svgEl("path", { d: "M-4.5,11L0,3.5L4.5,11Z", fill: "rgba(0,0,0,0.5)" }, tent);
  // a totem pole: spread wings, a carved body with a face
  const totem = svgEl("g", { id: "iw-s-totem" }, defs);
  svgEl("rect", { x: -3.6, y: -6, width: 7.2, height: 16.5, rx: 1, stroke: "#1d1d1d", "stroke-width": 1.3 }, totem);
  svgEl("path", { d: "M-8.5,-6.5L-3,-10.5H3L8.5,-6.5L3,-4.8H-3Z", stroke: "#1d1d1d", "stroke-width": 1.3, "stroke-linejoin": "round" }, totem);
  svgEl("path", { d: "M-2.2,-1.5H-0.6M0.6,-1.5H2.2M-1.8,2.5H1.8M-3.6,5.5H3.6", fill: "none", stroke: "#1d1d1d", "stroke-width": 1.2 }, totem);
  // a mountain: a rocky massif with snow on its peaks
  const mountain = svgEl("g", { id: "iw-s-mountain" }, defs);
  svgEl("path", { d: "M-25,12L-12,-8L-6,-1L4,-17L25,12Z", fill: "#8a7763", stroke: "#2c2a27", "stroke-width": 1.6, "stroke-linejoin": "round" }, mountain);
  svgEl("path", { d: "M-12,-8L-15.5,-2.5L-11.5,-4.5L-8.5,-3.5ZM4,-17L-0.5,-9L3.5,-11L8,-8.5Z", fill: "#fff" }, mountain);
  svgEl("path", { d: "M-6,-1L-1,12M4,-17L9,4", fill: "none", stroke: "#5e4f40", "stroke-width": 1.2 }, mountain);
}

function hatch(defs) {
  const h = svgEl("pattern", { id: "iw-third-hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
  svgEl("rect", { width: 6, height: 6, fill: THIRD_COLOUR }, h);
  svgEl("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: "#c4c4c4", "stroke-width": 2.4 }, h);
}

/** The sprite: an SVG of size 0 (not display:none, which would blank its patterns) with every definition. */
export function makeSprite() {
  const svg = svgEl("svg", { class: "iw-sprite", width: 0, height: 0, "aria-hidden": "true", focusable: "false" });
  const defs = svgEl("defs", {}, svg);
  for (const biome of BIOMES) iconSymbol(defs, biome);
  for (const biome of BIOMES) pattern(defs, biome);
  pieceSymbols(defs);
  hatch(defs);
  return svg;
}

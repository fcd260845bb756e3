// Small helpers for words on the page. The words of moves and actions come from the server, in the reader's
// language; the page's own go through Django's JavaScript catalogue (window.gettext, ngettext, interpolate from
// /jsi18n/), kept whole with named placeholders, and numbers are written the reader's way (Intl, the page's lang).

export const _ = (s) => (window.gettext ? window.gettext(s) : s);

/** ``ngettext`` when the page has it, else English's two forms. */
export const n_ = (one, many, n) => (window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many));

/** A sentence with its %(name)s placeholders filled (the values are put in as they are: escape HTML first). */
export function fill(text, values) {
  if (window.interpolate) return window.interpolate(text, values, true);
  return text.replace(/%\(([a-z_]+)\)s/g, (m, name) => (name in values ? String(values[name]) : m));
}

/** The page's language (its <html lang>), for Intl. */
export const pageLang = () => document.documentElement.lang || "en";

const formats = new Map();  // one formatter a language: making one costs far more than using it

/** A number as the reader writes it ("1,032" in English, "1.032" in German, "1 032" in French). */
export function num(n) {
  if (typeof n !== "number" || !Number.isFinite(n)) return String(n ?? "");
  const lang = pageLang();
  if (!formats.has(lang)) formats.set(lang, new Intl.NumberFormat(lang));
  return formats.get(lang).format(n);
}

/** Seat colours (Okabe-Ito, safe for colour-blind players); pieces also carry the seat number. */
export const SEAT_COLOURS = [
  { name: _("Blue"), hex: "#0072B2" },
  { name: _("Orange"), hex: "#E69F00" },
  { name: _("Green"), hex: "#009E73" },
  { name: _("Pink"), hex: "#CC79A7" },
  { name: _("Red"), hex: "#D55E00" },
];

export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return fill(_("%(first)s and %(last)s"), { first: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

/** A DOM element from a little HTML (one root element). */
export function html(markup) {
  const t = document.createElement("template");
  t.innerHTML = markup.trim();
  return t.content.firstElementChild;
}

// The tile board's own words: every sentence goes through the page's translations (Django's JavaScript catalogue,
// window.gettext and window.interpolate, when the page has them) and is kept whole, with named placeholders.
// The names of places, moves and features come from the server (the view's "names", an option's "words").

export const _ = (s) => (window.gettext ? window.gettext(s) : s);

/** ``ngettext`` when the page has it, else English's two forms. */
export const n_ = (one, many, n) => (window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many));

/** A sentence with its %(name)s placeholders filled (the values are put in as they are: escape HTML first). */
export function fill(text, values) {
  if (window.interpolate) return window.interpolate(text, values, true);
  return text.replace(/%\(([a-z_]+)\)s/g, (m, name) => (name in values ? String(values[name]) : m));
}

/** The feature names of the scoring events and the breakdown (the server's keys). */
export function featureName(feature) {
  const names = { city: _("city"), road: _("road"), field: _("field"), temple: _("temple"), cloister: _("cloister"),
    farm: _("farm"), ark: _("Ark") };
  return names[feature] || feature;
}

/** What a scored feature was worth, in words, from the event's detail (the server's figures). */
export function detailWords(event) {
  const d = event.detail;
  if (!d) return "";
  const parts = [];
  const count = (n, one, many) => fill(n_(one, many, n), { n });
  if (d.tiles !== undefined && event.feature !== "temple") parts.push(count(d.tiles, "%(n)s tile", "%(n)s tiles"));
  if (d.scrolls) parts.push(count(d.scrolls, "%(n)s scroll", "%(n)s scrolls"));
  if (d.pennants) parts.push(count(d.pennants, "%(n)s pennant", "%(n)s pennants"));
  if (d.oases) parts.push(count(d.oases, "%(n)s oasis", "%(n)s oases"));
  if (d.sheep !== undefined) {
    parts.push(fill(_("%(sheep)s − %(wolves)s, 2 points each sheep left"), {
      sheep: count(d.sheep, "%(n)s sheep", "%(n)s sheep"), wolves: count(d.wolves || 0, "%(n)s wolf", "%(n)s wolves") }));
  }
  if (event.feature === "temple") parts.push(d.complete ? _("complete") : _("not complete"));
  if (d.double) parts.push(_("complete: doubled"));
  return parts.join(", ");
}

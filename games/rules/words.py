"""Words an engine says (the log, the emails, a choice's name), kept translatable without Django.

A ``Words`` is an English template with named parameters, ``Words("moved {piece} to {at}", piece=..., at=...)``;
a parameter may itself be a ``Words``. It *is* the English text (a ``str``), so code and tests that read English
keep working; the site (``games/i18n.py``) turns it into the reader's language through gettext: the template is
the msgid, the parameters are translated the same way and put in. ``Words.plural`` picks the singular or the
plural by a count (ngettext); ``Words.join`` puts words together with a separator and is never translated
itself. Templates are literal strings at the call, so that the catalogue's extraction finds them
(docs/i18n-games.md).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Optional


class Words(str):
    """English text that remembers how it was made, for the site to say it in another language."""

    template: str
    plural_template: Optional[str]
    number: Optional[int]
    params: Mapping[str, object]
    literal: bool
    capital: bool
    _json_form: dict[str, Any]

    def __new__(cls, template: str, /, **params: object) -> "Words":
        return cls._make(template, None, None, params, False, False)

    @classmethod
    def _make(cls, template: str, plural: Optional[str], count: Optional[int], params: Mapping[str, object],
              literal: bool, capital: bool) -> "Words":
        chosen = plural if plural is not None and count != 1 else template
        text = chosen.format(**{k: v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v)
                                for k, v in params.items()})
        if capital:
            text = text[:1].upper() + text[1:]
        self = str.__new__(cls, text)
        self.template, self.plural_template, self.number = template, plural, count
        self.params, self.literal, self.capital = dict(params), literal, capital
        return self

    @classmethod
    def plural(cls, one: str, many: str, n: int, /, **params: object) -> "Words":
        """``one`` if ``n`` is 1, else ``many``; ``n`` is a parameter of both (``"{n} treasures"``)."""
        return cls._make(one, many, n, {"n": n, **params}, False, False)

    @classmethod
    def join(cls, parts: Iterable[object], sep: str = ", ") -> "Words":
        """The parts one after the other with ``sep`` between them (the separator is not translated)."""
        items = list(parts)
        template = sep.replace("{", "{{").replace("}", "}}").join(f"{{p{i}}}" for i in range(len(items)))
        return cls._make(template, None, None, {f"p{i}": p for i, p in enumerate(items)}, True, False)

    def capitalized(self) -> "Words":
        """The same words, starting with a capital letter (a sentence of the log)."""
        return Words._make(self.template, self.plural_template, self.number, self.params, self.literal, True)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.template, self.plural_template, self.number, dict(self.params), self.literal,
                              self.capital))

    def to_json(self) -> dict[str, Any]:
        """A JSON form that keeps the template and parameters (parameters that are Words stay Words: the
        encoder turns them the same way). Made once per Words (it never changes) and shared: read it, never
        change it (the site's payloads encode the same words for each audience, and a turn's listed actions
        turn after turn)."""
        out: Optional[dict[str, Any]] = self.__dict__.get("_json_form")
        if out is None:
            out = {"__words__": self.template, "p": dict(self.params)}
            if self.plural_template is not None:
                out["many"], out["n"] = self.plural_template, self.number
            if self.literal:
                out["literal"] = True
            if self.capital:
                out["cap"] = True
            self._json_form = out
        return out


def _rebuild(template: str, plural: Optional[str], count: Optional[int], params: Mapping[str, object], literal: bool,
             capital: bool) -> Words:
    """A pickled ``Words`` made again (a plain function: pickle finds it by name)."""
    return Words._make(template, plural, count, params, literal, capital)


def text(value: object) -> Words:
    """A value as words: a Words as it is, anything else as a literal that is not translated (a name)."""
    return value if isinstance(value, Words) else Words.join([value], "")


__all__ = ["Words", "text"]

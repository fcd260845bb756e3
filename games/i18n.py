"""The engines' words in the reader's language (games/rules/words.py makes them, this says them).

``localize(obj)`` walks JSON-like data and turns every ``Words`` into the active language's text through
Django's gettext: the template is translated (``ngettext`` for a plural), its parameters are localized the same
way and put in. The payloads keep their ``Words`` in JSON as marker objects (``Words.to_json``), so the cache
of views stays one per audience and free of any language; ``localize_text`` turns a cached JSON text into the
reader's at the exit (the API's answer, the socket's push, the page). In English both give exactly the text the
engine made.
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Optional

import orjson
from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext_noop

from games.rules.words import Words

#: Words of the game pages that come from the models (their msgids for the catalogue): a seat's result. (The
#: games' titles are ``Words`` at their registration, games/rules/__init__.py.)
MARKED = [gettext_noop("won"), gettext_noop("lost")]

MARKER = "__words__"
_MARKER_TEXT = f'"{MARKER}"'


def english(language: Optional[str] = None) -> bool:
    """Whether ``language`` (by default the active one) is English: the engines' words are then their own text,
    and a payload's English text, written at commit (``games.play.payloads.english_json``), is the reader's."""
    return (language or translation.get_language() or settings.LANGUAGE_CODE).split("-")[0] == "en"


def _say(template: str, many: Optional[str], count: Optional[int], params: Mapping[str, Any], literal: bool,
         capital: bool) -> str:
    values = {k: v if isinstance(v, (int, float)) and not isinstance(v, bool) else _value(v)
              for k, v in params.items()}
    if literal:
        chosen = template
    elif many is not None:
        chosen = translation.ngettext(template, many, count if count is not None else 0)
    else:
        chosen = translation.gettext(template)
    try:
        out = chosen.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation naming a parameter wrongly: the English
        out = (many if many is not None and count != 1 else template).format(**values)
    return out[:1].upper() + out[1:] if capital else out


def _value(value: Any) -> str:
    if isinstance(value, Words):
        return say(value)
    if isinstance(value, dict) and MARKER in value:
        return _from_json(value)
    return str(value)


def say(words: Words) -> str:
    """One ``Words`` in the active language."""
    if english():
        return str(words)
    return _say(words.template, words.plural_template, words.number, words.params, words.literal, words.capital)


def _from_json(data: Mapping[str, Any]) -> str:
    return _say(str(data[MARKER]), data.get("many"), data.get("n"), data.get("p") or {}, bool(data.get("literal")),
                bool(data.get("cap")))


def localize(obj: Any) -> Any:
    """``obj`` (dicts, lists, strings, numbers) with every ``Words`` (or its JSON marker) said in the active
    language, as plain strings."""
    if isinstance(obj, Words):
        return say(obj)
    if isinstance(obj, dict):
        if MARKER in obj:
            return _from_json(obj)
        return {k: localize(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [localize(v) for v in obj]
    return obj


def error_text(err: BaseException) -> str:
    """An engine's refusal (a ``RulesError``, whose message may be ``Words``) in the active language: the
    ``detail`` of the API's 400 and the page's "Not played" line."""
    message = err.args[0] if len(err.args) == 1 else None
    return say(message) if isinstance(message, Words) else str(err)


#: Above this many markers, ``localize_text`` decodes the whole payload instead (bench/localize_text.py).
MANY_MARKERS = 40
#: Where a marker object starts in a payload's JSON (``Words.to_json`` puts its template first).
_MARKER_START = '{"' + MARKER + '":'
#: A JSON string (skipped whole: templates hold braces) or a brace.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[{}]')


def _object_end(text: str, start: int) -> int:
    """Where the JSON object opening at ``start`` ends (the index after its closing brace)."""
    depth = 0
    for token in _TOKENS.finditer(text, start):
        mark = token.group()
        if mark == "{":
            depth += 1
        elif mark == "}":
            depth -= 1
            if depth == 0:
                return token.end()
    raise ValueError("a marker object is not closed")


def localize_text(text: str) -> str:
    """A payload's JSON text (as ``games.play.payloads.to_json`` wrote it) in the active language.

    Only the marker objects are read and replaced by their text (a JSON string written as ``to_json`` writes
    one): the rest of the payload, most of it, is copied as it is; a payload of many markers is decoded, said
    and encoded whole, which is then quicker (bench/localize_text.py)."""
    markers = text.count(_MARKER_TEXT)
    if not markers:
        return text
    if markers > MANY_MARKERS:  # a whole decode and encode (in C) beats reading hundreds of markers one by one
        from games.play.payloads import to_json

        return to_json(localize(orjson.loads(text)))
    out = []
    pos = 0
    start = text.find(_MARKER_START)
    while start != -1:
        end = _object_end(text, start)
        said = _from_json(orjson.loads(text[start:end]))
        out += [text[pos:start], orjson.dumps(said).decode().replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")]
        pos = end
        start = text.find(_MARKER_START, pos)
    out.append(text[pos:])
    return "".join(out)


def json_default(obj: Any) -> Any:
    """orjson's ``default`` for the payloads: a ``Words`` as its marker object, other subclasses of the JSON
    types as those types."""
    if isinstance(obj, Words):
        return obj.to_json()
    if isinstance(obj, str):
        return str(obj)
    if isinstance(obj, bool):
        return bool(obj)
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, float):
        return float(obj)
    if isinstance(obj, Mapping):
        return dict(obj)
    if isinstance(obj, (list, tuple)):
        return list(obj)
    raise TypeError(f"cannot encode {type(obj).__name__}")


def scope_language(scope: Mapping[str, Any]) -> str:
    """The language of a socket's reader, as the pages choose it: the account's choice if it has one, else the
    language cookie, else the browser's Accept-Language (Django's own choice from a request)."""
    user = scope.get("user")
    chosen = getattr(user, "language", "") if user is not None else ""
    if chosen and chosen in dict(settings.LANGUAGES):
        return str(chosen)
    request = HttpRequest()
    for name, value in scope.get("headers") or []:
        key = name.decode("latin-1").upper().replace("-", "_")
        request.META["HTTP_" + key] = value.decode("latin-1")
    cookies = request.META.get("HTTP_COOKIE", "")
    for part in cookies.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            request.COOKIES[name] = value
    return translation.get_language_from_request(request)


def game_title(name: str) -> str:
    """A registered game's title in the active language ("Die Arche des Bundes"), else its name."""
    from games.rules import choices

    title = dict(choices()).get(name)
    return say(title) if title is not None else name


def game_display(obj: Any) -> str:
    """``get_game_display`` of a model whose ``game`` is a registered game's name (a game, a tournament): the
    title in the reader's language, where Django's own would give the registry's English."""
    return game_title(obj.game)


def game_choices() -> list[tuple[str, Any]]:
    """(name, title) of every registered game for a form's choices, the title said in the reader's language
    when the form is drawn."""
    from django.utils.functional import lazy

    from games.rules import choices

    said = lazy(say, str)
    return [(name, said(title)) for name, title in choices()]

"""The engines' words in German and French (games/rules/words.py, games/i18n.py; docs/i18n-games.md).

For every game of the registry, seeded games are played through the engine's contract; every ``Words`` template
its log, views, events, positions and listed actions use is collected, and each must have a German and a French
translation in games/locale. ``localize`` then says a played game's log in each language, with no template
left in English and the English output unchanged.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games.i18n import localize, localize_text
from games.play.payloads import english_json, to_json
from games.rules import engine, games
from games.rules.base import HIDDEN_ENTRY_WORDS, HIDDEN_STEP_WORDS
from games.rules.play import Game
from games.rules.words import Words

LOCALE = Path(__file__).resolve().parents[2] / "games" / "locale"
LANGUAGES = ("de", "fr")


def catalogue(lang: str) -> dict[str, list[str]]:
    """msgid -> its msgstr(s) in games/locale/<lang>/LC_MESSAGES/django.po (what makemessages wrote)."""
    text = (LOCALE / lang / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            m = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
            if m:
                key = m.group(1)
                fields[key] = m.group(2)
            elif line.startswith('"') and key:
                fields[key] += line[1:-1]
        if fields.get("msgid"):
            msgid = fields["msgid"].encode("latin-1", "backslashreplace").decode("unicode_escape").encode(
                "latin-1").decode("utf-8") if "\\" in fields["msgid"] else fields["msgid"]
            out[msgid] = [v for k, v in fields.items() if k.startswith("msgstr")]
    return out


def each_words(value: Any) -> Iterator[Words]:
    """Every ``Words`` in ``value`` (in dicts and lists; not those nested in another's parameters)."""
    if isinstance(value, Words):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from each_words(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from each_words(item)


def templates(value: Any, out: set[str]) -> None:
    """Every translated template in ``value`` (Words nested in params, dicts, lists)."""
    for words in each_words(value):
        if not words.literal:
            out.add(words.template)  # a plural's msgid (its msgstr[0] and [1] are checked together)
        for param in words.params.values():
            templates(param, out)


def english_words(value: Any, out: list[Words]) -> None:
    out.extend(each_words(value))


def play(name: str, seed: int, steps: int) -> tuple[set[str], list[Words]]:
    """Templates seen while playing a seeded random game of ``name`` (its log, views, positions, choices)."""
    eng = engine(name)
    players = max(eng.min_players, 2)
    game = Game(eng, players, seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    said: list[Words] = []
    names = [f"P{n + 1}" for n in range(players)]
    while not game.over and game.steps < steps:
        seat = eng.current_player(game.state)
        view = eng.view(game.state, seat)
        legal = eng.legal_actions(game.state)
        for found in (view, eng.describe_position(view), [eng.describe_action(a.to_dict()) for a in legal[:40]]):
            templates(found, seen)
            english_words(found, said)
        game.play(rng.choice(legal))
    for entry in game.entries:
        words = eng.describe_entry(entry)
        templates(words, seen)
        said.append(words)
    for event in eng.events(game.state):
        words = eng.describe_event(event, names)
        templates(words, seen)
        said.append(words)
    return seen, said


@pytest.fixture(scope="module")
def played() -> dict[str, tuple[set[str], list[Words]]]:
    out = {}
    for name in games():
        seen: set[str] = set()
        said: list[Words] = []
        for seed in (1, 2, 3):
            s, w = play(name, seed, 400)
            seen |= s
            said += w
        out[name] = (seen, said)
    return out


@pytest.mark.parametrize("name", games())
def test_every_template_a_played_game_uses_has_a_german_and_a_french_translation(name, played) -> None:
    seen, _ = played[name]
    assert len(seen) > 10, f"{name}: too few words seen ({sorted(seen)})"
    seen |= {HIDDEN_STEP_WORDS, HIDDEN_ENTRY_WORDS}
    for lang in LANGUAGES:
        have = catalogue(lang)
        missing = sorted(t for t in seen if not any(have.get(t, [])))
        assert not missing, f"{name}: no {lang} translation of {missing}"


@pytest.mark.parametrize("name", games())
def test_localize_says_a_played_game_in_each_language_and_keeps_english(name, played) -> None:
    _, said = played[name]
    sample = said[:150] + said[-150:]
    with translation.override("en"):
        assert [localize(w) for w in sample] == [str(w) for w in sample]
        # the payloads' JSON keeps Words as markers; said at the exit, the English is the engine's text
        assert localize_text(to_json({"words": sample})) == to_json({"words": [str(w) for w in sample]})
        # and the English text written at commit for English readers is that same text, byte for byte
        assert english_json({"words": sample}) == localize_text(to_json({"words": sample}))
    for lang in LANGUAGES:
        with translation.override(lang):
            local = [localize(w) for w in sample]
            assert localize_text(to_json({"words": sample})) == to_json({"words": local})
        changed = [w for w, said_there in zip(sample, local) if said_there != str(w)]
        # everything with words in it is said differently (a bare name or coordinates may stay as they are)
        worded = [w for w in sample if re.search(r"[a-z]{3}", str(w))]
        assert len(changed) >= len(worded) * 0.9, (lang, [str(w) for w in worded if w not in changed][:10])


def test_words_are_english_text_and_survive_pickling() -> None:
    import pickle

    inner = Words("a temple (value {value})", value=4)
    words = Words("laid {hex} on {at}", hex=inner, at=Words.join(["C3"], "")).capitalized()
    assert words == "Laid a temple (value 4) on C3" and isinstance(words, str)
    copy = pickle.loads(pickle.dumps(words))
    assert copy == words and copy.template == "laid {hex} on {at}" and copy.capital
    with translation.override("de"):
        assert localize(words) == "Legte einen Tempel (Wert 4) auf C3"
    with translation.override("fr"):
        assert localize(copy) == "A posé un temple (valeur 4) en C3"




def test_a_words_json_form_is_made_once_and_is_the_same_after_pickling() -> None:
    """``Words.to_json`` is made once per Words and shared (a payload encodes the same words for each audience):
    the same object each time, equal to a pickled copy's, which makes its own."""
    import pickle

    words = Words.plural("{n} treasure on {at}", "{n} treasures on {at}", 3, at=Words("the {side} side",
                                                                                      side="north")).capitalized()
    form = words.to_json()
    assert words.to_json() is form
    assert form == {"__words__": "{n} treasure on {at}", "p": {"n": 3, "at": words.params["at"]},
                    "many": "{n} treasures on {at}", "n": 3, "cap": True}
    copy = pickle.loads(pickle.dumps(words))
    assert copy.to_json() == form and copy.to_json() is not form
    assert to_json({"w": words}) == to_json({"w": copy})

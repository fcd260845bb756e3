"""The engines' refusals in the reader's language: for every game of the registry, a well-formed step the rules
refuse, posted through the API in German (Accept-Language), answers 400 with a German ``detail`` (the engine's
``Words`` said through the games' catalogue), in French a French one, and in English the engine's own text."""
from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from games.i18n import say
from games.play.payloads import progress_of
from games.rules import CHANCE, TERMINAL, IllegalActionError, engine, games
from games.rules.words import Words
from tests.factories import mover, start_game

pytestmark = pytest.mark.django_db


def refusal(name: str, state: Any) -> tuple[dict[str, Any], Words]:
    """A step of another position of a game of ``name`` (an action's dict form) that ``state`` refuses as
    illegal, with the engine's words for it."""
    eng = engine(name)
    rng = random.Random(5)
    other = eng.new_game(eng.min_players, eng.check_options({}), 99)
    for _ in range(400):
        if eng.current_player(other) == TERMINAL:
            break
        if eng.current_player(other) == CHANCE:
            other = eng.apply(other, eng.sample_chance(other))
            continue
        for action in eng.legal_actions(other):
            try:
                eng.apply(state, action)
            except IllegalActionError as err:
                if isinstance(err.args[0], Words) and any(c.isalpha() for c in str(err)):
                    return action.to_dict(), err.args[0]
        other = eng.apply(other, rng.choice(eng.legal_actions(other)))
    raise AssertionError(f"{name}: no illegal step found")


@pytest.mark.parametrize("name", games())
def test_a_refused_step_reads_in_the_readers_language(name: str, make_user) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    game = start_game([ann, bob], game=name)
    progress = progress_of(game)
    assert progress is not None
    step, words = refusal(name, progress.state)
    client = APIClient()
    client.force_authenticate(mover(game))
    url = f"/api/games/{game.pk}/steps/"
    body = {"version": game.version, "action": step}
    english = client.post(url, body, format="json")
    assert (english.status_code, english.json()["detail"]) == (400, str(words))
    for language in ("de", "fr"):
        answer = client.post(url, body, format="json", headers={"accept-language": language})
        with translation.override(language):
            said = say(words)
        assert answer.status_code == 400 and answer["Content-Language"] == language
        assert answer.json()["detail"] == said != str(words), (name, language, said)


def test_a_new_games_players_and_options_are_refused_in_the_readers_language(make_user) -> None:
    client = APIClient()
    client.force_authenticate(make_user("ann"))
    too_many = {"game": "tikal", "seats": 5}
    assert client.post("/api/games/", too_many, format="json").json()["detail"] == "Tikal takes 2 to 4 players, not 5"
    german = client.post("/api/games/", too_many, format="json", headers={"accept-language": "de"})
    assert (german.status_code, german.json()["detail"]) == (400, "Tikal spielt man zu 2 bis 4 Spielern, nicht zu 5")
    unknown = {"game": "iwari", "seats": 2, "options": {"colour": True}}
    french = client.post("/api/games/", unknown, format="json", headers={"accept-language": "fr"})
    assert (french.status_code, french.json()["detail"]) == (400, "Iwari n'a pas d'option 'colour'")
    translation.deactivate()

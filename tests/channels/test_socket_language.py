"""A game's socket speaks its reader's language (games/i18n.py): the engine's words in the ``game`` messages, on
connecting and in the pushes after each change (the cached, language-free view said at the exit), are those
the REST API answers to the same reader in German; English readers get English."""
from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tests.channels.conftest import Socket, db_async, mover, play_turn, run_async, session_cookie, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def api_game_in(game_id: int, user: Any, lang: str) -> dict[str, Any]:
    client = APIClient()
    client.force_authenticate(user)
    response = client.get(f"/api/games/{game_id}/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200, response.content[:300]
    return json.loads(response.content)


async def socket_in(game_id: int, user: Any, headers: list[tuple[bytes, bytes]]) -> Socket:
    sock = Socket(f"/ws/games/{game_id}/", await db_async(session_cookie)(user))
    sock.comm.scope["headers"] = [*sock.comm.scope["headers"], *headers]
    return await sock.connect()


@run_async
async def test_a_german_reader_gets_the_engine_words_in_german_on_connect_and_in_pushes(players):
    game = await db_async(start_game)(players[:2], name="carcassonne")
    first = await db_async(mover)(game)
    german = await socket_in(game.pk, first, [(b"accept-language", b"de-DE,de;q=0.9,en;q=0.5")])
    english = await socket_in(game.pk, first, [(b"accept-language", b"en")])
    cookie = f"{settings.LANGUAGE_COOKIE_NAME}=fr".encode()
    french = await socket_in(game.pk, first, [(b"cookie", b"; ".join(
        [v for k, v in german.comm.scope["headers"] if k == b"cookie"] + [cookie]))])

    said = {"de": (await german.receive_type("game"))["game"], "en": (await english.receive_type("game"))["game"],
            "fr": (await french.receive_type("game"))["game"]}
    for lang, payload in said.items():
        assert payload == await db_async(api_game_in)(game.pk, first, lang), lang
    words = {lang: payload["turn"]["action_words"] for lang, payload in said.items()}
    # the tile's places to lay it, in the engine's words: "laid the tile at (1, 0)", said in each language
    assert words["en"] and all(w.startswith("laid the tile at") for w in words["en"])
    assert all(w.startswith("legte das Plättchen auf") for w in words["de"])
    assert all(w.startswith("a posé la tuile en") for w in words["fr"])

    await db_async(play_turn)(game.pk)  # the push: the view cached at commit, said in each reader's language
    pushed = {"de": (await german.receive_type("game"))["game"], "en": (await english.receive_type("game"))["game"],
              "fr": (await french.receive_type("game"))["game"]}
    for lang, payload in pushed.items():
        assert payload == await db_async(api_game_in)(game.pk, first, lang), lang
        assert "__words__" not in json.dumps(payload)
    for sock in (german, english, french):
        await sock.close()

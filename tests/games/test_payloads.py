"""games/payloads.py: the game as each user sees it, built without DRF's field machinery and published once
per committed version. It must say exactly what ``GameSerializer``'s declared fields say, for everyone."""
from __future__ import annotations

import asyncio
import json
import os
import random
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games.api.serializers import GameSerializer
from games.i18n import localize_text
from games.models import Game
from games.play import payloads, selectors, services
from tests.games.conftest import mover, next_turn, open_game, play

pytestmark = pytest.mark.django_db


class Viewer:
    def __init__(self, user):
        self.user = user


def both_ways(game: Game, user) -> tuple[dict, dict]:
    """(fast payload, DRF field-by-field) of ``game`` for ``user``."""
    game = selectors.game_get(game_id=game.pk, user=user)
    serializer = GameSerializer(game, context={"request": Viewer(user)})
    return json.loads(payloads.to_json(serializer.data)), json.loads(json.dumps(
        serializer.fields_representation(game), default=str))


def audiences(users, moderator):
    return [*users, moderator, AnonymousUser()]


def assert_same_everywhere(game: Game, users, moderator) -> None:
    publication = payloads.build(Game.objects.get(pk=game.pk))
    for user in audiences(users, moderator):
        if game.private and user not in [s.user for s in game.seats.all()] and not user.is_staff:
            continue
        fast, drf = both_ways(game, user)
        assert fast == drf, (game.status, user)
        # the text published at commit for this user is that same payload, once its engine words are said in
        # the reader's language (games/i18n.py: the cached text keeps them language-free)
        user_id = user.pk if user.is_authenticated else None
        assert json.loads(localize_text(publication.text_for(user_id))) == fast, (game.status, user)
    # each audience's English text, written at commit for English readers, is its text said in English
    with translation.override("en"):
        for who, text in publication.texts.items():
            assert publication.english[who] == localize_text(text), who


def test_open_game_for_everyone(users, moderator):
    game = open_game(users[0], [users[1]], players=3)
    assert_same_everywhere(game, users, moderator)
    fast, _ = both_ways(game, users[0])
    assert fast["invite_url"] and fast["your_seat"] == 0 and fast["view"] is None


def test_active_game_each_seat_sees_its_own_view(started, users, moderator):
    game = play(started("carcassonne", players=3), random.Random(3), turns=5)
    assert_same_everywhere(game, users, moderator)
    to_move = mover(game)
    fast, _ = both_ways(game, to_move)
    assert fast["view"]["tile"] is not None and fast["view"]["legal"]
    watcher, _ = both_ways(game, users[3])
    assert watcher["your_seat"] is None and watcher["view"]["tile"] is None and watcher["view"]["legal"] == []


def test_resigned_seat_and_stopped_clock(started, users, moderator):
    game = play(started("ark", players=3), random.Random(5), turns=3)
    quitter = next(s.user for s in game.seats.all() if s.number != game.current_seat)
    services.game_resign(game_id=game.pk, user=quitter)
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(deadline=None, time_left=timedelta(hours=7))  # a vacation
    game.refresh_from_db()
    assert_same_everywhere(game, users, moderator)
    fast, _ = both_ways(game, quitter)
    assert fast["your_seat"] is None and fast["time_left"] == 7 * 3600


def test_finished_private_game(users, moderator):
    game = open_game(users[0], [users[1]], game="carcassonne", private=True, seed=77)
    game = play(game, random.Random(7))
    assert game.status == Game.Status.FINISHED
    assert_same_everywhere(game, users, moderator)


@pytest.mark.django_db(transaction=True)
def test_a_turn_answers_with_the_payload_published_at_commit(started, users, client_for, monkeypatch):
    game = started("ark", players=2)
    player = mover(game)
    real_game_get = selectors.game_get

    def not_again(**kwargs):
        raise AssertionError("the turn's answer read the game again")
    monkeypatch.setattr("games.api.views.selectors.game_get", not_again)
    answer = client_for(player).post(f"/api/games/{game.pk}/turns/",
                                     {"version": game.version, "turn": next_turn(game, random.Random(1))},
                                     format="json")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    monkeypatch.setattr("games.api.views.selectors.game_get", real_game_get)
    fresh = client_for(player).get(f"/api/games/{game.pk}/")
    assert answer.json() == fresh.json() and answer.json()["version"] == game.version + 1
    assert answer.json()["your_seat"] is not None and answer.json()["view"]["tile"] is None  # no longer to move


def test_payload_text_is_what_drf_s_renderer_writes():
    """to_json (orjson) writes the same text as DRF's JSON renderer: compact, UTF-8, JavaScript's line
    separators escaped, integer keys as strings, enum members as their values."""
    from rest_framework.renderers import JSONRenderer

    payload = {"name": "Zoë \u2028 \u2029 \"quoted\" </script> \\ \t", "n": [1, -2, 0, None, True, False],
               "status": Game.Status.FINISHED, "remaining": {3: 1, 10: 2}, "nested": {"a": [{"b": []}]},
               "big": 2**62, "empty": {}}
    assert payloads.to_json(payload) == JSONRenderer().render(payload).decode()


@pytest.mark.skipif(not django_settings.REDIS_URL, reason="the views are read from Redis only with REDIS_URL")
def test_a_push_to_hundreds_of_sockets_reads_every_view(settings):
    """A push reads one view per watching socket at the same moment; past the pool's size the reads wait for a
    connection instead of failing (redis-py's default pool refused past 100 and each refused socket fell back to
    the database)."""
    settings.VIEW_CACHE_CONNECTIONS = 4
    texts = {f"test-push:{os.getpid()}:{i}": f"view {i}" for i in range(300)}
    payloads.views.put_many(texts, 60)
    payloads.views.local.clear()  # as in the socket process, which did not publish them

    async def every_socket_reads() -> list:
        return await asyncio.gather(*(payloads.views.aget(key) for key in texts))

    assert asyncio.run(every_socket_reads()) == list(texts.values())
    assert asyncio.run(every_socket_reads()) == list(texts.values())  # a new loop gets clients of its own


@pytest.mark.parametrize("name", ["carcassonne", "tikal", "iwari", "ark"])
def test_the_mover_s_action_words_are_the_engine_s_said_once(started, name):
    """``turn.action_words`` are each listed action in the engine's words, said once per process and then
    remembered (the same words object for the same action); past its limit the memory starts again."""
    game = play(started(name, players=2), random.Random(11), turns=3)
    progress = payloads.progress_of(game)
    entry = payloads.turn_entry(progress, game.current_seat, game.current_seat)
    eng = progress.eng
    assert entry["actions"] and entry["action_words"] == [eng.describe_action(a) for a in entry["actions"]]
    again = payloads.turn_entry(progress, game.current_seat, game.current_seat)
    assert all(a is b for a, b in zip(again["action_words"], entry["action_words"]))
    memory = payloads.action_words
    limit, memory.LIMIT = memory.LIMIT, len(memory.said)
    try:
        memory.said[("no such game", b"{}")] = "x"  # full: the next new action starts the memory again
        memory(eng, {"type": "not one the game lists"} if name != "carcassonne" else {"type": "discard"})
        assert len(memory.said) == 1
    finally:
        memory.LIMIT = limit


@pytest.mark.skipif(not django_settings.REDIS_URL, reason="the views go to Redis only with REDIS_URL")
def test_threads_of_a_new_process_all_find_the_view_store_ready(monkeypatch):
    """The first requests of a forked worker come in on several threads at once: none may find the store's
    Redis client half made (one read a client of None, "'NoneType' object has no attribute 'pipeline'", and the
    views of that version went uncached)."""
    import threading
    import time

    import redis

    real_from_url = redis.Redis.from_url

    def slow_from_url(*args, **kwargs):
        time.sleep(0.2)  # the other threads arrive while the client is being made
        return real_from_url(*args, **kwargs)
    monkeypatch.setattr(redis.Redis, "from_url", slow_from_url)
    store = payloads._ViewStore()
    errors: list[BaseException] = []

    def each(i: int) -> None:
        try:
            store.put_many({f"race:{os.getpid()}:{i}": "v"}, 5)
        except BaseException as err:  # noqa: BLE001 (any failure is the test's)
            errors.append(err)
    threads = [threading.Thread(target=each, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
        time.sleep(0.01)
    for thread in threads:
        thread.join(10)
    assert errors == [] and store.pid == os.getpid()
    assert [store.get(f"race:{os.getpid()}:{i}") for i in range(8)] == ["v"] * 8

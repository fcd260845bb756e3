"""A finished game's review (games/review, docs/review.md): asked for only once a game is over, computed by the
hard computer's search from each mover's view then, reproducible from the game's seed, for every game."""
from __future__ import annotations

import random
from html import escape
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from games.i18n import localize
from games.models import Game
from games.play import services
from games.review import analysis
from games.review.models import Review
from games.review.services import review_figures
from games.review.tasks import wait_for_reviews
from tests.factories import play_turns, start_game

#: A small budget: the tests check what the review is, not how good its search is.
SMALL = analysis.Budget(playouts=2, total=200)


def finished(users: list[Any], moderator: Any, game: str = "carcassonne", turns: int = 6, seed: int = 77) -> Game:
    """A game of ``game`` played ``turns`` random turns, then settled (final scoring): a finished game."""
    played = play_turns(start_game(users[:2], game=game, seed=seed), turns, random.Random(seed))
    services.game_settle(game_id=played.pk, moderator=moderator, reason="test")
    played.refresh_from_db()
    assert played.status == Game.Status.FINISHED
    return played


def logged_in(user: Any) -> Client:
    """A browser's client with ``user``'s session (the pages), as opposed to an API token."""
    client = Client()
    client.force_login(user)
    return client


def numbers(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(t["seq"], t["seat"], t["best"], t["played"], t["loss"], t["lead"], t["best_line"]) for t in result["turns"]]


@pytest.mark.django_db
def test_a_review_is_the_same_every_time_it_is_made_from_the_game_seed(users, moderator) -> None:
    game = finished(users, moderator, turns=8)
    first, second = review_figures(game, SMALL), review_figures(game, SMALL)
    assert len(first["turns"]) == 8 and numbers(first) == numbers(second)
    assert first["chart"] == second["chart"] and first["mistakes"] == second["mistakes"]
    assert first["good"] == second["good"]
    # each turn: the move made and the best line found, valued in points of margin from its player's view
    for turn in first["turns"]:
        assert turn["best"] >= turn["played"] and turn["loss"] == pytest.approx(turn["best"] - turn["played"], abs=0.11)
        assert turn["best_words"] and turn["played_words"] and turn["playouts"] == 2


@pytest.mark.django_db
def test_no_review_of_a_game_in_play(users, client_for) -> None:
    game = play_turns(start_game(users[:2], game="carcassonne"), 3, random.Random(1))
    answer = client_for(users[0]).post(f"/api/games/{game.pk}/review/")
    assert answer.status_code == 409
    assert answer.json()["detail"] == ("This game is not over: a game is reviewed once it has ended, "
                                       "never while it is played.")
    assert not Review.objects.exists()
    assert client_for(users[0]).get(f"/api/games/{game.pk}/review/").json()["can_request"] is False
    page = logged_in(users[0]).get(f"/games/{game.pk}/")
    assert page.status_code == 200 and b"Review this game" not in page.content
    review_page = logged_in(users[0]).get(f"/games/{game.pk}/review/")
    assert review_page.status_code == 409
    assert b"never while it is played" in review_page.content and b"Review this game" not in review_page.content
    asked = logged_in(users[0]).post(f"/games/{game.pk}/review/ask/", follow=True)
    assert asked.status_code == 409 and b"never while it is played" in asked.content  # the message, and the page
    assert not Review.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_asking_for_a_review_queues_it_and_the_pages_link_it(users, moderator, client_for, settings) -> None:
    settings.REVIEW_PLAYOUTS, settings.REVIEW_TOTAL_PLAYOUTS = 2, 200
    game = finished(users, moderator, turns=6)
    page = logged_in(users[0]).get(f"/games/{game.pk}/")
    assert b'id="review-ask"' in page.content and b"Review this game" in page.content
    asked = client_for(users[1]).post(f"/api/games/{game.pk}/review/")
    assert asked.status_code == 202 and asked.json()["status"] in ("pending", "running", "done")
    wait_for_reviews()
    review = Review.objects.get(game=game)
    assert review.status == Review.Status.DONE, review.error
    assert review.budget == {"playouts": 2, "total": 200} and review.requested_by == users[1]
    assert numbers(review.result) == numbers(review_figures(game, SMALL))  # the task's figures: the seed's
    again = client_for(users[0]).post(f"/api/games/{game.pk}/review/")
    assert again.status_code == 200 and again.json()["result"]["turns"] == localize(review.result["turns"])
    assert b"See the review of this game" in logged_in(users[0]).get(f"/games/{game.pk}/").content
    profile = client_for(None).get(f"/players/{users[0].username}/")
    assert f'href="/games/{game.pk}/review/"'.encode() in profile.content


def test_bench_review_prints_what_a_review_costs() -> None:
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("bench_review", "--game", "carcassonne", "--playouts", "2", "--total", "100", stdout=out)
    figures = json.loads(out.getvalue())
    assert figures["game"] == "carcassonne" and figures["turns"] > 50 and figures["playouts_per_line"] == 2
    assert set(figures) == {"game", "turns", "playouts_per_line", "mistakes", "seconds", "cpu_seconds", "cpu_per_turn"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_a_review_that_failed_is_made_again_when_asked_for(users, moderator, client_for, settings) -> None:
    settings.REVIEW_PLAYOUTS, settings.REVIEW_TOTAL_PLAYOUTS = 2, 100
    game = finished(users, moderator, turns=4)
    Review.objects.create(game=game, status=Review.Status.FAILED, error="the worker ran out of memory",
                          budget=SMALL.to_dict(), queued_at=game.finished_at)
    entry = client_for(None).get(f"/api/games/{game.pk}/review/").json()
    assert entry["status"] == "failed" and entry["can_request"] and "memory" not in str(entry)
    page = logged_in(users[0]).get(f"/games/{game.pk}/review/")
    assert b"could not be made" in page.content and b'id="review-ask"' in page.content
    assert logged_in(users[0]).post(f"/games/{game.pk}/review/ask/").status_code == 302
    wait_for_reviews()
    review = Review.objects.get(game=game)
    assert review.status == Review.Status.DONE and review.error == "" and len(review.result["turns"]) == 4


def test_the_review_task_goes_to_the_computer_players_queue(settings) -> None:
    from arkproject.celery import app
    from games.review.tasks import review_game

    assert app.amqp.router.route({}, review_game.name)["queue"].name == settings.COMPUTER_QUEUE == "computer"


def drawing_turns(game: Game, count: int, rng: random.Random) -> Game:
    """``count`` random turns where each step, if it can, makes a draw come in the middle of its turn (a Tikal
    treasure dug, an Iwari card drawn) and otherwise goes on with the turn: turns with a draw in them. A game
    played by whole turns is played as ``play_turns`` does."""
    from games.play.payloads import progress_of
    from games.rules import CHANCE, engine
    from tests.factories import mover

    if engine(game.game).whole_turns:
        return play_turns(game, count, rng)
    for _ in range(count):
        game.refresh_from_db()
        seat, number = game.current_seat, (game.turn or {}).get("number")
        while (game.status == Game.Status.ACTIVE and game.current_seat == seat
               and (game.turn or {}).get("number") == number):
            progress = progress_of(game)
            eng, state = progress.eng, progress.state
            after = [(action, eng.apply(state, action)) for action in eng.legal_actions(state)]
            within = [(a, s) for a, s in after if eng.turn_number(s) == eng.turn_number(state)]
            drawing = [a for a, s in within if eng.current_player(s) == CHANCE]
            action = rng.choice(drawing or [a for a, _ in within] or [a for a, _ in after])
            game = services.move_submit(game_id=game.pk, user=mover(game), action=action.to_dict(),
                                        expected_version=game.version)
        if game.status != Game.Status.ACTIVE:
            break
    return game


@pytest.mark.django_db
def test_every_turn_is_judged_whole_with_the_draws_made_during_it(users, moderator) -> None:
    """A turn whose steps include a draw (a Tikal treasure dug, an Iwari card drawn) is judged as a whole: its
    played line is every step from its player's first action to its last, the draws between them included, and
    its "played" position is the one after the whole turn (the replay's after the move); over every game of the
    registry."""
    from games.play.selectors import position, replay_log
    from games.review import selectors
    from games.rules import CHANCE, engine, games

    reveals = {}
    for name in games():
        game = drawing_turns(start_game(users[:2], game=name, seed=3), 8, random.Random(3))
        services.game_settle(game_id=game.pk, moderator=moderator, reason="test")
        game.refresh_from_db()
        eng = engine(name)
        expected, before = {}, None  # each turn: its steps from its player's first action to the move's end
        for move, index, state in replay_log(game):
            if move is not None and move.kind in (move.Kind.TURN, move.Kind.TIMEOUT) and index >= 1:
                actor = eng.current_player(before)
                if actor == move.seat or (actor == CHANCE and move.seq in expected):
                    expected.setdefault(move.seq, []).append((eng.parse_action(move.steps[index - 1]).to_dict(),
                                                              actor == CHANCE))
            before = state
        result = review_figures(game, SMALL)
        review = Review.objects.create(game=game, status=Review.Status.DONE, result=result, budget=SMALL.to_dict(),
                                       queued_at=game.finished_at)
        assert {t["seq"] for t in result["turns"]} == set(expected)
        for turn in result["turns"]:
            steps = expected[turn["seq"]]
            assert turn["played_line"] == [step for step, _ in steps]
            drawn_at = [i for i, (_, drawn) in enumerate(steps) if drawn]
            if drawn_at and not all(drawn for _, drawn in steps[drawn_at[0]:]):  # the player acted after a draw
                reveals.setdefault(name, turn["seq"])
                after = position(game, turn["seq"], None, None)  # a spectator's, after the whole move
                assert selectors.review_position(game, review, turn["seq"], "played") == after
    assert reveals, "no game of the registry had a turn with a draw in it: the test proves nothing"
    stepwise = {name for name in games() if not engine(name).whole_turns}  # Tikal's treasures, Iwari's cards
    assert stepwise <= set(reveals), f"no turn with a draw in the middle was played in {stepwise - set(reveals)}"


@pytest.mark.django_db
def test_a_review_reads_in_the_readers_language(users, moderator, client_for) -> None:
    """The moves' words, the move made and the suggestion, in German (and French) in the review's JSON and on its
    page; in English exactly the engine's words."""
    game = finished(users, moderator, turns=4)
    figures = review_figures(game, SMALL)
    Review.objects.create(game=game, status=Review.Status.DONE, result=figures, budget=SMALL.to_dict(),
                          queued_at=timezone.now())
    try:
        english = client_for(users[0]).get(f"/api/games/{game.pk}/review/").json()["result"]["turns"]
        for language in ("de", "fr"):
            answer = client_for(users[0]).get(f"/api/games/{game.pk}/review/", headers={"accept-language": language})
            page = client_for(users[0]).get(f"/games/{game.pk}/review/", headers={"accept-language": language})
            turns = answer.json()["result"]["turns"]
            with translation.override(language):
                said = localize(figures["turns"])
            assert len(turns) == len(english) == 4
            for turn, there, mine in zip(turns, english, said):
                for key in ("words", "played_words", "best_words"):
                    assert isinstance(turn[key], str) and turn[key] == mine[key] != there[key], (language, key, turn[key])
                    assert "__words__" not in turn[key]
                assert escape(turn["words"]).encode() in page.content
                assert escape(turn["played_words"]).encode() in page.content
    finally:  # the language a request activates stays with the thread: hand it back in English
        translation.deactivate()

"""Abort, settle and remove through the admin: a reason page, the service, the report, the moderation log."""
from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission
from django.urls import reverse

from games.models import Game, ModeratorAction, Move, Seat
from games.play import services
from tests.factories import play_first_turns

pytestmark = pytest.mark.django_db

CHANGELIST = reverse("admin:games_game_changelist")


def choose(client, action: str, games: list[Game]):
    """Step one: pick the action on the list, as the changelist's action bar posts it."""
    return client.post(CHANGELIST, {"action": action, "index": 0, ACTION_CHECKBOX_NAME: [g.pk for g in games]})


def confirm(client, action: str, games: list[Game], reason: str):
    """Step two: the reason page's form."""
    return client.post(CHANGELIST, {"action": action, "post": "yes", "reason": reason,
                                    ACTION_CHECKBOX_NAME: [g.pk for g in games]}, follow=True)


def texts(response) -> list[str]:
    """The messages shown on the page a redirect led to."""
    return [str(m) for m in response.context["messages"]]


def test_abort_asks_for_a_reason_then_aborts_and_records(mod_client, moderator, ann, bob, start_game):
    game = start_game(ann, bob)
    page = choose(mod_client, "abort_games", [game])
    assert page.status_code == 200
    assert [t.name for t in page.templates][0] == "admin/games/action_confirmation.html"
    html = page.content.decode()
    assert "<textarea" in html and 'name="reason"' in html and "ann (playing)" in html and "bob (playing)" in html
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # nothing happens before the reason is given

    response = confirm(mod_client, "abort_games", [game], "stalled since the summer")
    assert response.redirect_chain[-1][0].startswith(CHANGELIST)
    assert f"Aborted 1 game: #{game.pk}." in texts(response)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    record = ModeratorAction.objects.get(game=game)
    assert (record.moderator, record.action, record.reason) == (moderator, "abort game", "stalled since the summer")
    assert record.created_at is not None
    assert game.moves.order_by("-seq").first().kind == Move.Kind.ABORT


def test_abort_without_a_reason_asks_again(mod_client, ann, bob, start_game):
    game = start_game(ann, bob)
    response = mod_client.post(CHANGELIST, {"action": "abort_games", "post": "yes", "reason": "  ",
                                            ACTION_CHECKBOX_NAME: [game.pk]})
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not ModeratorAction.objects.exists()


def test_abort_reports_each_failure_with_the_service_message(mod_client, ann, bob, make_user, start_game):
    live = start_game(ann, bob)
    over = start_game(make_user("cara"), make_user("dave"))
    services.game_abort(game_id=over.pk, moderator=ann, reason="")
    response = confirm(mod_client, "abort_games", [live, over], "clean-up")
    messages = texts(response)
    assert f"Aborted 1 game: #{live.pk}." in messages
    assert f"Game #{over.pk} was not aborted: only a game waiting or in play can be aborted." in messages
    assert ModeratorAction.objects.filter(reason="clean-up").count() == 1


def test_settle_finishes_the_game_with_results(mod_client, moderator, ann, bob, start_game):
    game = start_game(ann, bob)
    assert choose(mod_client, "settle_games", [game]).status_code == 200
    response = confirm(mod_client, "settle_games", [game], "both players asked for it")
    assert f"Settled 1 game: #{game.pk}." in texts(response)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.current_seat is None
    results = sorted(game.seats.values_list("result", flat=True))
    assert "won" in results and set(results) <= {"won", "lost"}
    assert ModeratorAction.objects.filter(game=game, moderator=moderator, action="settle game",
                                          reason="both players asked for it").exists()


def test_remove_player_flow(mod_client, moderator, ann, bob, start_game):
    game = play_first_turns(start_game(ann, bob))
    seat = game.seats.get(user=bob)
    url = reverse("admin:games_game_remove_seat", args=[game.pk, seat.pk])
    change_url = reverse("admin:games_game_change", args=[game.pk])
    assert url == f"/admin/games/game/{game.pk}/remove/{seat.pk}/"
    assert f'href="{url}"' in mod_client.get(change_url).content.decode()

    form = mod_client.get(url)
    assert form.status_code == 200 and "<textarea" in form.content.decode()
    assert mod_client.post(url, {"reason": ""}).status_code == 200  # a reason is needed
    assert game.seats.get(user=bob).status == Seat.Status.PLAYING

    response = mod_client.post(url, {"reason": "abusive chat"}, follow=True)
    assert response.redirect_chain == [(change_url, 302)]
    assert f"Removed bob from game #{game.pk}. The game is over." in texts(response)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.get(user=bob).status == Seat.Status.REMOVED
    assert game.seats.get(user=ann).result == Seat.Result.WON
    assert game.seats.get(user=bob).result == Seat.Result.LOST
    assert ModeratorAction.objects.filter(game=game, moderator=moderator, action="remove player", target=bob,
                                          reason="abusive chat").exists()
    assert f'href="{url}"' not in mod_client.get(change_url).content.decode()  # nothing left to remove

    again = mod_client.post(url, {"reason": "twice"}, follow=True)
    assert f"bob was not removed from game #{game.pk}: this game is over." in texts(again)


def test_removing_a_player_before_every_player_has_moved_aborts_the_game(mod_client, ann, bob, start_game):
    game = start_game(ann, bob)
    seat = game.seats.get(user=bob)
    url = reverse("admin:games_game_remove_seat", args=[game.pk, seat.pk])
    response = mod_client.post(url, {"reason": "abusive chat"}, follow=True)
    assert (f"Removed bob from game #{game.pk}. The game is aborted: a player left before every player had "
            "played a turn of their own, so it rates no one.") in texts(response)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.seats.get(user=bob).status == Seat.Status.REMOVED


def test_remove_from_an_unknown_game_or_seat_is_404(mod_client, make_user, ann, bob, start_game):
    game = start_game(ann, bob)
    other = start_game(make_user("cara"), make_user("dave"))
    foreign_seat = other.seats.first()
    assert mod_client.get(reverse("admin:games_game_remove_seat", args=[game.pk, foreign_seat.pk])).status_code == 404
    assert mod_client.get(reverse("admin:games_game_remove_seat", args=[999999, foreign_seat.pk])).status_code == 404


def test_remove_needs_change_permission_and_staff(client, make_user, ann, bob, start_game):
    game = start_game(ann, bob)
    url = reverse("admin:games_game_remove_seat", args=[game.pk, game.seats.get(user=bob).pk])
    client.force_login(ann)  # not staff
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))

    helper = make_user("helper", is_staff=True)
    helper.user_permissions.add(*Permission.objects.filter(codename__in=["view_game", "change_game"]))
    client.force_login(helper)
    response = client.post(url, {"reason": "left for good"})
    assert response.status_code == 302
    assert game.seats.get(user=bob).status == Seat.Status.REMOVED
    assert ModeratorAction.objects.get(action="remove player").moderator == helper

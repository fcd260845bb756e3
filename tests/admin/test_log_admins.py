"""The move log and the moderation log in the admin: searchable, filterable, and read-only."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import ModeratorAction, Move
from games.play import services

from .conftest import play_turn

pytestmark = pytest.mark.django_db


def listed(response) -> list:
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


def test_move_list_search_by_game_and_filter_by_kind(mod_client, ann, bob, make_user, start_game):
    game = start_game(ann, bob)
    play_turn(game)
    other = start_game(make_user("cara"), make_user("dave"))
    play_turn(other)
    services.game_abort(game_id=other.pk, moderator=ann, reason="")
    url = reverse("admin:games_move_changelist")

    moves = listed(mod_client.get(url, {"q": str(game.pk)}))
    assert moves and {m.game_id for m in moves} == {game.pk}
    aborts = listed(mod_client.get(url, {"kind": "abort"}))
    assert [(m.game_id, m.kind) for m in aborts] == [(other.pk, "abort")]
    assert listed(mod_client.get(url, {"q": "nobody-such"})) == []

    move = game.moves.get(kind=Move.Kind.TURN)
    page = mod_client.get(reverse("admin:games_move_change", args=[move.pk])).content.decode()
    assert "&quot;tile&quot;" in page and 'name="_save"' not in page


def test_move_log_is_read_only(mod_client, ann, bob, start_game):
    game = start_game(ann, bob)
    move = play_turn(game).moves.first()
    assert mod_client.get(reverse("admin:games_move_add")).status_code == 403
    assert mod_client.get(reverse("admin:games_move_delete", args=[move.pk])).status_code == 403
    assert mod_client.post(reverse("admin:games_move_change", args=[move.pk]), {"seq": 9}).status_code == 403
    move.refresh_from_db()
    assert move.seq == 1


def test_moderation_log_lists_filters_and_searches(mod_client, moderator, ann, bob, start_game):
    game = start_game(ann, bob)
    services.seat_remove(game_id=game.pk, user=bob, moderator=moderator, reason="abusive chat")
    services.user_suspend(user=ann, moderator=moderator, reason="spam links")
    url = reverse("admin:games_moderatoraction_changelist")

    response = mod_client.get(url)
    page = response.content.decode()
    assert len(listed(response)) == 2 and "abusive chat" in page and "spam links" in page
    assert [a.action for a in listed(mod_client.get(url, {"action": "suspend user"}))] == ["suspend user"]
    assert len(listed(mod_client.get(url, {"moderator__id__exact": moderator.pk}))) == 2
    assert [a.reason for a in listed(mod_client.get(url, {"q": "abusive"}))] == ["abusive chat"]
    assert [a.action for a in listed(mod_client.get(url, {"q": str(game.pk)}))] == ["remove player"]

    record = ModeratorAction.objects.get(action="remove player")
    assert mod_client.get(reverse("admin:games_moderatoraction_change", args=[record.pk])).status_code == 200
    assert mod_client.get(reverse("admin:games_moderatoraction_add")).status_code == 403
    assert mod_client.get(reverse("admin:games_moderatoraction_delete", args=[record.pk])).status_code == 403
    assert mod_client.post(reverse("admin:games_moderatoraction_change", args=[record.pk]),
                           {"reason": "edited"}).status_code == 403
    record.refresh_from_db()
    assert record.reason == "abusive chat"

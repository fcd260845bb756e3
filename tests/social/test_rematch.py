"""Rematches (games/rematch): offered after a finished game, started when all accept, seat order turned."""
from __future__ import annotations

import pytest

from games.models import Game
from games.play import services
from games.rematch.models import RematchOffer
from tests.factories import play_first_turns
from tests.social.conftest import rated_game, seats_of, settle

pytestmark = pytest.mark.django_db


def url(game) -> str:
    return f"/api/games/{game.pk}/rematch/"


def test_three_players_offer_accept_and_the_order_turns(users, client_for, moderator) -> None:
    game = rated_game(users[:3], game="carcassonne", seed=77)
    game = settle(game, moderator)
    before = [s.user_id for s in seats_of(game)]
    a, b, c = (next(u for u in users if u.pk == uid) for uid in before)

    assert client_for(a).get(url(game)).json()["status"] == "none"
    offered = client_for(a).post(url(game), {}, format="json")
    assert offered.status_code == 200, offered.content
    assert offered.json()["status"] == "open" and set(offered.json()["waiting_for"]) == {b.username, c.username}
    assert client_for(users[3]).post(url(game), {}, format="json").status_code == 403
    assert client_for(b).post(url(game), {"accept": True}, format="json").json()["waiting_for"] == [c.username]
    done = client_for(c).post(url(game), {"accept": True}, format="json").json()
    assert done["status"] == "started" and done["new_game"]

    new = Game.objects.get(pk=done["new_game"])
    assert new.status == Game.Status.ACTIVE and new.game == "carcassonne" and new.rated
    assert (new.players, new.move_hours, new.private, new.options) == (3, game.move_hours, game.private,
                                                                       game.options)
    assert [s.user_id for s in seats_of(new)] == [b.pk, c.pk, a.pk], "the order turned by one"
    assert client_for(a).post(url(game), {}, format="json").status_code == 409, "one rematch per game"


def test_a_decline_ends_the_offer(users, client_for) -> None:
    game = rated_game(users[:2])
    assert client_for(users[0]).post(url(game), {}, format="json").status_code == 409, "not over yet"
    game = play_first_turns(game)
    services.game_resign(game_id=game.pk, user=users[1])
    assert client_for(users[1]).post(url(game), {"accept": False}, format="json").status_code == 409
    client_for(users[1]).post(url(game), {}, format="json")
    declined = client_for(users[0]).post(url(game), {"accept": False}, format="json").json()
    assert declined["status"] == "declined" and declined["new_game"] is None
    assert RematchOffer.objects.get().declined_by == users[0]
    assert Game.objects.count() == 1


def test_computers_accept_at_once(users, client_for) -> None:
    game = play_first_turns(services.game_create(user=users[0], game="ark", players=2, computers=["easy"],
                                                 rated=False))
    services.game_resign(game_id=game.pk, user=users[0])
    game.refresh_from_db()
    done = client_for(users[0]).post(url(game), {}, format="json").json()
    assert done["status"] == "started"
    new = Game.objects.get(pk=done["new_game"])
    old = [s.user_id for s in seats_of(game)]
    assert [s.user_id for s in seats_of(new)] == old[1:] + old[:1] and not new.rated

"""The pages of the social features: the player page (per game counts, rating chart, replays), leaderboards,
ratings beside names in the lobby, the end of a game; and the API schema."""
from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from games.play import services
from games.ratings.models import Rating
from games.ratings.openskill_model import PROVISIONAL_GAMES, shown
from tests.factories import play_first_turns
from tests.social.conftest import rated_game

pytestmark = pytest.mark.django_db


def page(user, path: str) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def play_rated_games(a, b, count: int) -> None:
    for seed in range(count):
        game = play_first_turns(rated_game([a, b], seed=100 + seed))
        services.game_resign(game_id=game.pk, user=b)


def test_player_page_counts_charts_and_links_replays(users) -> None:
    a, b = users[:2]
    play_rated_games(a, b, 3)
    ongoing = rated_game([a, b], game="carcassonne")
    html = page(None, f"/players/{a.username}/")
    rating = Rating.objects.get(user=a, game="ark")
    assert f"<strong>{shown(rating.mu, rating.sigma)}</strong>" in html and "provisional" in html
    assert '<svg class="rating-chart"' in html and "<polyline" in html and "style=" not in html
    assert "<strong>3</strong> played" in html and "<strong>3</strong> won" in html
    assert "<strong>1</strong> in progress" in html  # the carcassonne game
    last = Game.objects.filter(status=Game.Status.FINISHED).order_by("-finished_at").first()
    assert f'href="/games/{last.pk}/#replay"' in html
    assert ongoing.pk


def test_leaderboards_show_established_players(users) -> None:
    a, b, c = users[:3]
    play_rated_games(a, b, PROVISIONAL_GAMES)
    play_rated_games(a, c, 1)
    html = page(None, "/leaderboards/ark/")
    assert a.username in html and b.username in html and c.username not in html
    assert html.index(a.username) < html.index(b.username)
    assert page(None, "/leaderboards/").count("<table") >= 1
    assert Client().get("/leaderboards/chess/").status_code == 404
    rows = Client().get("/api/ratings/ark/").json()
    assert [r["username"] for r in rows] == [a.username, b.username]
    [mine] = Client().get(f"/api/players/{a.username}/ratings/").json()
    assert mine["game"] == "ark" and mine["games"] == PROVISIONAL_GAMES + 1
    assert len(mine["history"]) == PROVISIONAL_GAMES + 1 and mine["history"][-1]["rating"] == rows[0]["rating"]


def test_lobby_shows_ratings_beside_names(users) -> None:
    a, b = users[:2]
    play_rated_games(a, b, 1)
    rated_game([a, b], seed=3)
    html = page(a, "/")
    rating = Rating.objects.get(user=b, game="ark")
    assert f"{b.name}'s rating (provisional)\">{shown(rating.mu, rating.sigma)}?</span>" in html


def test_the_end_of_a_game_shows_rating_changes_and_the_rematch(users) -> None:
    a, b = users[:2]
    game = play_first_turns(rated_game([a, b]))
    services.game_resign(game_id=game.pk, user=b)
    html = page(a, f"/games/{game.pk}/")
    assert 'id="table-end"' in html and "rating-change up" in html and "rating-change down" in html
    assert 'id="rematch-offer"' in html and "js/chat.js" in html and "js/rematch.js" in html


def test_the_schema_documents_the_new_endpoints() -> None:
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/games/{game_id}/chat/", "/api/chat/{message_id}/report/", "/api/chat/settings/",
                 "/api/games/{game_id}/rematch/", "/api/ratings/{game}/", "/api/players/{username}/ratings/"):
        assert path in schema, path
    assert "ChatMessage" in schema and "Rematch" in schema and "SeatRating" in schema


def test_the_game_list_shows_the_same_ratings_as_each_game(users, client_for) -> None:
    a, b = users[:2]
    play_rated_games(a, b, 2)
    rated_game([a, b], seed=9)
    client = client_for(a)
    listed = client.get("/api/games/", {"mine": "1"}).json()
    games = listed["results"] if isinstance(listed, dict) else listed
    assert len(games) == 3
    for game in games:
        detail = client.get(f"/api/games/{game['id']}/").json()
        assert [s["rating"] for s in game["seats"]] == [s["rating"] for s in detail["seats"]]
    assert any(s["rating"]["change"] for g in games for s in g["seats"])

"""The tournament pages (list and form, a tournament's page with standings, crosstable and live tables, the
invitation link, the buttons), the turn email naming the tournament, and the seat order drawn from each
game's own seat stream."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client

from games.models import Game
from games.notifications.tasks import sweep_due_notices
from games.play import clock
from games.play.lobby import seat_order
from games.tournaments import services
from games.tournaments.models import Entry, Table, Tournament
from tests.factories import PASSWORD, UserFactory, start_game
from tests.tournaments.conftest import finish_table, players

pytestmark = pytest.mark.django_db(transaction=True)


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.login(username=user.username, password=PASSWORD)
    return client


def test_a_tournament_made_joined_and_followed_through_the_pages(moderator, settings):
    settings.SITE_URL = "https://ark.example"
    ann, bob, cyd, dan = players(4)
    page = browser(ann).get("/tournaments/")
    assert page.status_code == 200 and b"Create a tournament" in page.content and b"Players per table" in page.content
    answer = browser(ann).post("/tournaments/new/", {
        "name": "Friday Swiss", "game": "carcassonne", "kind": "swiss", "seats": "2", "rounds": "2",
        "days_per_move": "2", "rated": "on", "start_players": "4", "invitation_only": "on"})
    assert answer.status_code == 302, answer.content
    tournament = Tournament.objects.get(name="Friday Swiss")
    assert answer["Location"] == f"/tournaments/{tournament.pk}/"
    text = browser(ann).get(answer["Location"]).content.decode()
    assert "Invitation link" in text and tournament.invite_code in text and "It starts when 4 have joined" in text
    assert "Friday Swiss" not in browser(bob).get("/tournaments/").content.decode()  # by invitation: unlisted
    refused = browser(bob).post(f"/tournaments/{tournament.pk}/join/", follow=True).content.decode()
    assert "by invitation" in refused
    for user in (bob, cyd, dan):
        invite = browser(user).get(f"/tournaments/join/{tournament.invite_code}/")
        assert b"You are invited to Friday Swiss" in invite.content
        assert browser(user).post(f"/tournaments/join/{tournament.invite_code}/").status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the fourth made round 1

    # the turn email of a tournament table names the tournament and its round
    clock.freeze(clock.now() + timedelta(minutes=6))
    try:
        sweep_due_notices()
    finally:
        clock.unfreeze()
    emails = [m for m in mail.outbox if m.subject.startswith("Your turn")]
    assert len(emails) == 2 and all("(Friday Swiss, round 1)" in m.subject for m in emails)
    assert all(f"https://ark.example/tournaments/{tournament.pk}/" in m.body for m in emails)

    rng = random.Random(1)
    for table in Table.objects.filter(tournament=tournament, round=1):
        finish_table(table.game, moderator, rng)
    text = browser().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Round 2 of 2" in text and "Buchholz" in text and "Crosstable" in text and "Table 1" in text
    assert 'data-api="/api/tournaments/' in text and "js/tournament.js" in text
    # Dan withdraws through the page: his game of round 2 is resigned and he is marked in the standings
    quit = browser(dan).post(f"/tournaments/{tournament.pk}/withdraw/", follow=True).content.decode()
    assert "You have left the tournament." in quit and "withdrew in round 2" in quit
    assert Entry.objects.get(tournament=tournament, user=dan).left == Entry.Left.WITHDREW


def test_a_tournament_table_draws_its_seat_order_from_its_own_seat_stream():
    people = players(2)
    tournament = services.tournament_create(user=people[0], name="Seats", game="ark", kind="swiss", rounds=1,
                                            start_players=2)
    services.tournament_join(tournament_id=tournament.pk, user=people[1])
    table = Table.objects.get(tournament=tournament)
    game = Game.objects.get(pk=table.game_id)
    listed = [e.user_id for e in Entry.objects.filter(tournament=tournament).order_by("joined_at", "id")]
    order = seat_order(game.seed, 2)  # the player listed i-th sits at seat order[i]
    assert {s.user_id: s.number for s in game.seats.all()} == {listed[i]: order[i] for i in range(2)}


def test_pages_refuse_in_words():
    ann = UserFactory()
    answer = browser(ann).post("/tournaments/new/", {"game": "ark", "kind": "swiss", "seats": "2",
                                                     "days_per_move": "3"}, follow=True)
    assert "Say when it starts" in answer.content.decode()
    assert browser().get("/tournaments/12345/").status_code == 404
    assert browser().get("/tournaments/join/nope/").status_code == 404
    assert browser().post("/tournaments/new/").status_code == 302  # to the log-in page


def test_a_table_names_its_tournament_on_its_page_in_the_lobby_and_on_the_player_page(moderator):
    ann, bob, cyd = players(3)
    tournament = services.tournament_create(user=ann, name="Autumn Cup", game="carcassonne", kind="swiss",
                                            rounds=2, start_players=2)
    services.tournament_join(tournament_id=tournament.pk, user=bob)
    game = Table.objects.get(tournament=tournament, round=1).game
    link = f'href="/tournaments/{tournament.pk}/#round-1"'
    page = browser(ann).get(f"/games/{game.pk}/").content.decode()
    assert f'A table of round 1 of the tournament <a {link}>Autumn Cup</a>.' in page
    lobby = browser(bob).get("/").content.decode()
    assert f'<a class="tournament-tag small" {link}>Autumn Cup, round 1</a>' in lobby
    assert f"/games/{game.pk}/" in lobby
    rounds = browser(ann).get(f"/tournaments/{tournament.pk}/").content.decode()
    assert '<h3 id="round-1">' in rounds  # where the link leads
    finish_table(game, moderator, random.Random(2))
    # the player page lists the finished table with its tournament to those who may see the game (a table is
    # a private game: its players and the moderators), and not to others
    for viewer in (ann, bob, moderator):
        profile = browser(viewer).get(f"/players/{ann.username}/").content.decode()
        assert f'<a class="title" href="/games/{game.pk}/">' in profile and "Autumn Cup, round 1" in profile
    for viewer in (cyd, None):
        profile = browser(viewer).get(f"/players/{ann.username}/").content.decode()
        assert f'<a class="title" href="/games/{game.pk}/">' not in profile and "Autumn Cup" not in profile
        assert browser(viewer).get(f"/games/{game.pk}/").status_code == 404
    own = start_game([ann, cyd], game="carcassonne")  # a game of its own names no tournament
    assert "tournament-line" not in browser(ann).get(f"/games/{own.pk}/").content.decode()
    assert "tournament-line" in browser(ann).get(f"/games/{game.pk}/").content.decode()

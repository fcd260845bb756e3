"""No English sentence left on the site's own pages in German (docs/i18n.md): each page is rendered in English
and in German, and a visible text (or a title, label or placeholder) of the page's content that reads the same
in both fails, unless it is only names: players', games' (and the engines' own words, which their catalogue
translates: games/locale), time zones, languages by their own names, numbers and signs."""
from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from typing import Any, Iterable

import pytest
from django.conf import settings
from django.test import Client
from django.utils.translation import get_language_info

from accounts.models import User, time_zone_names
from games.play import services
from games.review import analysis
from games.review.models import Review
from games.review.services import review_figures
from games.rules import choices, engine
from games.tournaments.services import tournament_create
from tests.factories import mover, play_turns, start_game

pytestmark = pytest.mark.django_db

#: Words that are the same in German, or names: the site's name, "UTC", German's own "Name".
SAME_IN_GERMAN = {"Correspondence Board Games", "UTC", "Name", "Buchholz", "API"}
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
SKIPPED = {"script", "style", "template"}


class MainText(HTMLParser):
    """The texts a reader sees or hears inside <main>: text nodes and the attributes read out."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.skipping = 0
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.depth += 1
        if tag in SKIPPED:
            self.skipping += 1
        if self.depth and not self.skipping:
            self.texts.extend(value for name, value in attrs if name in READ_ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.depth -= 1
        if tag in SKIPPED:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skipping and data.strip():
            self.texts.append(" ".join(data.split()))


def texts_of(html: str) -> set[str]:
    parser = MainText()
    parser.feed(html)
    return set(parser.texts)


def engine_words() -> set[str]:
    """The registry's games' own words on these pages: their titles and their options (the engines' catalogue's)."""
    words = set()
    for name, title in choices():
        words.add(str(title))
        for option in engine(name).options:
            words.update({option.label, option.help, *(str(choice) for choice in option.choices)})
    return {word for word in words if word}


def names() -> set[str]:
    """Every name the pages may show as it is: players, tournaments, time zones, languages by their own names."""
    found = set(SAME_IN_GERMAN) | engine_words() | set(time_zone_names())
    found |= {zone.replace("_", " ") for zone in time_zone_names()}
    found |= {name for code, name in settings.LANGUAGES} | {get_language_info(code)["name_local"]
                                                            for code, _name in settings.LANGUAGES}
    for user in User.objects.all():
        found |= {user.username, user.name, f"@{user.username}"}
    return found


def english_left(english: set[str], german: set[str], allowed: Iterable[str]) -> list[str]:
    """The German page's texts that are also the English page's and hold a word once the names are taken out."""
    allowed = sorted(allowed, key=len, reverse=True)
    left = []
    for text in sorted(german & english):
        rest = text
        for name in allowed:
            rest = rest.replace(name, " ")
        if re.search(r"[^\W\d_]{2,}", rest):
            left.append(text)
    return left


def page(client: Client, path: str, language: str) -> str:
    answer = client.get(path, headers={"accept-language": language})
    assert answer.status_code == 200, (path, answer.status_code)
    assert f'<html lang="{language}">' in answer.text
    return answer.text


@pytest.fixture
def site(make_user) -> dict[str, Any]:
    """Ann with games of every kind on her pages: waiting for her, waiting for another, open, finished and
    reviewed, rated; a tournament taking players."""
    ann, bob, cyd = make_user("ann", display_name="Ann"), make_user("bob"), make_user("cyd", display_name="Cyd")
    moderator = make_user("moderator", is_staff=True)
    finished = play_turns(start_game([ann, bob], game="carcassonne", seed=77, rated=True), 6, random.Random(77))
    services.game_settle(game_id=finished.pk, moderator=moderator, reason="test")
    finished.refresh_from_db()
    small = analysis.Budget(playouts=2, total=100)
    result = review_figures(finished, small)
    Review.objects.create(game=finished, status=Review.Status.DONE, result=result, budget=small.to_dict(),
                          queued_at=finished.finished_at, requested_by=ann)
    waiting = start_game([ann, bob, cyd])
    while mover(waiting) != ann:
        waiting = play_turns(waiting, 1, random.Random(waiting.version))
    services.game_create(user=cyd, game="tikal", players=3)
    tournament_create(user=bob, name="Spring cup", game="carcassonne", kind="swiss", rounds=3, start_players=8)
    return {"ann": ann, "finished": finished}


PAGES = ["/", "/players/ann/", "/accounts/settings/", "/tournaments/", "/leaderboards/", "REVIEW",
         "/accounts/login/", "/accounts/signup/"]


@pytest.mark.parametrize("path", PAGES)
def test_no_english_left_on_the_sites_pages_in_german(site: dict[str, Any], path: str) -> None:
    finished = site["finished"]
    path = f"/games/{finished.pk}/review/" if path == "REVIEW" else path
    client = Client()
    if not path.startswith(("/accounts/login/", "/accounts/signup/")):
        client.force_login(site["ann"])
    english, german = page(client, path, "en"), page(client, path, "de")
    allowed = names() | {"Spring cup"}  # the review's move words too are said in German (games.i18n)
    assert english_left(texts_of(english), texts_of(german), allowed) == []
    assert texts_of(english) != texts_of(german)


def test_the_check_finds_an_english_sentence_left() -> None:
    english = {"Open games", "Ann", "Waiting for you", "Carcassonne #3"}
    german = {"Offene Partien", "Ann", "Waiting for you", "Carcassonne #3"}
    assert english_left(english, german, {"Ann", "Carcassonne"}) == ["Waiting for you"]

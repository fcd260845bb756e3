"""Which language the site speaks (docs/i18n.md): the browser's Accept-Language by default, a signed-in player's
own choice above it (settings page, API, switcher), and the switcher for everyone."""
from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

ME = "/api/accounts/me/"


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_lobby_follows_the_browser_and_english_stays_the_default() -> None:
    english = Client().get("/")
    assert english.status_code == 200 and b'<html lang="en">' in english.content
    assert b"Open games" in english.content and english["Content-Language"] == "en"
    german = Client(headers={"accept-language": "de-DE,de;q=0.9,en;q=0.5"}).get("/")
    assert b'<html lang="de">' in german.content and german["Content-Language"] == "de"
    assert "Offene Partien" in german.text and "Open games" not in german.text
    french = Client(headers={"accept-language": "fr-CH, fr;q=0.9"}).get("/")
    assert "Parties ouvertes" in french.text
    assert b"Open games" in Client(headers={"accept-language": "ja"}).get("/").content  # not offered: English


def test_a_player_who_follows_the_browser_has_its_language_remembered_for_emails(make_user) -> None:
    ann = make_user("ann")
    assert (ann.language, ann.reading_language) == ("", "en")
    client = signed_in(ann)
    assert "Einstellungen" in client.get("/accounts/settings/", headers={"accept-language": "de"}).text
    ann.refresh_from_db()
    assert (ann.language, ann.last_language, ann.reading_language) == ("", "de", "de")


def test_the_settings_page_sets_the_language_above_the_browser(make_user) -> None:
    ann = make_user("ann")
    client = signed_in(ann)
    page = client.get("/accounts/settings/")
    assert '<select name="language"' in page.text and ">Deutsch</option>" in page.text
    form = {"display_name": "", "time_zone": "UTC", "language": "fr"}
    assert client.post("/accounts/settings/", form).status_code == 302
    ann.refresh_from_db()
    assert ann.language == "fr"
    saved = client.get("/accounts/settings/", headers={"accept-language": "de"})  # the account's choice wins
    assert '<html lang="fr">' in saved.text and "Vos réglages sont enregistrés." in saved.text
    # a form without the field (a page from before it existed) keeps the choice
    assert client.post("/accounts/settings/", {"display_name": "", "time_zone": "UTC"}).status_code == 302
    ann.refresh_from_db()
    assert ann.language == "fr"
    back = client.post("/accounts/settings/", {**form, "language": ""}, headers={"accept-language": "de"})
    assert back.status_code == 302  # back to the browser's language
    ann.refresh_from_db()
    assert ann.language == "" and "Deine Einstellungen sind gespeichert." in client.get(
        "/accounts/settings/", headers={"accept-language": "de"}).text


def test_the_api_reads_and_sets_the_language(make_user) -> None:
    ann = make_user("ann")
    api = APIClient()
    api.force_authenticate(ann)
    assert api.get(ME).json()["language"] == ""
    changed = api.patch(ME, {"language": "de"}, format="json")
    assert changed.status_code == 200 and changed.json()["language"] == "de"
    ann.refresh_from_db()
    assert ann.language == "de"
    refused = api.patch(ME, {"language": "tlh"}, format="json", headers={"accept-language": "de"})
    assert refused.status_code == 400 and "language" in refused.json()["errors"]
    assert api.patch(ME, {"language": ""}, format="json").json()["language"] == ""


def test_the_switcher_works_without_an_account_and_saves_a_players_choice(make_user) -> None:
    visitor = Client()
    assert 'action="/i18n/setlang/"' in visitor.get("/").text  # on the lobby, for everyone
    answer = visitor.post("/i18n/setlang/", {"language": "de", "next": "/tournaments/"})
    assert answer.status_code == 302 and answer["Location"] == "/tournaments/"
    assert '<html lang="de">' in visitor.get("/").text  # the language cookie
    ann = make_user("ann")
    client = signed_in(ann)
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    ann.refresh_from_db()
    assert ann.language == "fr"
    assert client.post("/i18n/setlang/", {"language": "xx", "next": "/"}).status_code == 302  # ignored
    ann.refresh_from_db()
    assert ann.language == "fr"


def test_the_scripts_catalogue_follows_the_page() -> None:
    """/jsi18n/ (loaded by every page) gives the scripts' gettext() the reader's words."""
    german = Client().get("/jsi18n/", headers={"accept-language": "de"}).text
    assert "Partie #%(id)s wartet auf dich." in german and "Benachrichtigungen sind auf diesem Ger" in german
    assert "wartet auf dich" not in Client().get("/jsi18n/").text


def untranslated_titles(language: str) -> list[str]:
    """The registered games' titles (``Words`` at their registration) that the game side's catalogue of
    ``language`` (games/locale, compiled) has no translation for; a title spelt alike (Tikal) is in it too."""
    import gettext
    from pathlib import Path

    from games.rules import choices

    missing = object()

    class Missing(gettext.NullTranslations):
        def gettext(self, message: str) -> Any:
            return missing

    with (Path(__file__).resolve().parents[2] / "games" / "locale" / language / "LC_MESSAGES" / "django.mo").open(
            "rb") as handle:
        catalogue = gettext.GNUTranslations(handle)
    catalogue.add_fallback(Missing())
    return [title.template for _, title in choices() if catalogue.gettext(title.template) is missing]


def test_the_games_are_named_in_the_readers_language_in_the_lobby_forms_and_the_lists() -> None:
    """Every registered game's title, in the lobby's game choices and wherever a game names itself
    (``get_game_display``), is said in the reader's language: each title is ``Words``, and translated."""
    from django.utils import translation

    from games.models import Game
    from games.rules import choices
    from games.rules.words import Words

    assert all(isinstance(title, Words) for _, title in choices())
    for language in ("de", "fr"):
        assert untranslated_titles(language) == [], f"game titles without a {language} translation"
    with translation.override("de"):
        german = {name: translation.gettext(title.template) for name, title in choices()}
    assert any(german[name] != title for name, title in choices())  # a title the catalogue translates
    from tests.factories import UserFactory

    client = signed_in(UserFactory(language="de"))
    html = client.get("/").content.decode()
    for name, title in german.items():
        assert f'<option value="{name}">{title}</option>' in html
        with translation.override("de"):
            assert Game(game=name).get_game_display() == title


def test_a_new_game_must_register_its_title_as_words_and_have_it_translated() -> None:
    """A game registered with a title the catalogues do not know is caught by the test above; a title that is
    not ``Words`` (so never extracted for the catalogues) is refused at the registration."""
    from django.utils import translation

    from games.i18n import game_title
    from games.rules import engine, register, unregister
    from games.rules.words import Words

    register("newgame", Words("The Newest Game"), lambda: engine("tikal"))
    try:
        assert untranslated_titles("de") == untranslated_titles("fr") == ["The Newest Game"]
        with translation.override("de"):
            assert game_title("newgame") == "The Newest Game"  # English, until the catalogue has it
    finally:
        unregister("newgame")
    with pytest.raises(TypeError):
        register("newgame", "The Newest Game", lambda: engine("tikal"))  # type: ignore[arg-type]
    assert untranslated_titles("de") == []
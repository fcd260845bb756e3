"""A newcomer, alone: signs up, starts a game against the computer from the lobby in one click, and plays it to
the end on the board, the computer answering each turn through the same service and socket as a person."""
from __future__ import annotations

import re

import pytest

from games.models import Game
from tests.browser.pages import (
    confirm_turn,
    game_data,
    my_turn,
    place_first_fit,
    sign_up,
    tiles_on_board,
    wait_for_game,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_plays_a_whole_game_against_the_computer(new_page, live_url):
    page = new_page()
    sign_up(page, "newcomer")
    form = page.locator("form.play-computer")
    form.locator("select[name=game]").select_option("carcassonne")
    form.locator("select[name=level]").select_option("easy")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))
    wait_for_game(page)
    assert "Computer (easy)" in page.locator("#scores").inner_text()

    turns = 0
    while True:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        # the computer's turn comes back on its own: the page shows the newcomer's turn without a reload
        page.wait_for_function("() => document.querySelector('#game.my-turn') || "
                               "!document.querySelector('#final-panel[hidden]') || "
                               "document.querySelector('[data-act=skip-arrival]')", timeout=30000)
        # its turn arrives step by step; a player in a hurry skips to the live game
        page.evaluate("document.querySelector('[data-act=skip-arrival]')?.click()")
        if not my_turn(page):
            continue
        before = tiles_on_board(page)
        place_first_fit(page, game_id)
        confirm_turn(page)
        turns += 1
        # our tile, and then the computer's (unless the pile ran out), drawn live
        page.wait_for_function("n => document.querySelectorAll('#board .layer-tiles .tile').length >= n",
                               arg=before + 1)
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.FINISHED and turns > 30
    page.wait_for_selector("#final-panel:not([hidden])")
    seats = list(game.seats.select_related("user").order_by("number"))
    assert {seat.user.kind for seat in seats} == {"person", "computer"}
    winners = [seat.user.display_name or seat.user.username for seat in seats if seat.result == "won"]
    verdict = page.locator("#verdict").inner_text()
    assert winners and all(name in verdict for name in winners)
    laid = len(game_data(page, game_id)["view"]["board"])
    assert tiles_on_board(page) == laid > 60  # the base game's 72 tiles, less any that fitted nowhere
    assert page.errors == []

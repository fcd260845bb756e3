"""The chat over the game's socket: a message reaches the players and spectators watching, not those who
muted the chat; a hidden message is taken back."""
from __future__ import annotations

import pytest

from games.chat import services
from games.chat.models import ChatMessage
from tests.channels.conftest import (  # noqa: F401 (fixtures)
    Socket,
    channel_layer,
    db_async,
    players,
    run_async,
    session_cookie,
    start_game,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def watch(game_id: int, user=None) -> Socket:
    cookie = await db_async(session_cookie)(user) if user is not None else None
    sock = await Socket(f"/ws/games/{game_id}/", cookie).connect()
    await sock.receive_type("game")
    return sock


@run_async
async def test_messages_are_pushed_to_the_table_and_hidden_ones_taken_back(players):  # noqa: F811
    ann, bob, spectator, staff = players
    game = await db_async(start_game)([ann, bob])
    await db_async(services.chat_mute)(user=spectator, muted=False)
    bob_sock, spectator_sock = await watch(game.pk, bob), await watch(game.pk, spectator)
    anon_sock = await watch(game.pk)
    message = await db_async(services.chat_post)(game_id=game.pk, user=ann, text="<b>hi</b> bob")
    for sock in (bob_sock, spectator_sock, anon_sock):
        pushed = await sock.receive_type("chat")
        assert pushed["message"]["text"] == "<b>hi</b> bob" and pushed["message"]["id"] == message.pk
        assert pushed["message"]["author"]["username"] == ann.username

    await db_async(services.chat_hide)(message=await db_async(ChatMessage.objects.get)(pk=message.pk),
                                       moderator=staff, reason="test")
    for sock in (bob_sock, spectator_sock, anon_sock):
        assert (await sock.receive_type("chat.hidden"))["id"] == message.pk
        await sock.close()


@run_async
async def test_a_muted_player_hears_nothing(players):  # noqa: F811
    ann, bob, _, _ = players
    game = await db_async(start_game)([ann, bob])
    await db_async(services.chat_mute)(user=bob, muted=True)
    bob_sock = await watch(game.pk, bob)
    await db_async(services.chat_post)(game_id=game.pk, user=ann, text="anyone?")
    assert await bob_sock.nothing()
    await bob_sock.close()


@run_async
async def test_unmuting_takes_effect_on_an_open_socket(players):  # noqa: F811
    ann, bob, _, _ = players
    game = await db_async(start_game)([ann, bob])
    await db_async(services.chat_mute)(user=bob, muted=True)
    bob_sock = await watch(game.pk, bob)
    await db_async(services.chat_post)(game_id=game.pk, user=ann, text="one")
    assert await bob_sock.nothing()
    await db_async(services.chat_mute)(user=bob, muted=False)
    await db_async(services.chat_post)(game_id=game.pk, user=ann, text="two")
    assert (await bob_sock.receive_type("chat"))["message"]["text"] == "two"
    await bob_sock.close()

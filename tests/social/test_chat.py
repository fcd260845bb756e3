"""Table chat (games/chat): players write, everyone who may watch reads; text kept plain and escaped where
shown; length and rate limits; reports and the moderators' hiding; muting; the turn email's messages."""
from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client
from django.urls import reverse

from games.chat.models import ChatMessage, ChatReport
from games.chat.selectors import chat_since_last_turn
from games.models import ModeratorAction
from tests.factories import play_turn
from tests.social.conftest import rated_game

pytestmark = pytest.mark.django_db

NASTY = "<script>alert('x')</script> \"quoted\" & 'single' \u202eevil\u202c \u200fשלום\u200f"


def chat_url(game) -> str:
    return f"/api/games/{game.pk}/chat/"


def post(client, game, text):
    return client.post(chat_url(game), {"text": text}, format="json")


def test_players_write_and_everyone_reads(users, client_for, anon) -> None:
    game = rated_game(users[:2])
    made = post(client_for(users[0]), game, "good luck!")
    assert made.status_code == 201, made.content
    entry = made.json()
    assert entry["text"] == "good luck!" and entry["author"]["username"] == users[0].username and entry["seq"] >= 0
    for client in (client_for(users[1]), client_for(users[2]), anon):
        listed = client.get(chat_url(game)).json()
        assert [m["text"] for m in listed["messages"]] == ["good luck!"]
    assert client_for(users[2]).get(chat_url(game)).json()["can_write"] is False
    assert client_for(users[1]).get(chat_url(game)).json()["can_write"] is True


def test_spectators_and_strangers_may_not_write(users, client_for, anon) -> None:
    game = rated_game(users[:2])
    assert post(client_for(users[2]), game, "hi").status_code == 403
    assert post(anon, game, "hi").status_code in (401, 403)
    assert ChatMessage.objects.count() == 0


def test_a_private_game_chat_is_hidden_from_strangers(users, client_for) -> None:
    from tests.games.conftest import open_game

    game = open_game(users[0], [users[1]], private=True)
    assert client_for(users[2]).get(chat_url(game)).status_code == 404
    assert post(client_for(users[2]), game, "hi").status_code == 404


def test_text_is_kept_plain_and_escaped_on_pages(users, client_for) -> None:
    game = rated_game(users[:2])
    entry = post(client_for(users[0]), game, NASTY).json()
    # kept as written, less the bidi override that could reverse what follows it; the plain RTL marks stay
    assert "\u202e" not in entry["text"] and "\u202c" not in entry["text"]
    assert "<script>alert('x')</script>" in entry["text"] and "\u200fשלום\u200f" in entry["text"]
    client = Client()
    client.force_login(users[1])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "<script>alert(" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &quot;quoted&quot; &amp;" in html
    assert 'dir="auto"' in html  # each message isolated: right-to-left text cannot spill over the next


def test_length_and_blank(users, client_for) -> None:
    game = rated_game(users[:2])
    client = client_for(users[0])
    assert post(client, game, "x" * 500).status_code == 201
    assert post(client, game, "x" * 501).status_code == 400
    assert post(client, game, "   ").status_code == 400
    assert post(client, game, "\u202e\u0000").status_code == 400
    assert ChatMessage.objects.count() == 1


def test_rate_limit(users, client_for, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "3/m"}
    game = rated_game(users[:2])
    client = client_for(users[0])
    assert [post(client, game, f"m{i}").status_code for i in range(4)] == [201, 201, 201, 429]
    assert "Retry-After" in post(client, game, "again")
    assert post(client_for(users[1]), game, "mine").status_code == 201, "per user"


def test_report_then_hide_through_the_admin(users, client_for, make_user) -> None:
    game = rated_game(users[:2])
    message_id = post(client_for(users[0]), game, "rude words").json()["id"]
    assert client_for(users[0]).post(f"/api/chat/{message_id}/report/", {}, format="json").status_code == 409
    assert client_for(users[2]).post(f"/api/chat/{message_id}/report/", {}, format="json").status_code == 403
    reported = client_for(users[1]).post(f"/api/chat/{message_id}/report/", {"reason": "rude"}, format="json")
    assert reported.status_code == 201
    assert ChatReport.objects.get().reason == "rude"

    moderator = make_user("mod", is_staff=True, is_superuser=True)
    admin = Client()
    admin.force_login(moderator)
    reports = admin.get(reverse("admin:chat_chatreport_changelist"))
    assert reports.status_code == 200 and "rude" in reports.content.decode()
    changelist = reverse("admin:chat_chatmessage_changelist")
    page = admin.post(changelist, {"action": "hide_messages", "index": 0, ACTION_CHECKBOX_NAME: [message_id]})
    assert page.status_code == 200 and 'name="reason"' in page.content.decode()
    admin.post(changelist, {"action": "hide_messages", "post": "yes", "reason": "insults",
                            ACTION_CHECKBOX_NAME: [message_id]}, follow=True)
    message = ChatMessage.objects.get(pk=message_id)
    assert message.hidden and message.hidden_reason == "insults" and message.hidden_by == moderator
    record = ModeratorAction.objects.get(action="hide chat message")
    assert (record.game_id, record.target, record.reason) == (game.pk, users[0], "insults")
    assert ChatReport.objects.get().resolved
    assert client_for(users[1]).get(chat_url(game)).json()["messages"] == []


def test_mute(users, client_for) -> None:
    game = rated_game(users[:2])
    post(client_for(users[0]), game, "hello")
    client = client_for(users[1])
    assert client.put("/api/chat/settings/", {"muted": True}, format="json").json() == {"muted": True}
    listed = client.get(chat_url(game)).json()
    assert listed["muted"] is True and listed["messages"] == []
    client.put("/api/chat/settings/", {"muted": False}, format="json")
    assert len(client.get(chat_url(game)).json()["messages"]) == 1


def test_replay_shows_messages_where_they_were_written(users, client_for) -> None:
    game = rated_game(users[:2])
    post(client_for(users[0]), game, "before")
    game = play_turn(game)
    game = play_turn(game)
    post(client_for(users[1]), game, "after")
    first, second = ChatMessage.objects.order_by("id")
    assert first.seq < second.seq
    until = client_for(users[2]).get(chat_url(game), {"until_seq": first.seq}).json()["messages"]
    assert [m["text"] for m in until] == ["before"]


def test_turn_email_tells_the_messages_since_the_last_turn(users, client_for) -> None:
    game = rated_game(users[:2])
    game = play_turn(game)  # the first player has moved
    game.refresh_from_db()
    waiting = game.seats.get(number=game.current_seat)
    other = game.seats.exclude(pk=waiting.pk).get()
    post(client_for(other.user), game, "your move <b>now</b>")
    post(client_for(waiting.user), game, "my own words")
    lines = chat_since_last_turn(game, waiting.user, waiting.number)
    assert [line["text"] for line in lines] == ["your move <b>now</b>"]

    from games.notifications import emails

    context = emails.game_context(game, waiting.user, waiting.number)
    subject, text, html, _ = emails.render("turn", waiting.user, context)
    assert "your move <b>now</b>" in text
    assert "your move &lt;b&gt;now&lt;/b&gt;" in html and "<b>now</b>" not in html


def test_the_settings_page_mutes_the_chat(users) -> None:
    from games.chat.selectors import muted

    client = Client()
    client.force_login(users[0])
    page = client.get("/accounts/settings/").content.decode()
    assert 'name="mute_chat"' in page
    client.post("/accounts/settings/", {"time_zone": "UTC", "mute_chat": "on", "notify_turn": "on"})
    assert muted(users[0])
    client.post("/accounts/settings/", {"time_zone": "UTC"})
    assert not muted(users[0])


@pytest.mark.parametrize("blank", ["\u200b\u200b\u200b", "\u3164", "\u2800 \u2800", "\u200d\ufe0f", "\u0301\u0301",
                                   "\U000e0041\U000e0042", "\u200b\n\u200b"])
def test_a_message_of_invisible_characters_is_refused(users, client_for, blank: str) -> None:
    game = rated_game(users[:2])
    response = post(client_for(users[0]), game, blank)
    assert response.status_code == 400 and response.json()["detail"] == "write something first"
    assert ChatMessage.objects.count() == 0


def test_a_message_is_one_line(users, client_for) -> None:
    """A line break would start a line that reads as another player's ("Bob: I resign")."""
    game = rated_game(users[:2])
    for text in ("gg\nBob: I resign, you win", "gg\r\n\r\nBob: I resign, you win", "gg\u2028Bob: I resign, you win",
                 "gg\x85Bob: I resign, you win", "gg  \t      Bob: I resign, you win"):
        assert post(client_for(users[0]), game, text).json()["text"] == "gg Bob: I resign, you win"


def test_stacked_combining_marks_are_cut_to_a_few(users, client_for) -> None:
    game = rated_game(users[:2])
    tower = "Z" + "\u0336\u0301\u0302\u0303\u0304" * 60 + "! Tiếng Việt, עִבְרִית, བསྒྲུབས"
    text = post(client_for(users[0]), game, tower).json()["text"]
    assert text == "Z\u0336\u0301\u0302\u0303! Tiếng Việt, עִבְרִית, བསྒྲུབས"


def test_a_hidden_message_cannot_be_reported(users, client_for, make_user) -> None:
    from games.chat.services import chat_hide

    game = rated_game(users[:2])
    message_id = post(client_for(users[0]), game, "rude words").json()["id"]
    chat_hide(message=ChatMessage.objects.get(pk=message_id), moderator=make_user("mod", is_staff=True),
              reason="insults")
    response = client_for(users[1]).post(f"/api/chat/{message_id}/report/", {"reason": "rude"}, format="json")
    assert response.status_code == 404 and response.json()["detail"] == "there is no such message"
    assert not ChatReport.objects.exists()

"""No one where they do not belong: other seats, other games, suspended accounts, the admin, CSRF, invitations.

Every refusal must be a clear answer (401/403/404/409 with a readable ``detail``) and change nothing.
"""
from __future__ import annotations

import json
import random
import secrets
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import Game, Move, Seat
from games.play import services
from tests.channels.conftest import Socket, db_async, run_async, session_cookie
from tests.factories import PASSWORD

from .conftest import check_log, decode, mover, next_turn, observed, play_turns, start_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def detail(response) -> str:
    data = decode(response)
    return str(data.get("detail", "")) if isinstance(data, dict) else ""


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.version, game.status, game.current_seat, json.dumps(game.state, sort_keys=True),
            list(game.moves.values_list("seq", "kind")), list(game.seats.values_list("user_id", "number", "status")))


@pytest.fixture
def cast(make_user):
    """Ann and Bob play; Cyd is logged in but not in the game; Mod is staff."""
    return {"ann": make_user(username="ann"), "bob": make_user(username="bob"), "cyd": make_user(username="cyd"),
            "mod": make_user(username="mod", is_staff=True, is_superuser=True)}


# ----- other seats, other games, after leaving ---------------------------------------------------------------
def test_no_one_moves_in_another_players_seat(cast) -> None:
    game = start_game([cast["ann"], cast["bob"]])
    game = play_turns(game, 3, random.Random(3))
    b = mover(game)
    a = cast["ann"] if b == cast["bob"] else cast["bob"]
    b_seat = game.current_seat
    turn = next_turn(game, random.Random(5))  # B's own legal turn, word for word
    before = snapshot(game)
    answers = []
    for extra in ({}, {"seat": b_seat}, {"user": b.pk, "username": b.username}, {"as": b.username, "seat": b_seat}):
        response = api(a).post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": turn, **extra},
                               format="json")
        answers.append((response.status_code, detail(response)))
    # a forged header or query string is not a way in either
    response = api(a).post(f"/api/games/{game.pk}/turns/?user={b.pk}&seat={b_seat}",
                           {"version": game.version, "turn": turn}, format="json", HTTP_X_USER=b.username)
    answers.append((response.status_code, detail(response)))
    assert set(answers) == {(409, "it is not your turn")}, answers
    # A's resignation is A's own: B keeps the seat and the turn
    assert snapshot(game) == before
    observed(f"A submitting B's legal turn (plain, with seat/user/as fields, a query string, an X-User header): "
             f"{len(answers)}x {answers[0]}; the game is unchanged")
    response = api(b).post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": turn}, format="json")
    assert response.status_code == 200, response.content[:300]


@run_async
async def test_a_socket_is_no_way_to_move(cast) -> None:
    game = await db_async(start_game)([cast["ann"], cast["bob"]])
    player = await db_async(mover)(game)
    turn = await db_async(next_turn)(game, random.Random(1))
    sock = await Socket(f"/ws/games/{game.pk}/", await db_async(session_cookie)(player)).connect()
    await sock.receive_type("game")
    before = await db_async(snapshot)(game)
    await sock.send({"type": "turn", "version": game.version, "turn": turn})
    answer = await sock.receive_type("error")
    assert "moves go through the REST API" in answer["detail"]
    assert await db_async(snapshot)(game) == before
    observed(f"a turn sent over the game socket by the mover: {answer}; nothing changed")
    await sock.close()


def test_outsiders_and_former_players_are_refused(cast, make_user) -> None:
    ann, bob, cyd, mod = cast["ann"], cast["bob"], cast["cyd"], cast["mod"]
    dan, eve = make_user(username="dan"), make_user(username="eve")
    game = start_game([ann, bob, dan, eve], name="carcassonne", seed=77)
    game = play_turns(game, 4, random.Random(2))  # each of the four has played a turn
    seen = {}

    def attempt(user, who: str) -> None:
        game.refresh_from_db()
        before = snapshot(game)
        turn = next_turn(game, random.Random(9))
        r1 = api(user).post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": turn}, format="json")
        r2 = api(user).post(f"/api/games/{game.pk}/resign/")
        seen[who] = {(r1.status_code, detail(r1)), (r2.status_code, detail(r2))}
        assert seen[who] == {(409, "you are not playing in this game")}, (who, seen[who])
        assert snapshot(game) == before

    attempt(cyd, "outsider")
    # a player who resigned (the game goes on with three)
    resigner = next(s.user for s in game.seats.exclude(number=game.current_seat))
    assert api(resigner).post(f"/api/games/{game.pk}/resign/").status_code == 200
    attempt(resigner, "resigned")
    # a player a moderator removed
    game.refresh_from_db()
    removed = next(s.user for s in game.seats.filter(status=Seat.Status.PLAYING))
    services.seat_remove(game_id=game.pk, user=removed, moderator=mod, reason="test")
    attempt(removed, "removed")
    # the one left wins; no one moves in a finished game
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE:
        last = [s.user for s in game.seats.filter(status=Seat.Status.PLAYING)]
        services.game_resign(game_id=game.pk, user=last[0])
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    winner = game.seats.filter(status=Seat.Status.PLAYING).first().user
    response = api(winner).post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": {"tile": "A"}},
                                format="json")
    assert (response.status_code, detail(response)) == (409, "this game is over")
    check_log(game)
    observed(f"turn and resign by an outsider, a resigned and a removed player: {seen}; "
             f"the winner of the finished game: {(response.status_code, detail(response))}")


# ----- suspended accounts -----------------------------------------------------------------------------------
def test_a_suspended_account_loses_its_token_and_its_session(cast) -> None:
    ann, bob, mod = cast["ann"], cast["bob"], cast["mod"]
    game = start_game([ann, bob])
    token = Token.objects.create(user=ann).key
    by_token = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    browser = APIClient()
    assert browser.login(username="ann", password=PASSWORD)
    page = Client()
    assert page.login(username="ann", password=PASSWORD)
    for client in (by_token, browser):
        assert client.get("/api/accounts/me/").status_code == 200
    assert page.get("/accounts/settings/").status_code == 200

    services.user_suspend(user=ann, moderator=mod, reason="test")

    answers = {}
    for name, client in (("token", by_token), ("session", browser)):
        me = client.get("/api/accounts/me/")
        mine = client.get("/api/games/?mine=1")
        game.refresh_from_db()
        turn = client.post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": {"tile": "01"}},
                           format="json")
        create = client.post("/api/games/", {"game": "ark", "seats": 2}, format="json")
        answers[name] = [(r.status_code, detail(r)) for r in (me, turn, create)] + [
            (mine.status_code, decode(mine))]
        assert me.status_code in (401, 403) and turn.status_code in (401, 403) and create.status_code in (401, 403)
        assert mine.status_code in (401, 403) or decode(mine) in ([], {"count": 0, "next": None, "previous": None,
                                                                         "results": []})
    assert answers["token"][0][0] == 401
    settings_page = page.get("/accounts/settings/")
    new_game = page.post("/games/new/", {"game": "ark", "seats": 2, "move_hours": 72})
    for response in (settings_page, new_game):
        assert response.status_code == 302 and response["Location"].startswith(reverse(settings.LOGIN_URL)), \
            (response.status_code, response.get("Location"))
    obtain = APIClient().post("/api/accounts/token/", {"username": "ann", "password": PASSWORD}, format="json")
    assert obtain.status_code == 400
    assert Game.objects.filter(created_by=ann).count() == 1
    observed(f"after suspension: token -> {answers['token']}; session -> {answers['session']}; pages -> "
             f"{settings_page.status_code} {settings_page['Location']}, {new_game.status_code} "
             f"{new_game['Location']}; a new token -> {obtain.status_code}")


@run_async
async def test_a_suspended_account_is_closed_before_the_games_it_leaves_are_pushed(cast, monkeypatch) -> None:
    """Suspending closes the sockets first, then removes the user's seats: those removals' pushes must not
    overtake the close, however busy the process's sender thread is (CI once saw a view pushed first)."""
    import asyncio

    from games.live import broadcast

    real = broadcast.send_all

    async def late(layer, groups, message):  # the close is slow to go out (a busy sender), made certain
        if message["type"] == "account.closed":
            await asyncio.sleep(0.5)
        await real(layer, groups, message)

    monkeypatch.setattr(broadcast, "send_all", late)
    ann, bob, mod = cast["ann"], cast["bob"], cast["mod"]
    game = await db_async(start_game)([ann, bob])
    cookie = await db_async(session_cookie)(ann)
    watching = await Socket(f"/ws/games/{game.pk}/", cookie).connect()
    await watching.receive_type("game")

    await db_async(services.user_suspend)(user=ann, moderator=mod, reason="test")

    assert await watching.closed_with() == 4401, "closed, with no view of the game pushed before"


@run_async
async def test_a_suspended_accounts_sockets_are_refused_and_closed(cast) -> None:
    ann, bob, mod = cast["ann"], cast["bob"], cast["mod"]
    game = await db_async(start_game)([ann, bob])
    cookie = await db_async(session_cookie)(ann)
    lobby = await Socket("/ws/lobby/", cookie).connect()
    await lobby.receive_type("lobby")
    watching = await Socket(f"/ws/games/{game.pk}/", cookie).connect()
    first = await watching.receive_type("game")
    assert first["game"]["your_seat"] is not None

    await db_async(services.user_suspend)(user=ann, moderator=mod, reason="test")

    # the sockets open at the time: the next push finds the account suspended and closes them
    codes = (await watching.closed_with(), await lobby.closed_with())
    assert codes == (4401, 4401), codes
    # new sockets: the lobby refuses; the game socket is anonymous (a public game: a spectator's view)
    lobby2 = await Socket("/ws/lobby/", cookie).connect()
    assert await lobby2.closed_with() == 4401
    watching2 = await Socket(f"/ws/games/{game.pk}/", cookie).connect()
    message = await watching2.receive_type("game")
    assert message["game"]["your_seat"] is None and message["game"]["view"]["tile"] is None
    await watching2.close()
    observed(f"suspended while connected: game and lobby sockets closed with {codes}; new lobby socket closed "
             "4401; a new game socket sees a public game as an anonymous spectator")


@run_async
async def test_a_socket_whose_suspension_message_was_lost_closes_at_its_next_check(cast, settings) -> None:
    from accounts.models import User
    from tests.channels.conftest import play_turn

    settings.SOCKET_ACCOUNT_RECHECK_SECONDS = 0  # every push is due for a check
    ann, bob = cast["ann"], cast["bob"]
    game = await db_async(start_game)([ann, bob])
    watching = await Socket(f"/ws/games/{game.pk}/", await db_async(session_cookie)(ann)).connect()
    await watching.receive_type("game")
    # suspended behind the site's back: no "account.closed" message reaches the socket
    await db_async(User.objects.filter(pk=ann.pk).update)(is_active=False)
    await db_async(play_turn)(game.pk)
    # the push's check (beside the push, not before it) finds the account suspended and closes the socket
    for _ in range(3):
        output = await watching.comm.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
        assert json.loads(output["text"])["type"] == "game"
    assert output == {"type": "websocket.close", "code": 4401}


def logged_in_client(user: Any) -> tuple[Client, str]:
    """A browser session of ``user`` logged in with the password, and its session cookie."""
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client, client.cookies[settings.SESSION_COOKIE_NAME].value


@run_async
async def test_a_password_change_closes_the_sockets_of_the_sessions_it_voids(cast) -> None:
    """Every session of the user opened with the old password is void, over HTTP and over its sockets alike:
    they close at once with 4401. The session that changed the password goes on under a new key (Django cycles
    it), so its browser's new sockets are the player's."""
    ann, bob = cast["ann"], cast["bob"]
    game = await db_async(start_game)([ann, bob])
    changer, changer_cookie = await db_async(logged_in_client)(ann)
    _, old_cookie = await db_async(logged_in_client)(ann)  # the same player on another device
    stays = await Socket(f"/ws/games/{game.pk}/", changer_cookie).connect()
    old = await Socket(f"/ws/games/{game.pk}/", old_cookie).connect()
    for sock in (stays, old):
        assert (await sock.receive_type("game"))["game"]["your_seat"] is not None

    response = await db_async(changer.post)("/accounts/password/change/", {
        "old_password": PASSWORD, "new_password1": "a new horse battery staple", "new_password2":
        "a new horse battery staple"})
    assert response.status_code == 302, response.content[:400]

    assert (await old.closed_with(), await stays.closed_with()) == (4401, 4401)
    again = await Socket(f"/ws/games/{game.pk}/", changer.cookies[settings.SESSION_COOKIE_NAME].value).connect()
    assert (await again.receive_type("game"))["game"]["your_seat"] is not None
    assert (await db_async(changer.get)(f"/api/games/{game.pk}/")).status_code == 200
    await again.close()


@run_async
async def test_logging_out_closes_that_sessions_sockets(cast) -> None:
    ann, bob = cast["ann"], cast["bob"]
    game = await db_async(start_game)([ann, bob])
    leaving, leaving_cookie = await db_async(logged_in_client)(ann)
    _, other_cookie = await db_async(logged_in_client)(ann)
    gone = await Socket(f"/ws/games/{game.pk}/", leaving_cookie).connect()
    lobby = await Socket("/ws/lobby/", leaving_cookie).connect()
    other = await Socket(f"/ws/games/{game.pk}/", other_cookie).connect()
    await gone.receive_type("game")
    await lobby.receive_type("lobby")
    await other.receive_type("game")

    assert (await db_async(leaving.post)("/accounts/logout/")).status_code == 302

    assert (await gone.closed_with(), await lobby.closed_with()) == (4401, 4401)
    assert await other.nothing(), "another session of the same player stays open"
    await other.close()


@run_async
async def test_a_socket_whose_session_was_voided_unseen_closes_at_its_next_check(cast, settings) -> None:
    """A password set behind the site's back (no message to the sockets): the next push's check closes it."""
    from accounts.models import User
    from tests.channels.conftest import play_turn

    settings.SOCKET_ACCOUNT_RECHECK_SECONDS = 0
    ann, bob = cast["ann"], cast["bob"]
    game = await db_async(start_game)([ann, bob])
    _, cookie = await db_async(logged_in_client)(ann)
    watching = await Socket(f"/ws/games/{game.pk}/", cookie).connect()
    await watching.receive_type("game")

    def new_password_unseen() -> None:  # a new hash, saved without the model's save (no message)
        user = User.objects.get(pk=ann.pk)
        user.set_password("another horse battery staple")
        User.objects.filter(pk=ann.pk).update(password=user.password)

    await db_async(new_password_unseen)()
    await db_async(play_turn)(game.pk)
    for _ in range(3):
        output = await watching.comm.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
        assert json.loads(output["text"])["type"] == "game"
    assert output == {"type": "websocket.close", "code": 4401}


# ----- the admin and CSRF -----------------------------------------------------------------------------------
def test_the_admin_is_for_staff_only(cast) -> None:
    game = start_game([cast["ann"], cast["bob"]])
    player = Client()
    player.force_login(cast["ann"])
    staff = Client()
    staff.force_login(cast["mod"])
    paths = ["/admin/", "/admin/games/game/", f"/admin/games/game/{game.pk}/change/", "/admin/accounts/user/",
             f"/admin/accounts/user/{cast['bob'].pk}/change/", "/admin/games/move/"]
    seen = set()
    for client, who in ((player, "player"), (Client(), "anonymous")):
        for path in paths:
            response = client.get(path)
            assert response.status_code == 302 and response["Location"].startswith("/admin/login/"), (who, path)
            seen.add((who, response.status_code))
        response = client.post("/admin/games/game/", {"action": "abort_games", "_selected_action": [game.pk]})
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    assert staff.get("/admin/games/game/").status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    observed(f"{len(paths)} admin pages and an admin action POST for a player and for anonymous: "
             f"{sorted(seen)} to /admin/login/; staff gets 200")


def test_session_writes_need_the_csrf_token(cast) -> None:
    ann, bob = cast["ann"], cast["bob"]
    clients = {}
    for user in (ann, bob):
        client = APIClient(enforce_csrf_checks=True)
        assert client.login(username=user.username, password=PASSWORD)
        clients[user.username] = client

    def token(client: APIClient) -> dict:
        client.get("/")  # the lobby page has forms: it sets the csrftoken cookie
        return {"HTTP_X_CSRFTOKEN": client.cookies[settings.CSRF_COOKIE_NAME].value}

    a, b = clients["ann"], clients["bob"]
    refused = []
    create = {"game": "ark", "seats": 2}
    response = a.post("/api/games/", create, format="json")
    refused.append(("create", response.status_code, detail(response)))
    response = a.post("/api/games/", create, format="json", **token(a))
    assert response.status_code == 201, response.content[:300]
    game_id = decode(response)["id"]
    response = b.post(f"/api/games/{game_id}/join/", {}, format="json")
    refused.append(("join", response.status_code, detail(response)))
    response = b.post(f"/api/games/{game_id}/join/", {}, format="json", **token(b))
    assert response.status_code == 200, response.content[:300]
    game = Game.objects.get(pk=game_id)
    client = clients[mover(game).username]
    turn = {"version": game.version, "turn": next_turn(game, random.Random(4))}
    response = client.post(f"/api/games/{game_id}/turns/", turn, format="json")
    refused.append(("turn", response.status_code, detail(response)))
    response = client.post(f"/api/games/{game_id}/turns/", turn, format="json", **token(client))
    assert response.status_code == 200, response.content[:300]
    response = a.post(f"/api/games/{game_id}/resign/")
    refused.append(("resign", response.status_code, detail(response)))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.moves.filter(kind=Move.Kind.TURN).count() == 1
    response = a.post(f"/api/games/{game_id}/resign/", **token(a))
    assert response.status_code == 200
    # the pages' forms too
    page = Client(enforce_csrf_checks=True)
    page.force_login(ann)
    response = page.post("/games/new/", {"game": "ark", "seats": 2, "move_hours": 72})
    refused.append(("page: new game", response.status_code, ""))
    assert all(code == 403 for _, code, _ in refused), refused
    assert all("CSRF" in text for what, _, text in refused if not what.startswith("page")), refused
    assert Game.objects.filter(created_by=ann).count() == 1
    observed(f"session-authenticated writes without the CSRF token: {refused}; with it: 201/200/200/200")


# ----- invitations and private games -------------------------------------------------------------------------
def test_invitation_codes_cannot_be_guessed_or_borrowed(cast, make_user) -> None:
    ann, bob, cyd = cast["ann"], cast["bob"], cast["cyd"]
    hidden = services.game_create(user=ann, game="ark", players=3, private=True)
    other = services.game_create(user=bob, game="carcassonne", players=3, private=True)
    intruder = make_user(username="mallory")
    guesses = {"none": {}, "empty": {"invite_code": ""}, "wrong": {"invite_code": "not-the-code"},
               "random": {"invite_code": secrets.token_urlsafe(18)},
               "another game's": {"invite_code": other.invite_code},
               "almost": {"invite_code": hidden.invite_code[:-1] + ("A" if hidden.invite_code[-1] != "A" else "B")},
               "case-changed": {"invite_code": hidden.invite_code.swapcase()}}
    answers = {}
    for name, body in guesses.items():
        if body.get("invite_code") == hidden.invite_code:
            continue  # swapcase of a caseless code
        response = api(intruder).post(f"/api/games/{hidden.pk}/join/", body, format="json")
        answers[name] = (response.status_code, detail(response))
        assert response.status_code == 404, (name, response.content[:200])
    assert not Seat.objects.filter(user=intruder).exists()
    page = Client()
    page.force_login(intruder)
    random_code = secrets.token_urlsafe(18)
    assert page.get(f"/games/join/{random_code}/").status_code == 404
    assert page.post(f"/games/join/{random_code}/").status_code == 404
    # another game's link joins that game only
    response = page.post(f"/games/join/{other.invite_code}/")
    assert response.status_code == 302 and response["Location"] == f"/games/{other.pk}/"
    assert list(Seat.objects.filter(user=intruder).values_list("game_id", flat=True)) == [other.pk]
    # the page form of the private game itself, without a code
    response = page.post(f"/games/{hidden.pk}/join/")
    assert response.status_code == 302 and not hidden.seats.filter(user=intruder).exists()
    # the real code works (control)
    response = api(cyd).post(f"/api/games/{hidden.pk}/join/", {"invite_code": hidden.invite_code}, format="json")
    assert response.status_code == 200
    observed(f"joining private game {hidden.pk} with {len(answers)} kinds of wrong code: {answers}; "
             "a random invite link: 404 (GET and POST); another game's link joins only that game")


@run_async
async def test_private_games_are_invisible_to_outsiders(cast) -> None:
    ann, bob, cyd = cast["ann"], cast["bob"], cast["cyd"]
    game = await db_async(start_game)([ann, bob], private=True)
    waiting = await db_async(services.game_create)(user=ann, game="carcassonne", players=3, private=True)
    seen = await db_async(_outsider_answers)(game, waiting, cyd)
    for sock_cookie in (None, await db_async(session_cookie)(cyd)):
        for target in (game, waiting):
            sock = await Socket(f"/ws/games/{target.pk}/", sock_cookie).connect()
            code = await sock.closed_with()
            assert code == 4404
            seen.add(("socket", code))
    # the players themselves see it
    sock = await Socket(f"/ws/games/{game.pk}/", await db_async(session_cookie)(bob)).connect()
    assert (await sock.receive_type("game"))["game"]["id"] == game.pk
    await sock.close()
    observed(f"an outsider and anonymous on private games (one playing, one waiting): {sorted(seen)}; "
             "absent from every list, the lobby page and ?mine=1; the invitation code appears nowhere")


def _outsider_answers(game: Game, waiting: Game, outsider) -> set:
    seen = set()
    codes = (game.invite_code, waiting.invite_code)
    for user in (outsider, None):
        client = api(user)
        for target in (game, waiting):
            for path in (f"/api/games/{target.pk}/", f"/api/games/{target.pk}/moves/",
                         f"/api/games/{target.pk}/record/", f"/api/games/{target.pk}/record/?download=1"):
                response = client.get(path)
                assert response.status_code == 404, path
                seen.add(("api", response.status_code))
            page = Client()
            if user is not None:
                page.force_login(user)
            response = page.get(f"/games/{target.pk}/")
            assert response.status_code == 404
            seen.add(("page", response.status_code))
        for path in ("/api/games/", "/api/games/?status=open", "/api/games/?status=active", "/api/games/?mine=1"):
            response = client.get(path)
            text = response.content.decode()
            data = decode(response)
            rows = data["results"] if isinstance(data, dict) and "results" in data else data
            ids = {row["id"] for row in rows} if isinstance(rows, list) else set()
            assert response.status_code in (200, 401, 403) and not ids & {game.pk, waiting.pk}, path
            assert not any(code in text for code in codes)
        page = Client()
        if user is not None:
            page.force_login(user)
        text = page.get("/").content.decode()
        assert f"/games/{game.pk}/" not in text and f"/games/{waiting.pk}/" not in text
        assert not any(code in text for code in codes)
    return seen

"""Play a whole game between two new accounts through the HTTP API, with random legal turns."""
from __future__ import annotations

import json
import random
import secrets
import urllib.error
import urllib.request
from typing import Any, Optional

from django.core.management.base import BaseCommand, CommandError, CommandParser


class Client:
    """A tiny JSON client for the site's API."""

    def __init__(self, base: str, token: Optional[str] = None) -> None:
        self.base = base.rstrip("/") + "/api"
        self.token = token

    def call(self, method: str, path: str, body: Optional[dict[str, Any]] = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if self.token:
            request.add_header("Authorization", f"Token {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as err:
            raise CommandError(f"{method} {path}: {err.code} {err.read().decode(errors='replace')}") from None
        except urllib.error.URLError as err:
            raise CommandError(f"cannot reach {self.base}: {err.reason}") from None


def random_api_turn(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal turn built from the API's view alone."""
    spot = rng.choice(view["legal"])
    actions: list[dict[str, Any]] = [{"type": "pass"}]
    actions += [{"type": "follower", "at": at} for at in spot["followers"]]
    actions += [{"type": "prophet", "at": at} for at in spot["prophet"]]
    turn: dict[str, Any] = {"tile": view["tile"], "x": spot["x"], "y": spot["y"], "rotation": spot["rotation"],
                            "action": rng.choice(actions)}
    if spot["ark_at"]:
        turn["ark_at"] = rng.choice(spot["ark_at"])
    return turn


class Command(BaseCommand):
    help = "Sign up two players and play a whole game through the HTTP API with random legal turns."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--url", default="http://127.0.0.1:8000", help="the running site")
        parser.add_argument("--game", default="ark", choices=["ark", "carcassonne"])
        parser.add_argument("--seed", type=int, default=None, help="seed of the random choices")

    def handle(self, *args: Any, **options: Any) -> None:
        rng = random.Random(options["seed"])
        clients = []
        for _ in range(2):
            name = f"player_{secrets.token_hex(4)}"
            password = secrets.token_urlsafe(16)
            anon = Client(options["url"])
            anon.call("POST", "/accounts/register/", {"username": name, "email": f"{name}@example.org",
                                                      "password": password})
            token = anon.call("POST", "/accounts/token/", {"username": name, "password": password})["token"]
            clients.append(Client(options["url"], token))
        game = clients[0].call("POST", "/games/", {"game": options["game"], "seats": 2, "move_hours": 24})
        game = clients[1].call("POST", f"/games/{game['id']}/join/", {})
        self.stdout.write(f"game {game['id']} started")
        turns = 0
        while game["status"] == "active":
            client = next(c for c in clients
                          if c.call("GET", f"/games/{game['id']}/")["your_seat"] == game["current_seat"])
            mine = client.call("GET", f"/games/{game['id']}/")
            turn = random_api_turn(mine["view"], rng)
            game = client.call("POST", f"/games/{game['id']}/turns/", {"version": mine["version"], "turn": turn})
            turns += 1
        scores = {s["user"]["username"]: s["score"] for s in game["seats"]}
        self.stdout.write(json.dumps({"game": game["id"], "status": game["status"], "turns": turns,
                                      "scores": scores}))

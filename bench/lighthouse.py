"""Lighthouse's mobile scores of every game's page, as the player to move sees it, under the production settings
(hashed, compressed static files from WhiteNoise, gzipped pages), served by ``manage.py runserver``.

    .venv/bin/python bench/lighthouse.py [--runs 2] [--turns 8] [--game NAME] [--lighthouse PATH] [--also DIR]

For every game of the registry (or ``--game``) a two-player game is played ``--turns`` random turns into a fresh
database (``DATABASE_URL`` if set, else a SQLite file in a temporary folder), and Lighthouse (mobile preset,
Debian's Chromium headless) loads its page ``--runs`` times, logged in as the player to move. One JSON line is
printed per page and run: the performance and accessibility scores, the metrics (ms; layout shift unitless),
the largest contentful paint's element, and the machine's load average at the time, for these figures move
with the machine's other work. Figures only: no pass or fail. Lighthouse is not part of the site or its tests:
``npm install --prefix /tmp/lh lighthouse@12`` (its default path here).

``--also DIR`` compares side by side: DIR is another checkout of the site (a worktree of an earlier commit, say),
served beside this one from the same database with its own static files, and each page is measured on both in
turn, so both see the same load; each line names its ``tree``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking"
METRICS = {"fcp": "first-contentful-paint", "lcp": "largest-contentful-paint", "tbt": "total-blocking-time",
           "cls": "cumulative-layout-shift", "si": "speed-index"}


def production(port: int, folder: str) -> dict[str, str]:
    """The settings of a deployment on this machine, over plain HTTP (no TLS in front of it here)."""
    return {"DJANGO_ENV": "production", "SECRET_KEY": secrets.token_urlsafe(48), "ALLOWED_HOSTS": "127.0.0.1",
            "SITE_URL": f"http://127.0.0.1:{port}", "SECURE_SSL_REDIRECT": "0", "STATIC_ROOT": f"{folder}/static",
            "DATABASE_URL": os.environ.get("DATABASE_URL") or f"sqlite:///{folder}/db.sqlite3",
            "DJANGO_SETTINGS_MODULE": "arkproject.settings"}


def games_in_progress(names: list[str], turns: int) -> list[tuple[str, int, str]]:
    """(game, id, session cookie of the player to move) for a two-player game of each of ``names``."""
    from django.test import Client

    from tests.factories import UserFactory, play_turns, start_game

    made = []
    for number, name in enumerate(names):
        game = play_turns(start_game([UserFactory(), UserFactory()], game=name, seed=2026 + number), turns,
                          random.Random(number))
        client = Client()
        client.force_login(game.seats.get(number=game.current_seat).user)
        made.append((name, game.pk, client.cookies["sessionid"].value))
    return made


def wait_for(port: int, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer on port {port}")


def lighthouse(tool: str, url: str, cookie: str, save: str = "") -> dict[str, Any]:
    for _attempt in range(3):  # Lighthouse's own trace sometimes fails ("Please run Lighthouse again"): retried
        result = subprocess.run(
            [tool, url, "--quiet", "--output=json", "--output-path=stdout",
             "--only-categories=performance,accessibility", f"--chrome-flags={CHROME_FLAGS}",
             "--extra-headers", json.dumps({"Cookie": f"sessionid={cookie}"})],
            capture_output=True, text=True, env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"}, timeout=300)
        if "Please run Lighthouse again" not in result.stderr:
            break
    if result.returncode:
        raise SystemExit(f"lighthouse failed: {result.stderr[-2000:]}")
    report = json.loads(result.stdout)
    if save:
        Path(save).write_text(result.stdout)
    audits = report["audits"]
    element = (audits.get("largest-contentful-paint-element", {}).get("details") or {}).get("items") or [{}]
    node = ((element[0].get("items") or [{}])[0].get("node") or {}) if element else {}
    return {"performance": round(report["categories"]["performance"]["score"] * 100),
            "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
            **{key: round(audits[audit]["numericValue"], 3 if key == "cls" else 0) for key, audit in METRICS.items()},
            "lcp_element": node.get("selector", "")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--game", action="append", help="a registered game (default: every one)")
    parser.add_argument("--port", type=int, default=8011)
    parser.add_argument("--lighthouse", default="/tmp/lh/node_modules/.bin/lighthouse")
    parser.add_argument("--also", help="another checkout to measure side by side")
    parser.add_argument("--save", help="a folder to keep each whole Lighthouse report in (JSON)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="lighthouse-")
    env = production(args.port, folder)
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    from games.rules import games

    call_command("migrate", verbosity=0)
    pages = games_in_progress(args.game or games(), args.turns)
    trees = {str(ROOT): args.port}
    if args.also:
        trees[str(Path(args.also).resolve())] = args.port + 1
    servers = []
    try:
        for number, (tree, port) in enumerate(trees.items()):
            tree_env = {**os.environ, **env, "SITE_URL": f"http://127.0.0.1:{port}",
                        "STATIC_ROOT": f"{folder}/static-{number}"}
            python = str(Path(tree) / ".venv/bin/python") if (Path(tree) / ".venv/bin/python").exists() else sys.executable
            subprocess.run([python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=tree, env=tree_env, check=True)
            servers.append(subprocess.Popen([python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
                                            cwd=tree, env=tree_env, stdout=subprocess.DEVNULL,
                                            stderr=subprocess.DEVNULL))
            wait_for(port)
        for run in range(args.runs):
            for name, game_id, cookie in pages:
                for number, (tree, port) in enumerate(trees.items()):
                    save = f"{args.save}/{name}-{run + 1}-{number}.json" if args.save else ""
                    figures = lighthouse(args.lighthouse, f"http://127.0.0.1:{port}/games/{game_id}/", cookie, save)
                    print(json.dumps({"game": name, "run": run + 1, "tree": tree, **figures,
                                      "load_average": round(os.getloadavg()[0], 1)}), flush=True)
    finally:
        for server in servers:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()

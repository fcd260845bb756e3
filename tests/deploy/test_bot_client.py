"""docs/bots.md's example bot, as written there, plays a whole game through the API of a running site against
the site's own computer player."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token

from games.computer.tasks import wait_for_computers
from games.models import Game
from games.play import services
from tests.factories import UserFactory
from tests.robustness.conftest import database_url, free_port, stop_process, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def example_client() -> str:
    text = (Path(settings.BASE_DIR) / "docs" / "bots.md").read_text()
    return re.search(r"```python\n(.*?)```", text, re.S).group(1)


def test_the_documented_random_bot_plays_a_game_to_the_end(tmp_path: Path, eager_celery: None) -> None:
    client = example_client()
    assert 20 <= len(client.strip().splitlines()) <= 40  # about thirty lines
    bot = UserFactory(username="randombot", is_bot=True)
    token = Token.objects.create(user=bot).key
    # No Celery worker runs here: with REDIS_URL set (CI), a computer seated first would wait on the broker
    # forever. Its first step is played in this process; the site below plays it in process afterwards.
    game = services.game_create(user=bot, game="carcassonne", players=2, computers=["easy"])
    wait_for_computers()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=database_url(), INPROCESS_SWEEP="0", RATE_LIMIT_TURNS="off")
    log_path = tmp_path / "server.log"
    with log_path.open("w") as log:
        server = subprocess.Popen([sys.executable, "-m", "uvicorn", "arkproject.asgi:application", "--port",
                                   str(port), "--host", "127.0.0.1"], cwd=settings.BASE_DIR, env=env, stdout=log,
                                  stderr=subprocess.STDOUT)
        try:
            wait_until(lambda: subprocess.run(["curl", "-sf", f"http://127.0.0.1:{port}/api/schema/"],
                                              capture_output=True).returncode == 0, "the site", timeout=60,
                       process=server, log=log_path)
            (tmp_path / "random_bot.py").write_text(client)
            started = time.monotonic()
            run = subprocess.run([sys.executable, "random_bot.py", f"http://127.0.0.1:{port}", token, str(game.pk)],
                                 cwd=tmp_path, capture_output=True, text=True, timeout=600)
        finally:
            stop_process(server)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:] + log_path.read_text()[-3000:]
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, log_path.read_text()[-3000:]
    assert "final scores:" in run.stdout
    assert game.moves.filter(user=bot).count() >= 30 and game.moves.filter(user__computer_level="easy").exists()
    assert time.monotonic() - started < 600
    assert {s.user.kind for s in game.seats.select_related("user")} == {"bot", "computer"}  # shown as such

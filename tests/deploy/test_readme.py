"""The README's walk-through of the API runs as pasted, against a running site (curl and jq, as a user would)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.robustness.conftest import database_url, free_port, stop_process, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

README = Path(settings.BASE_DIR) / "README.md"


def walkthrough() -> str:
    """The indented block of the README's "Playing through the API" section, as a shell script."""
    section = README.read_text().split("## Playing through the API", 1)[1].split("\n## ", 1)[0]
    lines = [line[4:] for line in section.splitlines() if line.startswith("    ") or not line.strip()]
    block = "\n".join(lines).strip()
    assert block.startswith("API=http://127.0.0.1:8000/api"), block[:200]
    return block


def test_the_readme_walkthrough_runs_as_pasted(tmp_path: Path) -> None:
    if not (shutil.which("curl") and shutil.which("jq")):
        pytest.skip("needs curl and jq, as the README's walk-through does")
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(DATABASE_URL=database_url(), RATE_LIMIT_SIGNUP="off", RATE_LIMIT_LOGIN="off", INPROCESS_SWEEP="0")
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "arkproject.asgi:application", "--port", str(port),
                               "--host", "127.0.0.1"], cwd=settings.BASE_DIR, env=env, stdout=log,
                              stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: subprocess.run(["curl", "-sf", f"http://127.0.0.1:{port}/api/schema/"],
                                          capture_output=True).returncode == 0, "the site", timeout=60,
                   process=server, log=tmp_path / "server.log")
        script = walkthrough().replace("http://127.0.0.1:8000", f"http://127.0.0.1:{port}")
        script = script.replace(".venv/bin/python manage.py", f"{sys.executable} {settings.BASE_DIR}/manage.py")
        run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=180)
    finally:
        stop_process(server)
        log.close()
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    out = run.stdout
    assert '"status": "active"' in out
    assert re.search(r'"current_seat": [01]', out)
    assert out.count('"undo": 1') >= 1 and '"undo": 0' in out  # the step could be taken back, and was
    assert "null" not in out.split('"detail"')[0] or '"detail"' not in out  # no error answered
    # the replayed record's result: every entry of the record replayed, the two turns played and any tile drawn
    # that fitted nowhere (set aside: an entry of its own), the game not over
    entries = json.loads((tmp_path / "game.json").read_text())["turns"]
    played = [entry for entry in entries if "x" in entry]
    assert len(played) == 2, entries
    assert '{"scores": [' in out and f'"finished": false, "turns": {len(entries)},' in out, out

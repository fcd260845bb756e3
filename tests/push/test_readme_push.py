"""The README's Web Push commands run as pasted: a key pair made into vapid.env, read into the shell's
environment, and the site's check that push is on with it."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

README = Path(settings.BASE_DIR) / "README.md"


def push_commands() -> str:
    section = README.read_text().split("## Notifications on your devices, and the site as an app", 1)[1]
    section = section.split("\n## ", 1)[0]
    lines = [line[4:] for line in section.splitlines() if line.startswith("    .venv") or line.startswith("    set -a")]
    assert len(lines) == 3, lines
    return "\n".join(lines)


def test_the_readme_makes_a_vapid_pair_that_turns_push_on(tmp_path: Path) -> None:
    script = push_commands().replace(".venv/bin/python manage.py", f"{sys.executable} {settings.BASE_DIR}/manage.py")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VAPID_") and k != "DJANGO_SETTINGS_MODULE"}
    run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=tmp_path, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Web Push is on (VAPID_SUBJECT mailto:"), run.stdout
    pair = dict(line.split("=", 1) for line in (tmp_path / "vapid.env").read_text().split())
    assert set(pair) == {"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"} and len(pair["VAPID_PUBLIC_KEY"]) == 87
    # without the pair, the same check says push is off and how to turn it on
    off = subprocess.run([sys.executable, "manage.py", "vapid_keys", "--check"], cwd=settings.BASE_DIR, env=env,
                         capture_output=True, text=True, timeout=120)
    assert off.returncode == 1 and "Web Push is off" in off.stderr and "vapid_keys" in off.stderr

"""The project skeleton: URLs answer, system checks pass, and `manage.py replay` keeps its contract."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

ROOT = Path(__file__).resolve().parents[1]
EMPTY_RECORD = {"format": 1, "game": "carcassonne", "players": 2, "turns": [], "end": True}


def manage(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=120
    )


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/admin/login/", "/api/schema/"])
def test_page_answers(client: Client, url: str) -> None:
    assert client.get(url).status_code == 200


def test_system_checks_pass() -> None:
    run = manage("check")
    assert run.returncode == 0, run.stderr


def assert_empty_game_result(run: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("\n") == 1 and run.stdout.endswith("\n")
    assert json.loads(run.stdout) == {"scores": [0, 0], "finished": True, "turns": 0, "winners": [0, 1]}


def test_replay_prints_one_json_line(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(EMPTY_RECORD), encoding="utf-8")
    assert_empty_game_result(manage("replay", str(record)))


def test_replay_reads_standard_input() -> None:
    assert_empty_game_result(manage("replay", "-", stdin=json.dumps(EMPTY_RECORD)))


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe not utf-8"])
def test_replay_rejects_bad_file(tmp_path: Path, content: bytes) -> None:
    record = tmp_path / "bad.json"
    record.write_bytes(content)
    run = manage("replay", str(record))
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.strip()


def test_replay_rejects_missing_file(tmp_path: Path) -> None:
    run = manage("replay", str(tmp_path / "missing.json"))
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"record: cannot read {tmp_path / 'missing.json'}: No such file or directory\n"

"""Answers the web servers used to give in their own words, now JSON under /api/ (issue 24, item 8): a request
line over 4 KB (gunicorn's HTML 414), and Django's own 400s (a host not allowed, ...)."""
from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from tests.robustness.conftest import free_port, stop_process, wait_until

from .conftest import child_env

LONG = "a" * 5000


@pytest.mark.django_db
def test_a_request_line_over_the_limit_is_a_readable_414() -> None:
    response = Client().get(f"/api/games/?q={LONG}")
    assert response.status_code == 414 and response["Content-Type"] == "application/json"
    assert response.json()["detail"] == ("The address is too long: a request line holds at most 4094 bytes "
                                         "(method, path, query and protocol).")
    page = Client().get(f"/players/{LONG}/")
    assert page.status_code == 414 and "too long" in page.content.decode()
    assert Client().get(f"/api/nothing/?q={'a' * 3000}").json() == {"detail": "Not found."}


def test_a_host_not_allowed_is_a_json_400_under_api() -> None:
    response = Client(HTTP_HOST="evil.example").get("/api/games/")
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Bad request: this site does not answer for that host name."}
    page = Client(HTTP_HOST="evil.example").get("/")
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")


def procfile_web_command() -> str:
    [line] = [line for line in (Path(settings.BASE_DIR) / "Procfile").read_text().splitlines()
              if line.startswith("web:")]
    return line.removeprefix("web:").strip()


def raw_get(port: int, target: str) -> tuple[int, dict[str, str], bytes]:
    """``GET target`` over a plain socket: the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:] if ":" in line)}
    return status, headers, body


def test_gunicorn_as_the_procfile_runs_it_lets_django_answer_a_long_request_line(tmp_path: Path) -> None:
    """gunicorn answers a request line over its limit with an HTML page of its own; the Procfile raises that
    limit (--limit-request-line, its documented setting, to its largest) so Django answers in JSON."""
    command = procfile_web_command()
    assert re.search(r"--limit-request-line 8190\b", command), command
    assert "--limit-request-line 8190" in (Path(settings.BASE_DIR) / "bin" / "serve-production").read_text()
    port = free_port()
    env = child_env({"PORT": str(port), "WEB_CONCURRENCY": "1", "WEB_THREADS": "2",
                     "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}", "INPROCESS_SWEEP": "0",
                     "PATH": f"{Path(sys.executable).parent}:{child_env({}).get('PATH', '')}"})
    log_path = tmp_path / "gunicorn.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(["bash", "-c", f"exec {command.replace('0.0.0.0', '127.0.0.1')}"],
                                  cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            def answers() -> bool:
                try:
                    return raw_get(port, "/api/nothing/")[0] == 404
                except OSError:
                    return False
            wait_until(answers, "gunicorn", timeout=60, process=server, log=log_path)
            status, headers, body = raw_get(port, f"/api/games/?q={LONG}")
            assert status == 414 and headers["content-type"] == "application/json", body[:300]
            assert b"too long" in body
            assert raw_get(port, f"/api/nothing/?q={'a' * 3000}")[0] == 404
        finally:
            stop_process(server)

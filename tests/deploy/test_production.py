"""Production mode (DJANGO_ENV=production): secure settings, `check --deploy` clean, refuses to start half set up.

Each test runs Django in a child process with the environment a deployment gives it, since the settings
are read once, at import.
"""
from __future__ import annotations

import json

import pytest

from .conftest import production_env, run_django, run_python

SETTINGS_AS_JSON = """
import json
from django.conf import settings as s
print(json.dumps({
    "DEBUG": s.DEBUG, "SESSION_COOKIE_SECURE": s.SESSION_COOKIE_SECURE, "CSRF_COOKIE_SECURE": s.CSRF_COOKIE_SECURE,
    "SECURE_HSTS_SECONDS": s.SECURE_HSTS_SECONDS, "SECURE_HSTS_INCLUDE_SUBDOMAINS": s.SECURE_HSTS_INCLUDE_SUBDOMAINS,
    "SECURE_HSTS_PRELOAD": s.SECURE_HSTS_PRELOAD, "SECURE_SSL_REDIRECT": s.SECURE_SSL_REDIRECT,
    "SECURE_PROXY_SSL_HEADER": s.SECURE_PROXY_SSL_HEADER, "CSRF_TRUSTED_ORIGINS": s.CSRF_TRUSTED_ORIGINS,
    "X_FRAME_OPTIONS": s.X_FRAME_OPTIONS, "MIDDLEWARE": s.MIDDLEWARE, "STORAGES": s.STORAGES,
    "INPROCESS_SWEEP": s.INPROCESS_SWEEP, "LOGGING": s.LOGGING, "CACHE": s.CACHES["default"]["BACKEND"],
    "CHANNEL_LAYER": s.CHANNEL_LAYERS["default"]["BACKEND"], "EAGER": s.CELERY_TASK_ALWAYS_EAGER,
}))
"""


def settings_in(env: dict[str, str], remove: tuple[str, ...] = ()) -> dict:
    result = run_python(SETTINGS_AS_JSON, env, remove)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_check_deploy_is_clean_in_production() -> None:
    result = run_django(["manage.py", "check", "--deploy"], production_env())
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues" in output, output


def test_check_deploy_warns_when_processes_could_not_share_state() -> None:
    """Production without Redis or PostgreSQL runs, but `check --deploy` says why several processes would not."""
    result = run_django(["manage.py", "check", "--deploy"], production_env(), remove=("REDIS_URL", "DATABASE_URL"))
    output = result.stdout + result.stderr
    assert "arkproject.W001" in output and "REDIS_URL is not set" in output, output
    assert "arkproject.W002" in output, output


@pytest.mark.parametrize("missing", ["SECRET_KEY", "ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing: str) -> None:
    result = run_django(["manage.py", "check"], production_env(), remove=(missing,))
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert f"{missing} must be set when DJANGO_ENV=production" in result.stderr


def test_production_refuses_a_blank_allowed_hosts() -> None:
    result = run_django(["manage.py", "check"], production_env(ALLOWED_HOSTS=" , "))
    assert result.returncode != 0 and "ALLOWED_HOSTS must be set" in result.stderr


def test_an_unknown_django_env_is_refused_rather_than_run_with_debug_on() -> None:
    result = run_django(["manage.py", "check"], production_env(DJANGO_ENV="prod"))
    assert result.returncode != 0 and "DJANGO_ENV must be development or production" in result.stderr


def test_a_malformed_rate_limit_is_refused() -> None:
    result = run_django(["manage.py", "check"], production_env(RATE_LIMIT_TURNS="lots"))
    assert result.returncode != 0 and "RATE_LIMIT_TURNS must look like 10/m" in result.stderr


def test_production_settings() -> None:
    s = settings_in(production_env())
    assert s["DEBUG"] is False
    assert s["SESSION_COOKIE_SECURE"] is True and s["CSRF_COOKIE_SECURE"] is True
    assert s["SECURE_HSTS_SECONDS"] >= 365 * 24 * 3600
    assert s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True and s["SECURE_HSTS_PRELOAD"] is True
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SECURE_PROXY_SSL_HEADER"] is None  # X-Forwarded-Proto is not believed unless asked
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://ark.example"]
    assert s["X_FRAME_OPTIONS"] == "DENY"
    assert s["MIDDLEWARE"][:2] == ["django.middleware.security.SecurityMiddleware",
                                   "whitenoise.middleware.WhiteNoiseMiddleware"]
    assert s["STORAGES"]["staticfiles"]["BACKEND"] == "arkproject.storage.StaticFilesStorage"
    # REDIS_URL set: everything shared goes through Redis and no web process sweeps on its own
    assert s["INPROCESS_SWEEP"] is False
    assert s["CACHE"] == "django.core.cache.backends.redis.RedisCache"
    assert s["CHANNEL_LAYER"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert s["EAGER"] is False
    assert s["LOGGING"]["handlers"]["console"]["stream"] == "ext://sys.stdout"
    assert s["LOGGING"]["loggers"]["django"]["level"] == "INFO"


def test_ssl_redirect_and_proxy_header_are_switchable() -> None:
    s = settings_in(production_env(SECURE_SSL_REDIRECT="0", TRUST_X_FORWARDED_PROTO="1"))
    assert s["SECURE_SSL_REDIRECT"] is False
    assert s["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_development_needs_no_collectstatic_and_sweeps_in_process_without_redis() -> None:
    s = settings_in({}, remove=("REDIS_URL",))
    assert s["DEBUG"] is True and s["SECURE_SSL_REDIRECT"] is False and s["SESSION_COOKIE_SECURE"] is False
    assert s["STORAGES"]["staticfiles"]["BACKEND"] == "django.contrib.staticfiles.storage.StaticFilesStorage"
    assert s["MIDDLEWARE"][1] == "whitenoise.middleware.WhiteNoiseMiddleware"
    assert s["INPROCESS_SWEEP"] is True  # no broker: the serving process sweeps itself ...
    assert settings_in({"REDIS_URL": "redis://127.0.0.1:6379/0"})["INPROCESS_SWEEP"] is False  # ... never beside one


def test_a_web_server_process_starts_no_sweeper_thread_when_redis_is_set() -> None:
    """No state only in one process: with REDIS_URL, celery beat sweeps; uvicorn's workers start no thread."""
    result = run_python("from games.notifications import sweeper; import threading\n"
                        "print(sweeper.start(['uvicorn']), sorted(t.name for t in threading.enumerate()))",
                        production_env())
    assert result.returncode == 0, result.stderr
    started, threads = result.stdout.strip().splitlines()[-1].split(" ", 1)
    assert started == "False" and "ark-sweeper" not in threads


def test_release_steps_and_static_files_in_production(tmp_path) -> None:
    """collectstatic (the release step) works, and WhiteNoise then serves hashed files for good, over HTTPS."""
    env = production_env(STATIC_ROOT=str(tmp_path / "static"))
    result = run_django(["manage.py", "collectstatic", "--noinput"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())["paths"]
    hashed_game_js = manifest["js/game.js"]
    assert hashed_game_js != "js/game.js"
    game_js = (tmp_path / "static" / hashed_game_js).read_text()
    assert 'from "./board.js"' not in game_js  # its imports point at hashed files too
    dom_js = (tmp_path / "static" / manifest["js/shell/dom.js"]).read_text()  # the boards' shared helpers
    assert 'from "./words.js"' not in dom_js and "export function el(" in dom_js
    result = run_python("""
import json
from django.test import Client
from django.templatetags.static import static
client = Client(HTTP_HOST="ark.example")
url = static("js/game.js")
secure = client.get(url, secure=True)
plain = client.get("/accounts/login/")
from games.rules import games
from games.web.modules import module_preloads
from games.web.views import PAGE_MODULE, board_module_name
preloads = {u: client.get(u, secure=True).status_code for g in games() for u in module_preloads(PAGE_MODULE, board_module_name(g))}
print(json.dumps([url, secure.status_code, secure["Cache-Control"], secure["Strict-Transport-Security"],
                  plain.status_code, plain["Location"], preloads]))
""", env)
    assert result.returncode == 0, result.stderr
    url, status, cache_control, hsts, plain_status, location, preloads = json.loads(
        result.stdout.strip().splitlines()[-1])
    # the game pages' module preloads name the hashed files, those the hashed modules import
    assert preloads and set(preloads.values()) == {200}
    assert set(preloads) <= {f"/static/{hashed}" for hashed in manifest.values()}, preloads
    assert url == f"/static/{hashed_game_js}" and status == 200
    assert "immutable" in cache_control
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert plain_status == 301 and location == "https://ark.example/accounts/login/"

"""Settings, read from the environment with defaults for local development.

With no environment at all the site runs on SQLite (db.sqlite3), in-memory channel layer and cache, and
Celery tasks run eagerly in-process. CI and production set DATABASE_URL and REDIS_URL.
"""
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from games.rules import titles_in_words  # the registry: pure Python, nothing of Django

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """A yes/no environment variable: 1, true, yes or on (any case) is yes; unset is ``default``."""
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in ("1", "true", "yes", "on")


DJANGO_ENV = os.environ.get("DJANGO_ENV", "development")
if DJANGO_ENV not in ("development", "production"):  # a typo ("prod") must not quietly run with DEBUG on
    raise ImproperlyConfigured(f"DJANGO_ENV must be development or production, not {DJANGO_ENV!r}")
PRODUCTION = DJANGO_ENV == "production"
DEBUG = not PRODUCTION

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when DJANGO_ENV=production: a long random string, "
                                   "e.g. from python3 -c 'import secrets; print(secrets.token_urlsafe(50))'")
    SECRET_KEY = "django-insecure-dev-only-key"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "" if PRODUCTION else "127.0.0.1,localhost,testserver").split(",")
    if host.strip()
]
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must be set when DJANGO_ENV=production: the site's host names, "
                               "comma separated (e.g. ark.example,www.ark.example)")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
# Forms posted from the site's own address pass the CSRF origin check (behind a proxy too).
_site = urlsplit(SITE_URL)
CSRF_TRUSTED_ORIGINS = [
    origin.strip()
    for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", f"{_site.scheme}://{_site.netloc}").split(",")
    if origin.strip()
]

# HTTPS (README "Running it for real"). Production sends cookies over HTTPS only, asks browsers to use HTTPS
# for a year (HSTS) and redirects http:// to https://, unless SECURE_SSL_REDIRECT=0 (a proxy in front that
# terminates TLS and redirects already, or a loopback benchmark). TRUST_X_FORWARDED_PROTO=1 only behind a
# proxy that sets X-Forwarded-Proto itself (else a client could claim https).
SESSION_COOKIE_SECURE = PRODUCTION
CSRF_COOKIE_SECURE = PRODUCTION
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", PRODUCTION)
SECURE_HSTS_SECONDS = 365 * 24 * 3600 if PRODUCTION else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = PRODUCTION
SECURE_HSTS_PRELOAD = PRODUCTION
if env_flag("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): scripts, styles, images and fonts from the site itself only, no inline
# script or style anywhere (the pages pass data in <script type="application/json">, which never runs), sockets
# and fetches to the site itself; no plugins, no framing. Permissions-Policy (django-permissions-policy): the
# site uses none of the browser's powerful features, so every one is off.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"], "script-src": ["'self'"], "style-src": ["'self'"],
        "img-src": ["'self'", "data:"], "font-src": ["'self'"], "connect-src": ["'self'"],
        "object-src": ["'none'"], "base-uri": ["'self'"], "form-action": ["'self'"], "frame-ancestors": ["'none'"],
    },
}
PERMISSIONS_POLICY: dict[str, list[str]] = {feature: [] for feature in (
    "accelerometer", "autoplay", "camera", "display-capture", "encrypted-media", "fullscreen", "geolocation",
    "gyroscope", "magnetometer", "microphone", "midi", "payment", "picture-in-picture", "publickey-credentials-get",
    "screen-wake-lock", "usb", "xr-spatial-tracking")}

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "channels",
    "games",
    "games.ratings",
    "games.chat",
    "games.rematch",
    "games.tournaments",
    "games.review",
    "games.push",
    "accounts",
    "arkproject",  # only for its deployment checks (arkproject/checks.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files from the web processes themselves
    # pages and API answers gzipped (static files come compressed from WhiteNoise, which answers before this);
    # BREACH: Django's own mitigation (random gzip header length) and masked CSRF tokens (docs/performance.md)
    "django.middleware.gzip.GZipMiddleware",
    "arkproject.middleware.RequestLineLimitMiddleware",  # 414 in JSON under /api/ (arkproject/middleware.py)
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # the reader's language: their account's choice (accounts), else the browser's Accept-Language (docs/i18n.md)
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserLanguageMiddleware",  # a signed-in player's chosen language above the browser's
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

# The longest request line (method, path, query, protocol) the site takes, in bytes: gunicorn's default limit,
# which it answered with an HTML page of its own. gunicorn runs with its limit raised to 8190 (Procfile), so that
# lines up to that reach the middleware and get a readable 414.
MAX_REQUEST_LINE = 4094

ROOT_URLCONF = "arkproject.urls"
WSGI_APPLICATION = "arkproject.wsgi.application"
ASGI_APPLICATION = "arkproject.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.context.games_on_the_site",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Under ASGI every thread of a process's pool keeps its own connection for CONN_MAX_AGE: with live
    # sockets that exhausted PostgreSQL ("too many clients", found by bench/load.py). So connections close
    # after each request by default, and DB_POOL_MAX=N gives each process a bounded pool of N instead.
    DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DB_CONN_MAX_AGE", "0"))
    if int(os.environ.get("DB_POOL_MAX", "0")) > 0:
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1, "max_size": int(os.environ["DB_POOL_MAX"]), "timeout": 10}
        # With a pool Django hands psycopg_pool check=ConnectionPool.check_connection: each connection is tried
        # (an empty query) before it is lent, and a dead one replaced. Without it a backend terminated under the
        # pool (a PostgreSQL restart, pg_terminate_backend, a network cut) cost a 500 per pooled connection.
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default. A transaction takes the write lock when it starts (IMMEDIATE), so racing requests
    # wait their turn (up to SQLITE_TIMEOUT_SECONDS) and then see what the first one wrote: the same clean
    # 409s as on PostgreSQL, where the deferred default failed them with "database is locked" (500) when two
    # readers both tried to write. WAL lets readers go on while one request writes.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE", "timeout": float(os.environ.get("SQLITE_TIMEOUT_SECONDS", "20")),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too (an in-memory database shared between threads locks whole tables, with no waiting).
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The site's languages: every sentence a player reads, in gettext catalogues (locale/ for the site's pages,
# each app's own locale/ for its words; the .mo files are committed, so no gettext tools are needed to run).
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
if PRODUCTION:
    # collectstatic (the release step) writes hashed, compressed copies that WhiteNoise serves for a year.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "arkproject.storage.StaticFilesStorage"},  # WhiteNoise's, see there
    }
else:
    # Development and tests need no collectstatic: WhiteNoise serves static/ and the apps' files as they are.
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
# Parallel test runs (pytest-xdist): each worker has a test database of its own (pytest-django), so game ids
# repeat from worker to worker; its channel groups get a prefix of their own too, or one worker's pages would
# receive another's pushes (Redis pub/sub channels span every database of the server).
_TEST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if REDIS_URL:
    import redis
    from redis.driver_info import DriverInfo

    # The client's name and version for CLIENT SETINFO, given rather than looked up: redis-py otherwise reads
    # its package metadata for every new connection (about 7 ms each, bench/load.py under a profiler).
    _REDIS_DRIVER = DriverInfo(name="redis-py", lib_version=redis.__version__)
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: each process holds one subscription that streams every message of its groups.
            # The list-based RedisChannelLayer popped one message per round trip and delivered pushes
            # seconds late under load (bench/load.py); a live update needs no queue: a missed one resyncs.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # redis-py refuses (rather than waits) past max_connections: its default of 100 per process failed
            # group joins when a hundred sockets connected at once (bench/load.py).
            "CONFIG": {"hosts": [{"address": REDIS_URL, "driver_info": _REDIS_DRIVER, "max_connections": int(
                os.environ.get("CHANNEL_REDIS_MAX_CONNECTIONS", "1000"))}],
                       "prefix": f"asgi-{_TEST_WORKER}" if _TEST_WORKER else "asgi"},
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"test-{_TEST_WORKER}" if _TEST_WORKER else "",
            "OPTIONS": {"driver_info": _REDIS_DRIVER},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
    CELERY_BROKER_URL = "memory://localhost/"  # never used for sending: only so eager calls need no AMQP default
CELERY_TIMEZONE = TIME_ZONE
# A worker's default queue (notifications, timeouts, the sweep); the real-worker tests give their workers queues
# of their own.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")
# The computer players' steps go to a queue of their own, served by workers of their own (Procfile "computer"):
# a crowd of games against the computer must not hold up turn emails and timeouts (issue 24).
COMPUTER_QUEUE = os.environ.get("COMPUTER_QUEUE", "computer")
# A worker serving that queue alone runs under Linux's SCHED_IDLE policy (arkproject/celery.py): people's requests
# on the same machine come first. 0 leaves it at the normal policy.
COMPUTER_IDLE = env_flag("COMPUTER_IDLE", True)
# A finished game's review (games/review, docs/review.md) is the hard computer's search too: the same queue.
CELERY_TASK_ROUTES = {"games.tasks.play_computer_step": {"queue": COMPUTER_QUEUE},
                      "games.tasks.review_game": {"queue": COMPUTER_QUEUE}}
CELERY_BEAT_SCHEDULE = {
    # Deadlines, reminders and turn emails are rows with due times (games.Notice), swept every minute.
    "sweep-due-notices": {"task": "games.tasks.sweep_due_notices", "schedule": 60.0},
    # Recorded emails whose delivery task was lost (a worker killed, the broker down) are queued again.
    "sweep-pending-emails": {"task": "games.tasks.sweep_pending_emails", "schedule": 60.0},
    # and so are recorded pushes (games/push)
    "sweep-pending-pushes": {"task": "games.tasks.sweep_pending_pushes", "schedule": 60.0},
    # The daily digest: run hourly; each digest user gets one a day, at REMINDER_DIGEST_HOUR their time.
    "send-reminder-digests": {"task": "games.tasks.send_reminder_digests", "schedule": crontab(minute=0)},
    # Tournaments whose start date came or whose round is over (a table's end queues its own at once too).
    "sweep-tournaments": {"task": "games.tasks.sweep_tournaments", "schedule": 60.0},
}

# Live updates (games/payloads.py, games/consumers.py): each committed version's views are built once and kept
# this long in the shared cache for the sockets to send; an open socket re-checks its account this often (a
# suspension also closes it at once).
GAME_VIEW_CACHE_SECONDS = int(os.environ.get("GAME_VIEW_CACHE_SECONDS", "60"))
# A socket process's connections for reading those views from Redis: reads past this many wait for one.
VIEW_CACHE_CONNECTIONS = int(os.environ.get("VIEW_CACHE_CONNECTIONS", "50"))
SOCKET_ACCOUNT_RECHECK_SECONDS = int(os.environ.get("SOCKET_ACCOUNT_RECHECK_SECONDS", "30"))

# Asynchronous play (README "Asynchronous play").
TURN_EMAIL_GRACE_MINUTES = int(os.environ.get("TURN_EMAIL_GRACE_MINUTES", "5"))
REMINDER_FRACTION_LEFT = 0.2          # the reminder goes when a fifth of the time for the move is left
REMINDER_DIGEST_HOUR = int(os.environ.get("REMINDER_DIGEST_HOUR", "8"))  # local hour of the daily digest
TIMEOUTS_BEFORE_REMOVAL = 3           # timeouts in a row that remove a player from a game
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "20"))
UNSUBSCRIBE_SALT = "accounts.unsubscribe"
# Without a broker (REDIS_URL unset) the runserver/daphne process sweeps due rows itself every minute from a
# background thread (games/sweeper.py); with Redis, `celery beat` and a worker do it. Never under tests.
_TESTING = "pytest" in sys.modules or (len(sys.argv) > 1 and sys.argv[1] == "test")
INPROCESS_SWEEP = os.environ.get("INPROCESS_SWEEP", "" if REDIS_URL or _TESTING else "1").lower() in (
    "1", "true", "yes", "on")
SWEEP_INTERVAL_SECONDS = int(os.environ.get("SWEEP_INTERVAL_SECONDS", "60"))
# The longest the hard computer player thinks about one decision (games/rules/bots.py): its budget is counted in
# playouts and usually takes far less; this limit holds on a slow or busy machine.
COMPUTER_HARD_SECONDS = float(os.environ.get("COMPUTER_HARD_SECONDS", "10"))
# The most unfinished games against the computer one account may have at once (its steps share one worker).
COMPUTER_GAMES_PER_PLAYER = int(os.environ.get("COMPUTER_GAMES_PER_PLAYER", "10"))
# A computer's step is queued when its turn commits; if it has not been made this long after, the sweep takes
# the task for lost (a worker killed, the broker down, a database connection cut) and queues it again.
COMPUTER_STEP_PATIENCE_SECONDS = int(os.environ.get("COMPUTER_STEP_PATIENCE_SECONDS", "120"))
# A finished game's review (docs/review.md): the hard search's drawn states per line and turn, and for the whole
# game (past it, fewer per turn); a review asked for again this long after it was queued and not done is queued
# again (its task taken for lost).
REVIEW_PLAYOUTS = int(os.environ.get("REVIEW_PLAYOUTS", "12"))
REVIEW_TOTAL_PLAYOUTS = int(os.environ.get("REVIEW_TOTAL_PLAYOUTS", "6000"))
REVIEW_PATIENCE_SECONDS = int(os.environ.get("REVIEW_PATIENCE_SECONDS", "1800"))

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / "sent_emails"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

# Web Push (games/push, README "Notifications on your devices"): the site's VAPID key pair, made by
# `python manage.py vapid_keys`; with none set, push is off and the settings page says so.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "") or (
    SITE_URL if SITE_URL.startswith("https://") else f"mailto:{DEFAULT_FROM_EMAIL}")
# Only the tests' local push service is http:// on a loopback address; a real one is https:// on the Internet.
PUSH_ALLOW_HTTP_ENDPOINTS = False

# The reverse proxies in front of the web processes (their X-Forwarded-For names the client: rate limits).
FORWARDED_ALLOW_IPS = frozenset(ip.strip() for ip in os.environ.get("FORWARDED_ALLOW_IPS", "").split(",") if ip.strip())
# Rate limits (arkproject/ratelimit.py), counted in the cache: Redis with REDIS_URL, so every process shares
# the counts. "N/s", "N/m", "N/h" or "N/d", or "off"; each can be set by RATE_LIMIT_<NAME>, e.g.
# RATE_LIMIT_TURNS=off for a load benchmark. The pages and the API share the counts of the same name.
RATE_LIMITS = {
    # the log-in page and POST /api/accounts/token/: per client address and per username
    "login": os.environ.get("RATE_LIMIT_LOGIN", "10/m"),
    # the sign-up page and POST /api/accounts/register/: per client address
    "signup": os.environ.get("RATE_LIMIT_SIGNUP", "5/h"),
    # the password reset page (asking for the email): per client address
    "password_reset": os.environ.get("RATE_LIMIT_PASSWORD_RESET", "5/h"),
    # POST /api/games/<id>/turns/: per user
    "turns": os.environ.get("RATE_LIMIT_TURNS", "120/m"),
    # POST /api/games/<id>/chat/: per user
    "chat": os.environ.get("RATE_LIMIT_CHAT", "10/m"),
    # new games: POST /api/games/ and the lobby's forms, per user
    "games": os.environ.get("RATE_LIMIT_GAMES", "30/h"),
}
for _name, _rate in RATE_LIMITS.items():
    if _rate.strip().lower() != "off" and not re.fullmatch(r"\d+/[smhd][a-z]*", _rate.strip()):
        raise ImproperlyConfigured(f"RATE_LIMIT_{_name.upper()} must look like 10/m (per s, m, h or d) or be "
                                   f"off, not {_rate!r}")

# Logs go to standard output in every mode (a process manager or the platform collects them).
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout",
                             "formatter": "plain"}},
    # One handler, on the root: the named loggers below only set levels and pass their records up to it.
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django": {"level": LOG_LEVEL},
        "django.server": {"handlers": ["console"], "level": LOG_LEVEL, "propagate": False},
        "arkproject": {"level": LOG_LEVEL},
        "accounts": {"level": LOG_LEVEL},
        "games": {"level": LOG_LEVEL},
        "celery": {"level": LOG_LEVEL},
        # noisy at INFO and below
        "django.db.backends": {"level": "WARNING"},
        "django.utils.autoreload": {"level": "WARNING"},
        "asyncio": {"level": "WARNING"},
        "daphne": {"level": "WARNING"},
        "channels_redis": {"level": "WARNING"},
        "urllib3": {"level": "WARNING"},
    },
}

# ModelBackend, refusing the site's computer players (accounts/backends.py)
AUTHENTICATION_BACKENDS = ["accounts.backends.AccountBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "arkproject.schema.ApiAutoSchema",  # with the error answers
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.backends.AccountTokenAuthentication",   # scripts and clients (first: 401s); no computer
        "rest_framework.authentication.SessionAuthentication",  # the browser, with CSRF
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "EXCEPTION_HANDLER": "arkproject.exceptions.api_exception_handler",
    "DEFAULT_PAGINATION_CLASS": "arkproject.api.CappedPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_PARSER_CLASSES": [
        "arkproject.api.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Correspondence Board Games API",
    "DESCRIPTION": f"Play {titles_in_words()} by turns. Authenticate with a session "
                   "or with `Authorization: Token <key>` from POST /api/accounts/token/.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # the tournaments' choices beside the games' own "status" and "kind" (games/tournaments)
    "ENUM_NAME_OVERRIDES": {"TournamentKindEnum": "games.tournaments.models.Tournament.Kind",
                            "TournamentStatusEnum": "games.tournaments.models.Tournament.Status"},
}

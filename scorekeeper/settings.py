"""Django settings for Rummy Table.

Everything deploy-specific comes from the environment so one settings file serves a laptop
(SQLite, locmem cache), CI (PostgreSQL + Redis) and production alike. The defaults fail closed:
without ``DEBUG=1`` the app is in production mode and refuses to start without a strong
``SECRET_KEY``; ``make run`` sets ``DEBUG=1`` for development. docs/deploying.md "Configuration" lists
every variable.
"""

import os
import sys
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from scorekeeper.netaddr import lan_hosts

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, got {value!r}") from None


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, got {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

# -- the secret key ---------------------------------------------------------------------------

DEV_SECRET_KEY = "dev-only-insecure-key-never-use-in-production"
MIN_SECRET_KEY_LENGTH = 50


def weak_secret_key(key: str) -> str | None:
    """Why ``key`` is not good enough for production, or None when it is."""
    if not key:
        return "SECRET_KEY is not set"
    if key == DEV_SECRET_KEY or key.startswith("django-insecure"):
        return "SECRET_KEY is a development key"
    if len(key) < MIN_SECRET_KEY_LENGTH or len(set(key)) < 5:
        return f"SECRET_KEY is too short or too simple (at least {MIN_SECRET_KEY_LENGTH} random characters)"
    return None


SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if DEBUG:
    SECRET_KEY = SECRET_KEY or DEV_SECRET_KEY
elif problem := weak_secret_key(SECRET_KEY):
    raise ImproperlyConfigured(
        f"{problem}. With DEBUG off (production) Rummy Table needs a strong secret key: "
        "export SECRET_KEY=\"$(python -c 'import secrets; print(secrets.token_urlsafe(50))')\" "
        "or run with DEBUG=1 for development."
    )

# -- hosts, HTTPS and the proxy in front ----------------------------------------------------

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
if DEBUG:
    # `make run HOST=0.0.0.0`: phones on the table's wi-fi reach this machine by its LAN
    # address (or name). Development only; production lists its hosts in ALLOWED_HOSTS.
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, *(h for h in lan_hosts() if h not in ALLOWED_HOSTS)]

# Share links and QR codes use the address the request came in on, unless this is set
# (e.g. https://cards.example.org when the app sits behind a proxy with its own name).
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [PUBLIC_URL] if PUBLIC_URL else [])

# HTTPS is on by default in production: redirect, Secure cookies, HSTS. HTTPS=0 only for a
# production-mode server on plain HTTP (the load benchmark, the multi-server tests).
HTTPS = env_bool("HTTPS", not DEBUG)
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True  # the language menu's cookie, like the others
    SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", False)
    # The health check stays reachable over plain HTTP for a load balancer inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^api/v1/health$"]
# Behind a reverse proxy that terminates TLS: trust its X-Forwarded-Proto (set
# TRUST_PROXY=1 only when a proxy always sets or overwrites that header).
TRUST_PROXY = env_bool("TRUST_PROXY", False)
if TRUST_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SAMESITE = "Lax"
# "My games" and edit rights live in the session: keep it for a year of weekly game nights.
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
# Django's database sessions, an existing one saved in one UPDATE (scorekeeper/sessions.py).
SESSION_ENGINE = "scorekeeper.sessions"
# HSTS preload is a separate, hard-to-undo commitment (a list shipped inside browsers);
# HSTS_PRELOAD=1 opts in, and check --deploy need not nag about it otherwise.
SILENCED_SYSTEM_CHECKS = [] if env_bool("HSTS_PRELOAD", False) else ["security.W021"]

# Only our own scripts, styles, images, the service worker and the web app manifest. QR codes
# are inline SVG markup (no data: URL needed); data: images are allowed for small icons.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Powerful browser features the app never uses are switched off (see middleware.py).
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "csp",
    "django_htmx",
    "template_partials",
    # Only for its static files: the API docs page then serves Swagger UI locally, not from a CDN.
    "ninja",
    "scorekeeper.games",
    "scorekeeper.leagues",
    "scorekeeper.api",
]

MIDDLEWARE = [
    # First: every request gets an id (logged, echoed, shown on error pages) and one log line.
    "scorekeeper.middleware.RequestIdMiddleware",
    # A database call that stops answering is cut after a deadline: 503, never a hung worker.
    "scorekeeper.dbwatch.DatabaseDeadlineMiddleware",
    # Compresses what the rest of the stack answers (HTML and JSON; never an event stream or a
    # response holding a secret): see scorekeeper/compression.py for BREACH.
    "scorekeeper.compression.CompressionMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads the body: 413 for oversized bodies, 415 for non-JSON API writes.
    "scorekeeper.middleware.RequestBodyMiddleware",
    # WhiteNoise serves /static/ itself, so no separate web server is needed.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "scorekeeper.middleware.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions (it may read the language from there), before CommonMiddleware.
    "django.middleware.locale.LocaleMiddleware",
    # Korean particles after a name (이/가, 을/를...) chosen from the name (scorekeeper/particles).
    "scorekeeper.particles.ParticlesMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Needs the resolved view (process_view): creating games and writing hands, per client.
    "scorekeeper.ratelimit.RateLimitMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"
ASGI_APPLICATION = "scorekeeper.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # template_partials swaps APP_DIRS for an equivalent (partials-aware) loader list.
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.middleware.request_id_context",
            ],
            # The games app's tag libraries live in its rooms (site, rulebook), not in a
            # templatetags package of the app: registered here by the names templates load.
            "libraries": {
                "dates": "scorekeeper.games.site.templatetags.dates",
                "engine": "scorekeeper.games.site.templatetags.engine",
                "languages": "scorekeeper.games.site.templatetags.languages",
                "numbers": "scorekeeper.games.site.templatetags.numbers",
                "reference_tags": "scorekeeper.games.rulebook.templatetags.reference_tags",
            },
        },
    },
]

# -- request limits ---------------------------------------------------------------------------

# Bodies over this get 413 (a JSON error under /api/, a page otherwise). A hand is a few KB.
MAX_BODY_BYTES = 256 * 1024
# A league's import takes a club's whole history (API.md "moving a league"): up to 4 MB, there
# only. Django's own cap is that, so RequestBodyMiddleware decides per path.
MAX_IMPORT_BODY_BYTES = 4 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_IMPORT_BODY_BYTES
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

# Per client (IP address) and fixed window: "group": (requests, seconds). A table entering a
# hand every minute, previews as they type, and a club creating a game per table per round
# never meet these; a script hammering the server does. RATE_LIMITS=0 switches them off.
# -- live scoreboards ------------------------------------------------------------------------
# Viewers poll the scoreboard with its ETag (a 304 when unchanged): every
# TABLE_POLL_ACTIVE_SECONDS while hands come in (a change within TABLE_ACTIVE_MINUTES),
# every TABLE_POLL_SECONDS in a quiet game, three times slower once it is over.
# bench/live.py measures what a viewer waits for a new hand.
TABLE_POLL_SECONDS = env_int("TABLE_POLL_SECONDS", 4)
TABLE_POLL_ACTIVE_SECONDS = env_int("TABLE_POLL_ACTIVE_SECONDS", 2)
TABLE_ACTIVE_MINUTES = env_int("TABLE_ACTIVE_MINUTES", 30)
# The event stream (games/events.py, API.md "Events"), which the game page follows instead of
# polling where the server holds it (gunicorn's asgi workers): a comment every
# LIVE_KEEPALIVE_SECONDS keeps proxies from closing a quiet stream; a stream ends after
# LIVE_STREAM_SECONDS (the phone reconnects at once, with Last-Event-ID). Without Redis each
# server process reads the versions of the games its streams follow every LIVE_POLL_SECONDS;
# with Redis, changes come by pub/sub and that read is a safety net every LIVE_SAFETY_SECONDS.
LIVE_KEEPALIVE_SECONDS = env_float("LIVE_KEEPALIVE_SECONDS", 15.0)
LIVE_STREAM_SECONDS = env_float("LIVE_STREAM_SECONDS", 600.0)
LIVE_POLL_SECONDS = env_float("LIVE_POLL_SECONDS", 0.25)
LIVE_SAFETY_SECONDS = env_float("LIVE_SAFETY_SECONDS", 5.0)

RATE_LIMITS_ENABLED = env_bool("RATE_LIMITS", True)
RATE_LIMITS = {
    "create": (env_int("RATE_LIMIT_CREATE", 60), 600),  # new games per 10 minutes
    "write": (env_int("RATE_LIMIT_WRITE", 600), 600),  # hand writes per 10 minutes
    "preview": (env_int("RATE_LIMIT_PREVIEW", 3000), 600),  # scoring without saving
    # Wrong join codes per address per 10 minutes (right ones never count): guessing a code
    # that lets a phone watch a game stays hopeless, a club room behind one address still joins.
    "join_code": (env_int("RATE_LIMIT_JOIN_CODE", 20), 600),
}
# The client is REMOTE_ADDR, or behind TRUST_PROXY the address the proxy appended last to
# X-Forwarded-For (the only entry a client cannot forge).

# -- database -------------------------------------------------------------------------------

# DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/rummytable) wins; otherwise a local
# SQLite file, so `make run` works with nothing else installed.
DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections (a worker reuses its connection across requests), checked
        # before reuse so a restarted database costs one failed check, not a failed request.
        conn_max_age=env_int("CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
# A game night on the embedded database: readers never wait for the writer (WAL), every
# write transaction takes the write lock up front (BEGIN IMMEDIATE) so two writers queue
# instead of deadlocking on a lock upgrade, and a writer waits up to 20 s for its turn.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;",
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {**SQLITE_OPTIONS, **DATABASES["default"].get("OPTIONS", {})}
# A database that hangs must not hang the app: a connection that is not made within
# DB_CONNECT_TIMEOUT seconds, or a statement (a lock wait included) running longer than
# DB_STATEMENT_TIMEOUT ms, fails; the request answers 503 (health, and the API's JSON error)
# instead of waiting for gunicorn to kill the worker, and the next request tries again.
# tcp_user_timeout and keepalives end a connection whose packets stop being acknowledged.
DB_CONNECT_TIMEOUT = env_int("DB_CONNECT_TIMEOUT", 2)
# The watchdog of scorekeeper.dbwatch: a call waiting longer is cut (health answers first).
DB_CALL_DEADLINE = env_int("DB_CALL_DEADLINE", 10)
# ... and before a request's first query (the check of a reused connection), DB_CHECK_DEADLINE.
DB_CHECK_DEADLINE = env_int("DB_CHECK_DEADLINE", 2)
HEALTH_DEADLINE = 2
DB_STATEMENT_TIMEOUT = env_int("DB_STATEMENT_TIMEOUT", 5000)
# A transaction left open with no statement for DB_IDLE_IN_TRANSACTION_TIMEOUT ms ends, its
# session with it: a worker killed mid-transaction (kill -9, the OOM killer) whose close never
# reaches PostgreSQL (its host or the network gone, a proxy between them) would otherwise
# hold the game's row lock for hours, until TCP gives up, and every write to that game would
# wait on it. A request never pauses that long between two statements of its transaction.
DB_IDLE_IN_TRANSACTION_TIMEOUT = env_int("DB_IDLE_IN_TRANSACTION_TIMEOUT", 10000)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["OPTIONS"] = {
        "connect_timeout": DB_CONNECT_TIMEOUT,
        "options": (
            f"-c statement_timeout={DB_STATEMENT_TIMEOUT}"
            f" -c idle_in_transaction_session_timeout={DB_IDLE_IN_TRANSACTION_TIMEOUT}"
        ),
        "tcp_user_timeout": DB_STATEMENT_TIMEOUT,
        "keepalives": 1,
        "keepalives_idle": 10,
        "keepalives_interval": 2,
        "keepalives_count": 3,
        **DATABASES["default"].get("OPTIONS", {}),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# "My games" and the right to keep score live in the session (which holds grants, never edit
# tokens): a year, renewed whenever the session changes, so a weekly table never loses them.
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60

# Redis when REDIS_URL is set (production with several workers or servers: rate limits and
# cached pages are then shared); otherwise an in-process cache, all a single runserver needs.
REDIS_URL = os.environ.get("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Several deployments (or test runs) can share one Redis with their own prefixes.
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "rummytable"),
            # A Redis that hangs costs a request at most a second (the rate limits then fail
            # open, cached reads are computed), never the worker.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "rummytable",
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalization: the languages of the people who play, plus English. Each language is
# named in its own words: the switcher shows these names, whatever language the page is in.
USE_I18N = True
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("it", "Italiano"),
    ("ro", "Română"),
    ("ko", "한국어"),
    ("nb", "Norsk bokmål"),
    ("cs", "Čeština"),
    ("vi", "Tiếng Việt"),
    ("de", "Deutsch"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and times as each language writes them (scorekeeper/formats/<lang>/formats.py).
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
if not DEBUG:
    # Hashed, compressed files for long caching; needs `manage.py collectstatic` first.
    # (tests/conftest.py puts the plain storage back so tests never need collectstatic.)
    STORAGES["staticfiles"] = {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage",
    }

# -- logging ----------------------------------------------------------------------------------

# Everything to stderr (the process manager or container runtime keeps it): one line per
# request from scorekeeper.requests, and every error with its traceback and request id.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "scorekeeper.middleware.RequestIdFilter"}},
    "formatters": {
        "line": {
            "format": "%(asctime)s %(levelname)s [%(request_id)s] %(name)s: %(message)s",
        },
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": sys.stderr,
            "filters": ["request_id"],
            "formatter": "line",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # django.request logs 5xx with the traceback (and 4xx as warnings); our access log
        # already has one line per request, so only errors from here.
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.server": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "scorekeeper": {"handlers": ["stderr"], "level": LOG_LEVEL, "propagate": False},
    },
}

# A failed CSRF check gets our error page (with the request id), not Django's debug page.
CSRF_FAILURE_VIEW = "scorekeeper.error_pages.csrf_failure"

# -- rule search ------------------------------------------------------------------------------

# How the rule search ranks (issue 32, bench/search.py measures each on held-out questions):
# "fused" (words and sentence embeddings, reciprocal rank fusion), "lexical" (words only) or
# "semantic" (embeddings only). Without the embedding model it searches by words.
RULES_SEARCH_MODE = os.environ.get("RULES_SEARCH_MODE", "fused")

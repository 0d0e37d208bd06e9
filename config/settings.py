"""Settings of the site: Django's, and what a deployer turns from the environment.

Every environment variable read here (and by runall) is a row of the Configuration table of docs/operating.md,
with its default and meaning (tests/test_settings_documented.py compares the two). Tuning that no
deployment should turn (the interpreter's switch interval, the dashboards' push tick, a timer's
attempts) is a constant beside the code that uses it, with its reason.
"""

import os
import re
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config import redis_settings
from config.vapid import vapid_private_key
from config.world_files import *  # noqa: F403 (WORLD_FILE_MAX_*: the most a world file holds)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DEBUG")


def secret_key() -> str:
    """SECRET_KEY from the environment (production); else the checkout's own, which the Makefile
    makes once into VAR_DIR/secret_key (owner only), so that every `manage.py` command typed in a
    checkout finds the key `make run` uses; else, with DEBUG on only, a development key."""
    key = os.environ.get("SECRET_KEY", "").strip()
    if not key:
        try:
            key = (VAR_DIR / "secret_key").read_text().strip()
        except FileNotFoundError:
            key = ""
        except OSError as exc:  # there but unreadable (another owner, a directory): say which
            raise ImproperlyConfigured(f"SECRET_KEY: {VAR_DIR / 'secret_key'} cannot be read ({exc}).") from exc
    if key:
        return key
    if not DEBUG:
        raise ImproperlyConfigured(
            f"SECRET_KEY must be set in the environment when DEBUG is off (or kept in {VAR_DIR / 'secret_key'}, "
            "which `make run` makes)."
        )
    return "development-only-key-never-used-with-debug-off"


SECRET_KEY = secret_key()

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

HTTPS = env_flag("HTTPS")
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "allauth",  # accounts: sign-up, confirmed addresses, password reset, two-factor log-in
    "allauth.account",
    "allauth.mfa",
    "ninja",  # the API's interactive docs (its templates and static files, served here)
    "campaign",
    "forum",  # boards, comments, letters, reads, search, feeds, the chronicle
    "delivery",  # the notices' delivery: the pages' socket, mail, Web Push
    "seasons",  # setting a season up and its life: organising, world files, joining, pauses, the end
    "orders",  # what officers and kings order: moves, posts and promotions, a kingdom's succession
    "accounts",
    "cities",
    "play",  # a game between two players on the site: reported, judged, played live with its clocks
    "battles",
    "dashboard",  # the dashboard and the war map (read by the web, the live side and the terminal)
    "record",  # the war's record: standings, the chronicle, the calendar, the archive
    "analysis",  # the engine's analysis after a game (Fairy-Stockfish)
    "tactics",  # hero tactics games (戰棋) played on the site between two accounts
    "friendly",  # friendly xiangqi, chess and dark chess games between two accounts (the game room's)
    "bots",  # the computer as a player: hero tactics (games/tactics/bots), Fairy-Stockfish's moves
    "room",  # the game room: seeks and challenges for friendly games outside the war
    "live",  # the sockets: live games, the dashboard's rows, an officer's notices
    "ops",
    "handbook",  # the rules and the help pages
    "bbs",  # the site in an SSH terminal: its engine (manage.py bbs; its settings: bbs/conf.py)
    "screens",  # the terminal's screens, each found by its name (bbs/registry.py)
    "gamescreens",  # the terminal's game screens: the war's games played live and replayed, hero tactics
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed (with Django's BREACH mitigation: random bytes in each gzip
    # header), and a page unchanged since the ETag the browser holds answered 304 (the
    # dashboard's 5-second refresh). GZip first, so that the ETag is the content's.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "campaign.middleware.PresenceMiddleware",
    "csp.middleware.CSPMiddleware",
    "campaign.busy.BusyMiddleware",  # a busy database's 503
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

# Content-Security-Policy: scripts and styles only from this site (htmx included, with eval off
# in its config), no inline scripts or handlers; inline style attributes are allowed for the
# wall bars, kingdom colours and table alignment that nh3 lets through.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
}

# Login throttling (django-axes): after LOGIN_FAILURE_LIMIT wrong passwords for one user from one
# address that user's log-in from that address is refused for LOGIN_COOLOFF_MINUTES, with a
# message saying so; an address for everyone only after LOGIN_ADDRESS_FAILURE_LIMIT wrong passwords
# for any users (far more: many share a school's or a café's router). accounts/login_limits.py.
# allauth's backend (a ModelBackend) logs in by username or by address; axes' first, so that it
# counts allauth's log-in form like any other.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "allauth.account.auth_backends.AuthenticationBackend"]
AXES_HANDLER = "accounts.login_limits.LoginLimits"
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "100"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
# The account a log-in names (username or address, any case), found as allauth finds it
# (accounts/adapters.py, accounts/log_in.py): one count per account, on the web and the terminal alike.
AXES_USERNAME_CALLABLE = "accounts.adapters.login_name"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]  # the address alone: LOGIN_ADDRESS_FAILURE_LIMIT
# The client's address as the API's limits and the sockets see it (campaign/addresses.py).
AXES_CLIENT_IP_CALLABLE = "campaign.addresses.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out.locked_out"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "campaign.views.navigation.navigation",
            ],
        },
    },
]

VAR_DIR.mkdir(parents=True, exist_ok=True, mode=0o700)
os.umask(0o077)  # the database, its journal and every file the site writes: owner only
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'campaign.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Workers, beat and web processes share the file: WAL lets readers go on while one writes,
    # IMMEDIATE makes every transaction take the write lock at BEGIN so two writers queue
    # instead of failing half-way; each waits `timeout` s at most (no bulk write holds the lock
    # long: seasons/world/staging.py; one that waited in vain gets a message or 503: campaign/busy.py).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so a Celery worker started by a test sees the test database.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-campaign.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "zh-hant"
LANGUAGES = [("zh-hant", "繁體中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale" / "libraries"]  # ours; the libraries' words we translate
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "landing"  # the dashboard of the user's campaign
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth; docs/playing.md, Accounts): sign-up with a username and an address confirmed by a
# link mailed; log-in by either; reset, address and password changes by mail; two-factor log-in by
# TOTP with recovery codes. The forms' and mails' templates extend the site's (templates/account/,
# templates/mfa/, templates/allauth/). The passwords' throttling stays django-axes' alone: allauth's
# own limits on log-ins are off for passwords (accounts/adapters.py: two counts would disagree on when
# a user is paused); its limit on failures still counts two-factor codes (axes never sees them: 5 a
# user in 5 minutes), and its limits on mails sent (sign-up, confirmation, reset) stay.
ACCOUNT_ADAPTER = "accounts.adapters.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.adapters.LoginForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True  # one address per account: a new one replaces it once confirmed
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_SESSION_REMEMBER = True  # as Django's log-in did: the session lasts SESSION_COOKIE_AGE
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if HTTPS else "http"
ACCOUNT_RATE_LIMITS = {"login": None}
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Chess Siege"

# Celery: Redis is the broker; results are not kept (timers write their outcome to the database).
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6390/0")
CELERY_BROKER_URL = REDIS_URL
# The Redis clients' pools, the channel layer's and the cache's settings: config/redis_settings.py.
REDIS_POOL_SIZE, REDIS_POOL_WAIT_SECONDS = redis_settings.REDIS_POOL_SIZE, redis_settings.REDIS_POOL_WAIT_SECONDS
REDIS_LOOP_POOL_SIZE = redis_settings.REDIS_LOOP_POOL_SIZE
ASGI_APPLICATION = "config.asgi.application"
CHANNEL_LAYERS = redis_settings.channel_layers(REDIS_URL)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
# kombu's Redis transport, one fault closed: a worker outlives redis-server's crash (config/broker.py).
CELERY_BROKER_TRANSPORT = "config.broker:Transport"
# The dashboard shows this many cities a page (with the map when they are all of them): a deployment of a large world on
# a small machine trades the page's length for the cost of its refresh after a change (bench/pages.py).
DASHBOARD_CITIES_PER_PAGE = int(os.environ.get("DASHBOARD_CITIES_PER_PAGE", "100"))
# Open websockets at once per address and per logged-in user, counted in Redis across the web
# processes (config/socket_guard.py); the excess is refused at connect. 0: no cap.
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "200"))
SOCKETS_PER_USER = int(os.environ.get("SOCKETS_PER_USER", "30"))
# Websocket handshakes per address in such a window, before the session is read: "0"/empty, no limit.
SOCKET_OPENS_PER_ADDRESS = os.environ.get("SOCKET_OPENS_PER_ADDRESS", "300/min").strip()
if SOCKET_OPENS_PER_ADDRESS not in ("", "0") and not re.fullmatch(r"[0-9]+/[smhd][a-z]*", SOCKET_OPENS_PER_ADDRESS):
    raise ImproperlyConfigured("SOCKET_OPENS_PER_ADDRESS is a number a second, minute, hour or day (300/min), or 0.")

# The public API's rate limits, counted in Redis by one script a request (api/auth.py: requests at
# once cannot pass over the limit; a Redis away lets requests through rather than refuse them).
CACHES = redis_settings.caches(REDIS_URL)
# Per user (all their tokens) for a request with a token; per address for one without.
API_RATE_TOKEN = os.environ.get("API_RATE_TOKEN", "120/min")
API_RATE_ADDRESS = os.environ.get("API_RATE_ADDRESS", "300/min")
# The proxies trusted to say who the client is (X-Forwarded-For): addresses or networks, comma-
# separated, as uvicorn's --forwarded-allow-ips reads them; none by default (the peer's address).
# uvicorn alone reads the header (runall and the systemd unit pass this); the API's and the log-in's
# limits take the address it found (campaign/addresses.py; a socket's scope["client"]), never the header.
if "API_PROXIES" in os.environ:
    raise ImproperlyConfigured("API_PROXIES is replaced by TRUSTED_PROXIES: the proxies' addresses, not their number.")
TRUSTED_PROXIES = ",".join(p.strip() for p in os.environ.get("TRUSTED_PROXIES", "").split(",") if p.strip())
NINJA_NUM_PROXIES = 0  # ninja's own reading of X-Forwarded-For is never used (api/auth.py)
# Who creates campaigns (campaign/authority.py): "confirmed", every confirmed account, at most
# DRAFTS_PER_ORGANISER drafts at a time unless given the permission campaign.organise_campaigns;
# "permitted", only those a site admin gave it (the others ask on /organise/).
CAMPAIGN_CREATORS = os.environ.get("CAMPAIGN_CREATORS", "confirmed").strip()
if CAMPAIGN_CREATORS not in ("confirmed", "permitted"):
    raise ImproperlyConfigured("CAMPAIGN_CREATORS is confirmed (every confirmed account) or permitted.")
DRAFTS_PER_ORGANISER = int(os.environ.get("DRAFTS_PER_ORGANISER", "3"))
# An officer's posts on the boards (threads, replies, edits) at most this often.
BOARD_POST_RATE = os.environ.get("BOARD_POST_RATE", "10/min")
if not re.fullmatch(r"[1-9][0-9]*/[smhd][a-z]*", BOARD_POST_RATE):
    raise ImproperlyConfigured("BOARD_POST_RATE is a number a second, minute, hour or day: 10/min, 200/hour.")
# How often beat's sweeper applies what is overdue and delivers what was missed: how soon a site
# catches up after an outage, against a sweep's few queries that often (/healthz allows three).
TIMER_SWEEP_SECONDS = float(os.environ.get("TIMER_SWEEP_SECONDS", "5"))
# A timer due further ahead gets its ETA message from the sweeper as it nears (a live game's flag,
# re-set by every move, is sent only if it may fall; no message outlives Redis' visibility timeout);
# at least two sweeps, so a late sweep still sends it in time (tests/integration start it short).
TIMER_LEAD_SECONDS = max(float(os.environ.get("TIMER_LEAD_SECONDS", "60")), 2 * TIMER_SWEEP_SECONDS)
# A notice's delivery claims its row for this long (a killed worker's goes to the sweeper after it);
# longer than any delivery, or the mail goes twice: a slow SMTP server lengthens it, tests shorten it.
NOTICE_LEASE_SECONDS = float(os.environ.get("NOTICE_LEASE_SECONDS", "30"))
# A player who withdrew an application applies to that kingdom again this much later (no flood).
APPLICATION_COOLDOWN_SECONDS = float(os.environ.get("APPLICATION_COOLDOWN_SECONDS", "600"))

# The key that signs Web Push requests (config/vapid.py: the environment, else made once into var/).
VAPID_PRIVATE_KEY = vapid_private_key(VAR_DIR)
# Who runs the site, for the push services (a mailto: or https: address in every request's JWT).
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "").strip() or "mailto:noreply@localhost"
# Seconds a push service may take to answer before the delivery is tried again later.
PUSH_TIMEOUT_SECONDS = float(os.environ.get("PUSH_TIMEOUT_SECONDS", "10"))
# Tests and the benchmark only: a push endpoint on this machine's loopback address (127.0.0.0/8 or
# ::1 written plainly; http then too) is accepted. Never a private network's, a link-local one or an
# IPv4 address carried in IPv6 (delivery/push_endpoints.py): no user's input makes the site call them.
PUSH_ALLOW_LOCAL = env_flag("PUSH_ALLOW_LOCAL")

# Mail: Django's mail framework on SMTP from the environment (the demo's: the console); links to SITE_URL.


def site_url() -> str:
    """SITE_URL, else the address `make run` serves (BIND, which `manage.py runall --bind` passes on
    to the processes it starts): a wildcard bind (0.0.0.0, ::) is this machine's 127.0.0.1, as the
    default ALLOWED_HOSTS; a public address is set with SITE_URL."""
    if os.environ.get("SITE_URL"):
        return os.environ["SITE_URL"].rstrip("/")
    host, _, port = os.environ.get("BIND", "127.0.0.1:8000").rpartition(":")
    if host.strip("[]") in {"", "0.0.0.0", "::"}:
        host = "127.0.0.1"
    return f"http://{host}:{port or 8000}"


SITE_URL = site_url()
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS")
EMAIL_USE_SSL = env_flag("EMAIL_USE_SSL")
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Chess Siege <noreply@localhost>")
# The sweeper's own queue: every worker consumes it beside the default one, and `make run` (like
# deploy/systemd) runs one worker for it alone, so that a sweep never waits behind due timers.
CELERY_TASK_ROUTES = {
    "campaign.tasks.sweep_timers": {"queue": "sweeper"},
    "delivery.tasks.sweep_notices": {"queue": "sweeper"},
    # The analysis on a queue of its own, its worker apart (an engine's minute never holds back a timer).
    "battles.tasks.analyse_game": {"queue": "analysis"},
    "battles.tasks.sweep_analyses": {"queue": "sweeper"},
    "tactics.tasks.sweep_flags": {"queue": "sweeper"},
    "friendly.tasks.sweep_flags": {"queue": "sweeper"},
}
CELERY_BEAT_SCHEDULE = {
    "sweep-due-timers": {"task": "campaign.tasks.sweep_timers", "schedule": TIMER_SWEEP_SECONDS},
    "sweep-notices": {"task": "delivery.tasks.sweep_notices", "schedule": TIMER_SWEEP_SECONDS},  # what Redis missed
    "sweep-analyses": {"task": "battles.tasks.sweep_analyses", "schedule": 60.0},
    "sweep-tactics-flags": {"task": "tactics.tasks.sweep_flags", "schedule": TIMER_SWEEP_SECONDS},  # hero tactics
    "sweep-friendly-flags": {"task": "friendly.tasks.sweep_flags", "schedule": TIMER_SWEEP_SECONDS},  # the room's
}
# The analysis after a game (Fairy-Stockfish, analysis/services.py): the engine (a path, or a name
# on PATH; empty: fairy-stockfish on PATH or Debian's /usr/games/fairy-stockfish; none found: no
# analysis), the time it thinks about each ply, and the plies analysed at most (the rest is left
# out): 300 ms reaches depth 12-13 in xiangqi on one core, and a 100-ply game takes 30 s.
ANALYSIS_ENGINE = os.environ.get("ANALYSIS_ENGINE", "").strip()
ANALYSIS_MOVE_MS = max(int(os.environ.get("ANALYSIS_MOVE_MS", "300")), 10)
ANALYSIS_MAX_PLIES = max(int(os.environ.get("ANALYSIS_MAX_PLIES", "300")), 1)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"axes": {"level": "WARNING"}},  # not a line per successful log-in
}

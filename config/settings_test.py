"""Settings for the test suite: the real settings, with a test-only secret, fast password
hashing, and static files served from the apps (no collectstatic manifest needed)."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-any-deployment-0123456789")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405  (whitenoise looks there)
# The API's rate limits are tried by their own tests (tests/api/test_limits.py), with low rates.
API_RATE_TOKEN = API_RATE_ADDRESS = "100000/min"
# The boards' posting rate likewise (tests/campaign/test_boards.py tries it).
BOARD_POST_RATE = "100000/min"
# The websockets' handshakes per address likewise (tests/config/test_socket_guard.py).
SOCKET_OPENS_PER_ADDRESS = "100000/min"

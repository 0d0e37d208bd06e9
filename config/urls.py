"""The site's URLs: each app's pages (the accounts', the campaign's, then the war's under the same /c/<slug>/),
the API under /api/v1/, the admin, the accounts (django-allauth: log-in, sign-up, addresses,
passwords, two-factor; `login` and `logout` name its log-in and log-out), the interface language,
the operators' side, the BBS's SSH keys page.

The admin's own log-in page would let staff in by password alone (no second factor, no confirmed
address): it sends them to allauth's log-in instead (allauth's `secure_admin_login`), one log-in
whatever the door (accounts/log_in.py)."""

from allauth.account import views as account_views
from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path

from api import main as api_main

admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", account_views.logout, name="logout"),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", api_main.urls()),
    path("admin/", admin.site.urls),
    path("", include("ops.urls")),
    path("", include("accounts.urls")),  # an account's API tokens
    path("", include("campaign.urls")),
    path("", include("delivery.urls")),  # and the mail's unsubscribe link
    path("", include("seasons.urls")),  # and /organise/, a new campaign's
    path("c/<slug:slug>/", include("forum.urls")),
    path("c/<slug:slug>/", include("orders.urls")),
    path("", include("handbook.urls")),
    path("", include("room.urls")),  # the game room: friendly games outside the war
    path("room/games/", include("friendly.urls")),  # a friendly xiangqi, chess or dark chess game
    path("", include("bbs.urls")),  # the account's SSH keys (the terminal itself: manage.py bbs)
    path("tactics/", include("tactics.urls")),  # hero tactics games between two accounts
    path("c/<slug:slug>/", include("play.urls")),  # the games' pages
    path("c/<slug:slug>/", include("battles.urls")),
    path("c/<slug:slug>/", include("analysis.urls")),
    path("c/<slug:slug>/", include("dashboard.urls")),
    path("c/<slug:slug>/", include("record.urls")),
]

# A path no route matches: the site's page, or the API's JSON error under /api/v1/.
handler404 = "config.errors.not_found"
# A database busy past its timeout outside a view: 503 and Retry-After, not a 500 (campaign/busy.py).
handler500 = "config.errors.failed"

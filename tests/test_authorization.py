"""Who may do what (R2, R3.2, R4.4, R6.1, R8, R9, R10, R11.3): every URL that accepts POST, tried
as the anonymous visitor, an officer of another kingdom, an officer of the same kingdom without
the post, the party involved (who may not decide their own case) and the right post.

A refused try answers 403 (or, for the anonymous visitor, sends them to log in) and changes
nothing; the right post's try changes the war. A new view that accepts POST without a row in
MATRIX fails `test_every_post_url_has_a_row`.
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.accounts import own
from tests.authorization.matrix import MATRIX, ROLES, acting, snapshot

# Django's own views that take POST: log-in (throttled, tests/test_security.py), log-out,
# the language menu, and the admin (kings are read-only staff there, tests/campaign/test_admin*).
DJANGO_OWN = {"login", "logout", "set_language"}


# The reader's own preferences, kept in a cookie like the language: anyone may set them, and
# they change nothing on the server (tests/campaign/test_time_zone.py).
READERS_OWN = {"time-zone"}


# Authorised by the secret in the address alone, as RFC 8058's one-click unsubscribe must be (a
# mail client posts without a session): tests/battles/test_mail.py tries a known, a used and an
# unknown secret.
SECRET_OWN = {"mail-unsubscribe"}


# A request for the right to organise, mailed to the site's admins: it changes nothing on the
# server; who may ask, and what is refused, in tests/seasons/test_organisers_welcome.py.
ASKS_OWN = {"organise-ask"}


# Each user's own account (django-allauth: sign-up, log-in, addresses, passwords, two-factor):
# tests/accounts/own.py, and tests/accounts/test_account_pages.py (CSRF on every one).
ACCOUNTS_OWN = own.ACCOUNTS_OWN


def url_patterns(resolver=None, outer: tuple = (), namespace: str = ""):
    """(name, its parameters' names) of every named URL but the admin's; a namespaced one by its
    full name (handbook:rules)."""
    for entry in (resolver or get_resolver()).url_patterns:
        names = outer + tuple(entry.pattern.regex.groupindex)
        if isinstance(entry, URLResolver):
            if not str(entry.pattern).startswith(("admin/", "api/")):  # the API's: tests/api/test_authorization.py
                inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
                yield from url_patterns(entry, names, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            yield namespace + entry.name, names


def test_every_post_url_has_a_row(world):
    """R2: a view that takes POST without a row here would be an action nobody checked. Pages
    answer 405 to POST (campaign_page); a site admin walks them, so no log-in check hides it."""
    client = Client()
    client.force_login(get_user_model().objects.create_superuser("walker", password="a-long-walker-password"))
    accepting = set()
    for name, parameters in url_patterns():
        # (posting to log-out would end the walker's session)
        if name in DJANGO_OWN | READERS_OWN | SECRET_OWN | ASKS_OWN | ACCOUNTS_OWN:
            continue
        kwargs = {p: world.campaign.slug if p == "slug" else 1 for p in parameters}
        if client.post(reverse(name, kwargs=kwargs)).status_code != 405:
            accepting.add(name)
    assert accepting == set(MATRIX), "every view that accepts POST has a row in MATRIX"


def try_post(world, clock, name: str, role: str) -> None:
    case = MATRIX[name](world, clock)
    if role != "anonymous" and role not in case.roles:
        return  # this action has no such party in the rules (e.g. nobody else's move to withdraw)
    url = reverse(name, args=([world.campaign.slug] if case.campaign_url else []) + case.args)
    client = Client()
    user, allowed, data = acting(world, case, role)
    if user is not None:
        client.force_login(user)
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code != 500, f"{name} as {role}"
    after = snapshot()
    if allowed:
        assert response.status_code in (200, 302), (name, role, response.content[:300])
        assert after != before, f"{name} as {role}: allowed, yet nothing changed"
    else:
        if role == "anonymous":
            assert response.status_code == 302 and "login" in response["Location"], f"{name} as {role}"
        else:
            expected = case.refused_status
            assert response.status_code == expected, f"{name} as {role} ({case.roles[role][0]}): not {expected}"
        assert after == before, f"{name} as {role}: refused, yet something changed"


@pytest.mark.timer_failures_expected  # the operators' rows apply a timer no handler knows
@pytest.mark.parametrize("name", sorted(MATRIX))
def test_r2_who_may_post(name, world, clock):
    """Each role tries from the same state: the setup and the try are rolled back after each."""
    start = clock.time() if hasattr(clock, "time") else None
    for role in ROLES:
        with transaction.atomic():
            try_post(world, clock, name, role)
            transaction.set_rollback(True)
        if start is not None:
            clock.move_to(start)

"""`manage.py check --deploy`: warn when the demo's accounts, whose password is published in
the README, exist on a site that is not in DEBUG mode (a production deploy never runs the
demo command, `seed_demo`; this catches one that did)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.checks import Tags, Warning, register
from django.db import DatabaseError

from ops.demo import DEMO_PASSWORD, demo_usernames


@register(Tags.security, deploy=True)
def demo_accounts_in_production(app_configs=None, **kwargs) -> list[Warning]:
    if settings.DEBUG:
        return []
    try:
        # One password hash at most: the first demo account found tells.
        user = get_user_model().objects.filter(username__in=demo_usernames()).order_by("pk").first()
    except DatabaseError:  # no tables yet (before `migrate`): nothing to warn about
        return []
    if user is None or not user.check_password(DEMO_PASSWORD):
        return []
    return [
        Warning(
            f"The demo's accounts exist with their published password (user {user.username!r} among them).",
            hint="This site runs with DEBUG off: remove the demo campaign's users, or change their passwords. "
            "Only `manage.py seed_demo` (make run) creates them.",
            id="campaign.W001",
        )
    ]

"""Log-in to the terminal: the site's password, throttled as the web's log-in is (the same
failures counted, the same pause, with a message), the main menu once in."""

import asyncssh
import pytest
from django.test import override_settings

from ops.demo import DEMO_PASSWORD


def test_the_right_password_opens_the_main_menu_with_the_officers_campaign(bbs, bbs_world):
    terminal = bbs.connect("caocao", DEMO_PASSWORD)
    screen = terminal.wait_for("曹操")
    assert bbs_world.campaign.name in screen


def test_a_wrong_password_is_refused(bbs, bbs_world):
    with pytest.raises(asyncssh.PermissionDenied):
        bbs.connect("caocao", "not-the-password")


@override_settings(AXES_FAILURE_LIMIT=3)
def test_after_the_limit_of_wrong_passwords_even_the_right_one_is_paused_with_a_message(bbs, bbs_world):
    from axes.models import AccessAttempt

    for _attempt in range(3):
        with pytest.raises(asyncssh.PermissionDenied):
            bbs.connect("caocao", "wrong")
    assert AccessAttempt.objects.get(username="caocao").failures_since_start == 3  # the web's count
    terminal_banner = None
    with pytest.raises(asyncssh.PermissionDenied):
        try:
            bbs.connect("caocao", DEMO_PASSWORD)
        finally:
            terminal_banner = bbs.last_banner
    assert "paused for 15 minutes" in terminal_banner

"""Names people can tell apart, checked against the names already taken (campaign/rules/names.py
has the rules): an officer's name against the campaign's officers (R1.5), an account's username
against the site's accounts. Each check normalises the name (NFKC), refuses a character nobody
sees, and refuses a name that looks like one already taken, naming it; it returns the name to store.

`officer_name_checked` raises RuleViolation (the services' refusal); `username_fault` returns the
message (allauth's adapter raises it as a form's error)."""

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from campaign.models import Campaign, Officer
from campaign.rules.names import invisible_in, look_alike, normal_name

CHUNK = 2000  # names read at a time


def invisible_message(name: str, char: str) -> str:
    return _("“%(name)s” holds a character nobody sees (%(char)s): a name is written in visible characters only.") % {
        "name": name,
        "char": char,
    }


def officer_name_look_alike(*, campaign: Campaign, name: str, officer: Officer | None = None) -> str | None:
    """The name of an officer of the campaign (other than `officer`, when one is renamed) that
    looks like `name`, or None."""
    others = Officer.objects.filter(campaign=campaign)
    if officer is not None:
        others = others.exclude(pk=officer.pk)
    return look_alike(name, others.values_list("name", flat=True).iterator(chunk_size=CHUNK))


def officer_name_checked(*, campaign: Campaign, name: str, officer: Officer | None = None, clause: str = "R1.5") -> str:
    """The officer's name as it will be stored (NFKC), or a RuleViolation: a character nobody sees,
    or a name that looks like another officer's in the campaign (R1.5: officers are told apart)."""
    name = normal_name(name)
    char = invisible_in(name)
    if char is not None:
        raise RuleViolation(clause, invisible_message(name, char))
    other = officer_name_look_alike(campaign=campaign, name=name, officer=officer)
    if other is not None:
        raise RuleViolation(
            clause,
            _("“%(name)s” looks like “%(other)s”, an officer of this campaign: officers' names must be told apart.")
            % {"name": name, "other": other},
        )
    return name


def _usernames(user_id: int | None) -> Iterable[str]:
    users = get_user_model().objects.all()
    if user_id is not None:
        users = users.exclude(pk=user_id)
    return users.values_list("username", flat=True).iterator(chunk_size=CHUNK)


def username_fault(
    username: str, *, user_id: int | None = None, shallow: bool = False, typed: str | None = None
) -> str | None:
    """What is wrong with a username already normalised (`normal_name`), in the reader's language,
    or None: a character nobody sees, or (unless `shallow`: no reading of the accounts) a name that
    looks like another account's, the same one included (`user_id`: the account itself, left out;
    `typed`: the name as typed, which the message shows)."""
    char = invisible_in(username)
    if char is not None:
        return invisible_message(username, char)
    other = None if shallow else look_alike(username, _usernames(user_id))
    if other is not None:
        return _("“%(name)s” looks like the username “%(other)s”, already taken: usernames must be told apart.") % {
            "name": typed or username,
            "other": other,
        }
    return None

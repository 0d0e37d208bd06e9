"""What a challenge from one account to another asks, whatever the game it is to (the game room's
friendly games, friendly/, and hero tactics, tactics/, ask the same, in the same words): the
account named, not the challenger's own (T2.6); one unanswered challenge from an account to the
same account at a time, so that a flood of them does not bury the challenged account's others
(T2.6); only the challenged account answers, once."""

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.errors import NotAllowed, RuleViolation
from campaign.rules.text import shown_name, text_fault


def challenged_account(user, opponent_name: object):
    """The active account named `opponent_name` (its username, in any case), refused when there is
    none or it is `user`'s own."""
    if not isinstance(opponent_name, str) or not opponent_name.strip():
        raise RuleViolation("T2.6", _("Name the account you challenge."))
    name = opponent_name.strip()
    opponent = None
    if not text_fault(name, max_length=150, multiline=False):  # a NUL would break PostgreSQL's query
        opponent = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
    if opponent is None:
        raise RuleViolation("T2.6", _("There is no account named “%(name)s”.") % {"name": shown_name(name)})
    if opponent.pk == user.pk:
        raise RuleViolation("T2.6", _("A game has two players: challenge another account, not yourself."))
    return opponent


def challenge_unanswered_refuse(opponent, waiting: QuerySet) -> None:
    """Refused while `waiting` (the challenger's challenges to `opponent` not yet answered, of the
    game's kind) holds one (T2.6). The challenged account's row is locked first, so two challenges
    sent at once queue and the second sees the first."""
    get_user_model().objects.select_for_update().filter(pk=opponent.pk).exists()
    if waiting.exists():
        raise RuleViolation(
            "T2.6",
            _("Your challenge to “%(name)s” is not answered yet: wait for their answer, or withdraw it first.")
            % {"name": opponent.username},
        )


def challenge_answer_check(user, *, challenged_id: int | None, unanswered: bool) -> None:
    """Only the challenged account answers a challenge (T2.6), and only while it is unanswered."""
    if user.pk != challenged_id:
        raise NotAllowed("T2.6", _("Only the challenged account answers a challenge."))
    if not unanswered:
        raise RuleViolation("T2.3", _("This challenge has already been answered."))

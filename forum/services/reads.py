"""What a reader keeps of the boards: an officer has read a thread up to now (its unread mark
goes); whether their boards' lists show the war's news."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.errors import NotAllowed
from campaign.models import Officer
from forum.models import Thread, ThreadRead


@transaction.atomic
def thread_read(*, officer: Officer, thread: Thread) -> ThreadRead:
    mark, _created = ThreadRead.objects.update_or_create(
        officer=officer, thread=thread, defaults={"read_at": clock.now()}
    )
    return mark


def board_news_set(*, actor: Officer, officer: Officer, shown: bool) -> Officer:
    """The officer's boards' lists show the system's threads (the war's news, beneath the
    players') or hide them, on the site, in the API and in the terminal alike, until changed."""
    if actor.pk != officer.pk:
        raise NotAllowed("R1.5", _("Only the officer chooses what their own board lists show."))
    Officer.objects.filter(pk=officer.pk).update(board_news=shown)
    officer.board_news = shown
    return officer

"""Read marks: an officer has read a thread up to now (its unread mark goes)."""

from django.db import transaction

from campaign import clock
from campaign.models import Officer
from forum.models import Thread, ThreadRead


@transaction.atomic
def thread_read(*, officer: Officer, thread: Thread) -> ThreadRead:
    mark, _created = ThreadRead.objects.update_or_create(
        officer=officer, thread=thread, defaults={"read_at": clock.now()}
    )
    return mark

from django.db import models
from django.utils.translation import gettext_lazy as _


class ThreadRead(models.Model):
    """When an officer last read a thread: a thread whose last activity is later has posts they
    have not read (the unread marks of the terminal's board and thread lists; the pages may show
    them too)."""

    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="+", verbose_name=_("officer")
    )
    thread = models.ForeignKey("forum.Thread", on_delete=models.CASCADE, related_name="+", verbose_name=_("thread"))
    read_at = models.DateTimeField(_("read at"))

    class Meta:
        db_table = "campaign_threadread"  # the table it had in campaign
        constraints = [models.UniqueConstraint(fields=["officer", "thread"], name="thread_read_once")]

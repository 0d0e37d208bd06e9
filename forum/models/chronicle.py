"""The war's chronicle: a historian's own posts pinned into it (史官 write the war's record)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class ChroniclePin(models.Model):
    """A historian's own post pinned into the war's chronicle (史官 write the war's record)."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="chronicle_pins", verbose_name=_("campaign")
    )
    post = models.OneToOneField(
        "forum.Post", on_delete=models.CASCADE, related_name="chronicle_pin", verbose_name=_("post")
    )
    pinned_by = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="+", verbose_name=_("pinned by")
    )
    day = models.DateField(_("day of the war"))
    pinned_at = models.DateTimeField(_("pinned at"))

    class Meta:
        db_table = "campaign_chroniclepin"  # the table it had in campaign
        verbose_name = _("chronicle pin")
        verbose_name_plural = _("chronicle pins")

    def __str__(self) -> str:
        return f"{self.campaign} {self.day}"

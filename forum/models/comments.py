"""推/噓/→ comments under a post (PTT's one-line comments; forum.rules.comments)."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from forum.rules.comments import ARROW, BOO, PUSH


class Comment(models.Model):
    """One line under a post, by an officer. The post's and its thread's net counts (推 − 噓 of the
    shown comments) are kept on their rows by the services, so that a thread list reads no comment."""

    class Kind(models.TextChoices):
        PUSH = PUSH, pgettext_lazy("a comment's kind", "push")
        BOO = BOO, pgettext_lazy("a comment's kind", "boo")
        ARROW = ARROW, pgettext_lazy("a comment's kind", "→ (a comment only)")

    post = models.ForeignKey("forum.Post", on_delete=models.CASCADE, related_name="comments", verbose_name=_("post"))
    author = models.ForeignKey(
        "campaign.Officer", null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("author")
    )
    kind = models.CharField(pgettext_lazy("a comment's kind", "kind"), max_length=8, choices=Kind.choices)
    text = models.CharField(pgettext_lazy("a comment's text", "text"), max_length=100)
    created_at = models.DateTimeField(verbose_name=_("created at"))
    hidden = models.BooleanField(default=False, verbose_name=_("hidden"))

    # Not stored: why comment_add wrote another kind than the one asked (forum.rules.comments).
    note = ""

    class Meta:
        db_table = "campaign_comment"  # the table it had in campaign
        verbose_name = _("comment")
        verbose_name_plural = _("comments")
        indexes = [models.Index(fields=["post", "created_at"], name="comment_post_time")]
        constraints = [models.CheckConstraint(condition=Q(kind__in=[PUSH, BOO, ARROW]), name="comment_kind_known")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.text}"

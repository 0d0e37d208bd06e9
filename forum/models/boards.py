"""Boards (城版, 皇宮), their threads and posts, and their moderators (R1.2, R1.3, R2.5)."""

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from campaign.said import in_site_language_now, say
from forum.markup import render_markdown


class Board(models.Model):
    class Kind(models.TextChoices):
        CITY = "city", _("city board")
        PALACE = "palace", _("palace board")

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="boards", verbose_name=_("campaign")
    )
    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=_("kind"))
    city = models.OneToOneField(
        "cities.City", null=True, blank=True, on_delete=models.CASCADE, related_name="board", verbose_name=_("city")
    )
    kingdom = models.OneToOneField(
        "campaign.Kingdom",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="palace",
        verbose_name=_("kingdom"),
    )

    class Meta:
        db_table = "campaign_board"  # the table it had in campaign
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="city", city__isnull=False, kingdom__isnull=True)
                | Q(kind="palace", city__isnull=True, kingdom__isnull=False),
                name="board_of_city_or_palace",
            )
        ]

    def __str__(self) -> str:
        return str(self.city or self.kingdom)


class BoardModerator(models.Model):
    """An administrator civil officer appointed to moderate a board (R2.5)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="moderators", verbose_name=_("board"))
    officer = models.ForeignKey(
        "campaign.Officer", on_delete=models.CASCADE, related_name="moderating", verbose_name=_("officer")
    )
    appointed_by = models.ForeignKey(
        "campaign.Officer", null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("appointed by")
    )
    appointed_at = models.DateTimeField(verbose_name=_("appointed at"))

    class Meta:
        db_table = "campaign_boardmoderator"  # the table it had in campaign
        verbose_name = _("board moderator")
        verbose_name_plural = _("board moderators")
        constraints = [models.UniqueConstraint(fields=["board", "officer"], name="moderator_unique")]

    def __str__(self) -> str:
        return f"{self.officer} @ {self.board}"


class Thread(models.Model):
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="threads", verbose_name=_("board"))
    title = models.CharField(pgettext_lazy("a thread's title", "title"), max_length=120)
    author = models.ForeignKey(
        "campaign.Officer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("author")
    )
    is_system = models.BooleanField(default=False, verbose_name=_("is system"))
    # The war's event a system thread gathers ("siege:<id>", "army:<id>", …): its later events are
    # replies in it (forum.services.boards.post_system), one thread per event and board.
    topic = models.CharField(max_length=60, null=True, blank=True, editable=False, verbose_name=_("topic"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    last_activity_at = models.DateTimeField(verbose_name=_("last activity at"))
    post_count = models.PositiveIntegerField(default=0, verbose_name=_("post count"))
    # 推 − 噓 of the shown comments under all its posts (forum.services.comments keeps it).
    score = models.IntegerField(default=0, verbose_name=_("net pushes"))
    # A system thread's title as an event (campaign/said.py): `title` holds it in the site's
    # language, and a thread loaded for a reader of another language holds it in theirs.
    title_said = models.JSONField(null=True, blank=True, editable=False, verbose_name=_("title as an event"))

    class Meta:
        db_table = "campaign_thread"  # the table it had in campaign
        verbose_name = _("thread")
        verbose_name_plural = _("threads")
        # The board's list: the players' threads first, the system's beneath (forum.selectors.boards).
        indexes = [models.Index(fields=["board", "is_system", "-last_activity_at"], name="thread_board_list")]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "topic"], condition=Q(topic__isnull=False), name="thread_topic_unique_on_board"
            )
        ]

    def __str__(self) -> str:
        return self.title

    @classmethod
    def from_db(cls, db: Any, field_names: Any, values: Any) -> "Thread":
        thread = super().from_db(db, field_names, values)
        event = thread.__dict__.get("title_said")
        if event is not None and "title" in thread.__dict__ and not in_site_language_now():
            thread.title = say(event)[:120]
        return thread


class Post(models.Model):
    """A post: an officer's Markdown (kept as written, shown sanitised) or the system's own."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts", verbose_name=_("thread"))
    author = models.ForeignKey(
        "campaign.Officer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("author")
    )
    is_system = models.BooleanField(default=False, verbose_name=_("is system"))
    body = models.TextField(_("text"))
    html = models.TextField(verbose_name=_("rendered HTML"))
    created_at = models.DateTimeField(verbose_name=_("created at"))
    edited_at = models.DateTimeField(null=True, blank=True, verbose_name=_("edited at"))
    hidden = models.BooleanField(default=False, verbose_name=_("hidden"))
    # Set for system posts so that the same event never posts twice.
    event_key = models.CharField(max_length=120, null=True, blank=True, unique=True, verbose_name=_("event key"))
    # What the board search looks up (forum.rules.search.index_terms of the thread's title and
    # the text), indexed by the database's own means (migration 0009: FTS5 / a GIN index).
    terms = models.TextField(default="", editable=False, verbose_name=_("search terms"))
    # Its shown comments and their 推 − 噓 (forum.services.comments keeps both).
    comment_count = models.PositiveIntegerField(default=0, verbose_name=_("comment count"))
    score = models.IntegerField(default=0, verbose_name=_("net pushes"))
    # A system post's text as an event (campaign/said.py): `body` and `html` hold it in the site's
    # language, and a post loaded for a reader of another language holds it in theirs.
    said = models.JSONField(null=True, blank=True, editable=False, verbose_name=_("text as an event"))

    class Meta:
        db_table = "campaign_post"  # the table it had in campaign
        verbose_name = _("post")
        verbose_name_plural = _("posts")
        indexes = [models.Index(fields=["thread", "created_at"], name="post_thread_time")]

    def __str__(self) -> str:
        return f"{self.thread} #{self.pk}"

    @classmethod
    def from_db(cls, db: Any, field_names: Any, values: Any) -> "Post":
        post = super().from_db(db, field_names, values)
        event = post.__dict__.get("said")
        if event is not None and "body" in post.__dict__ and not in_site_language_now():
            post.body = say(event)
            if "html" in post.__dict__:
                post.html = render_markdown(post.body)
        return post

"""Campaigns and kingdoms (R1.1, R1.2)."""

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# A campaign whose address starts so is being built from a world file (campaign/services/
# seasons/world/staging.py): no address reaches it (a slug holds no "~") and no list shows it.
STAGING = "~"


class Campaign(models.Model):
    """One war, a season (R1.1). Its numbers are the settings of RULES.md §12.

    Its life: draft (the world and settings change freely) → enrolment (players join; boards and
    personnel work, no move or march) → war (from `war_starts_at` the clock runs; it may be
    paused) → ended (archived, read-only, `winner` named)."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        ENROLMENT = "enrolment", _("enrolment")
        WAR = "war", _("war")
        ENDED = "ended", _("ended")

    class EndReason(models.TextChoices):
        CAPITALS = "capitals", _("one kingdom holds every capital")
        DEADLINE = "deadline", _("the end instant came")
        ORGANISER = "organiser", _("ended by an organiser")

    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(unique=True, verbose_name=_("slug"))
    time_zone = models.CharField(_("time zone"), max_length=64, default="Asia/Taipei")
    travel_time = models.DurationField(_("travel time between adjacent cities"), default=timedelta(minutes=20))
    online_window = models.DurationField(_("online window"), default=timedelta(minutes=15))
    # Decision: an officer may edit their own post for this long after posting.
    post_edit_window = models.DurationField(_("time to edit one's own post"), default=timedelta(minutes=30))
    king_orders_from_stars = models.PositiveSmallIntegerField(
        _("stars from which only the king orders moves"), default=21
    )
    capital_wall = models.PositiveIntegerField(_("capital wall"), default=800)
    buffer_wall = models.PositiveIntegerField(_("buffer city wall"), default=500)
    frontier_wall = models.PositiveIntegerField(_("frontier city wall"), default=300)
    starting_morale = models.PositiveIntegerField(_("starting morale"), default=100)
    daily_morale_loss = models.PositiveSmallIntegerField(_("daily morale loss"), default=10)
    daily_wall_gain = models.PositiveSmallIntegerField(_("daily wall gain"), default=5)
    war_start_minute = models.PositiveSmallIntegerField(_("hours of war begin (minutes after midnight)"), default=540)
    war_end_minute = models.PositiveSmallIntegerField(_("hours of war end (minutes after midnight)"), default=1440)
    penalty_period = models.DurationField(_("penalty period"), default=timedelta(minutes=30))
    outnumbered_ratio = models.PositiveSmallIntegerField(_("outnumbered ratio"), default=3)
    outnumbered_points = models.PositiveSmallIntegerField(_("points per extra attacker"), default=6)
    unanswered_points = models.PositiveSmallIntegerField(_("unanswered siege points"), default=6)
    ransom_per_star = models.PositiveIntegerField(_("ransom per star"), default=10)
    pursuit_window = models.DurationField(_("pursuit decision window"), default=timedelta(minutes=10))
    pursuers = models.PositiveSmallIntegerField(_("pursuers"), default=3)
    reinforcement_morale = models.PositiveSmallIntegerField(_("morale per reinforcing officer"), default=3)
    stratagem_window = models.DurationField(_("stratagem acceptance window"), default=timedelta(minutes=10))
    stratagem_wall = models.PositiveSmallIntegerField(_("stratagem wall damage"), default=3)
    stratagem_extra_moves = models.PositiveSmallIntegerField(_("stratagem extra moves"), default=2)
    # Battle games played live on the site. Decision: 15 min + 10 s a move (dark chess
    # 5 min + 5 s); a player who makes no first move within `live_first_move` loses by forfeit.
    live_base = models.DurationField(_("live game: time per player"), default=timedelta(minutes=15))
    live_increment = models.DurationField(_("live game: time added per move"), default=timedelta(seconds=10))
    live_first_move = models.DurationField(_("live game: time for the first move"), default=timedelta(minutes=10))
    # R11.3: a repetition is a claim; a xiangqi game played live ends by itself only when a
    # position stands this many times, a count real master games do not reach (docs/playing.md).
    live_repetition_limit = models.PositiveSmallIntegerField(_("live game: automatic end at repetitions"), default=15)
    # R11.3: a reported record is a claim; unanswered, it stands after this much war time.
    claim_window = models.DurationField(_("confirmation window of a reported record"), default=timedelta(minutes=60))
    banqi_base = models.DurationField(_("dark chess: time per player"), default=timedelta(minutes=5))
    banqi_increment = models.DurationField(_("dark chess: time added per move"), default=timedelta(seconds=5))
    battle_game = models.CharField(
        _("battle game"),
        max_length=8,
        default="xiangqi",
        choices=[("xiangqi", _("Chinese chess")), ("chess", _("Western chess")), ("tactics", _("Hero tactics"))],
    )
    # The hero tactics game's map (docs/tactics.md T3.11): "" is `classic-9`, else a shipped map's
    # name or a drawn map's rows, one a line (games/tactics/maps.py), checked as a world file's.
    tactics_map = models.TextField(_("hero tactics map"), blank=True, default="")
    moves_through_own_cities_only = models.BooleanField(
        _("moves travel only through the mover's own cities"), default=True
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    # The campaign's life. A campaign made by world_create (the demo, the tests) is at war at once.
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.WAR)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="organised_campaigns", verbose_name=_("organisers")
    )
    war_starts_at = models.DateTimeField(_("war starts at"), null=True, blank=True)
    war_ends_at = models.DateTimeField(_("war ends at"), null=True, blank=True)
    paused_at = models.DateTimeField(_("paused since"), null=True, blank=True)
    paused_until = models.DateTimeField(_("paused until"), null=True, blank=True)
    ended_at = models.DateTimeField(_("ended at"), null=True, blank=True)
    end_reason = models.CharField(_("how the war ended"), max_length=10, choices=EndReason.choices, blank=True)
    winner = models.ForeignKey(
        "campaign.Kingdom", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("winner")
    )
    previous_season = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("previous season")
    )
    # The world as it stood when the war started (the world file's plain form): a next season copies it.
    opening_world = models.JSONField(_("the world at the start"), null=True, blank=True, editable=False)
    mfa_required = models.BooleanField(_("organisers and kings must log in with two factors"), default=False)
    # Decision: a prisoner stays a prisoner until ransomed or freed; leaving does not free them.
    prisoners_may_leave = models.BooleanField(_("a prisoner may leave their kingdom"), default=False)

    class Meta:
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")
        permissions = [("organise_campaigns", _("Can organise campaigns"))]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> ZoneInfo:
        """The campaign's time zone: its days, its hours of war and the times its texts show.
        Not cached here: ZoneInfo keeps one object per key, and a changed `time_zone` reads anew."""
        return ZoneInfo(self.time_zone)

    @property
    def is_paused(self) -> bool:
        return self.paused_at is not None

    def wall_for_kind(self, kind: str) -> int:
        return {"capital": self.capital_wall, "buffer": self.buffer_wall}.get(kind, self.frontier_wall)


class Kingdom(models.Model):
    """A kingdom 國 (R1.2): a king, a capital, a palace board, active or destroyed."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        DESTROYED = "destroyed", _("destroyed")

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="kingdoms", verbose_name=_("campaign")
    )
    name = models.CharField(_("name"), max_length=50)
    colour = models.CharField(_("colour"), max_length=7, default="#888888")
    king = models.ForeignKey(
        "campaign.Officer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("king")
    )
    capital = models.ForeignKey(
        "cities.City", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("capital")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)

    class Meta:
        verbose_name = _("kingdom")
        verbose_name_plural = _("kingdoms")
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="kingdom_name_unique")]

    def __str__(self) -> str:
        return self.name

"""A game between two players on the site (RULES.md §11): its players, its status, its record
and, played live, its clocks, each move in GameMove. A game of the war belongs to one battle (a
siege R6.1, a field battle §5, a pursuit R8.2) and its army: keys to the war's tables above this
app, kept where they were when the games moved out of the war (tests/test_model_layers.py)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    """One game of a siege (R6.1: called by the attacker, taken up by a defender, decided),
    of a field battle (§5) or of a pursuit (R8.2). "Attacker" is always the side of the army."""

    class Kind(models.TextChoices):
        SIEGE = "siege", _("siege game")
        FIELD = "field", _("field battle game")
        PURSUIT = "pursuit", _("pursuit game")

    class Status(models.TextChoices):
        CALLED = "called", _("called, awaiting a defender")
        PENDING = "pending", _("being played")
        DECIDED = "decided", _("decided")
        CANCELLED = "cancelled", _("cancelled")

    class Result(models.TextChoices):
        ATTACKER = "attacker", _("attacker won")
        DEFENDER = "defender", _("defender won")
        DRAW = "draw", _("draw")

    TRANSITIONS = {
        Status.CALLED: {Status.PENDING, Status.CANCELLED},
        Status.PENDING: {Status.DECIDED, Status.CANCELLED},
        Status.DECIDED: set(),
        Status.CANCELLED: set(),
    }

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="+", verbose_name=_("campaign")
    )
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SIEGE, verbose_name=_("kind"))
    siege = models.ForeignKey(
        "battles.Siege", null=True, blank=True, on_delete=models.CASCADE, related_name="games", verbose_name=_("siege")
    )
    field_battle = models.ForeignKey(
        "battles.FieldBattle",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("field battle"),
    )
    pursuit = models.ForeignKey(
        "battles.Pursuit",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name=_("pursuit"),
    )
    board = models.PositiveSmallIntegerField(
        default=0, help_text=_("R5.3: pairing order in a team match"), verbose_name=_("board")
    )
    attacker_moves_first = models.BooleanField(
        default=True, help_text=_("R5.3, R6.1, R8.2: who has 先手 (red)"), verbose_name=_("attacker moves first")
    )
    army = models.ForeignKey("battles.Army", on_delete=models.CASCADE, related_name="games", verbose_name=_("army"))
    attacker = models.ForeignKey(
        "campaign.Officer", on_delete=models.PROTECT, related_name="+", verbose_name=_("attacker")
    )
    attacker_rank = models.CharField(max_length=16, verbose_name=_("attacker rank"))
    defender = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("defender"),
    )
    defender_rank = models.CharField(max_length=12, blank=True, verbose_name=_("defender rank"))
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CALLED, verbose_name=_("status"))
    result = models.CharField(max_length=10, choices=Result.choices, blank=True, verbose_name=_("result"))
    note = models.TextField(blank=True, verbose_name=_("note"))
    # R11.3, R11.6: the record as submitted, its moves in canonical form, and how the result came.
    record = models.TextField(blank=True, verbose_name=_("record"))
    moves = models.JSONField(default=list, blank=True, verbose_name=_("moves"))
    game_kind = models.CharField(max_length=8, default="xiangqi", verbose_name=_("game kind"))
    termination = models.CharField(max_length=24, blank=True, verbose_name=_("termination"))
    reported_by = models.ForeignKey(
        "campaign.Officer",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("reported by"),
    )
    reported_at = models.DateTimeField(null=True, blank=True, verbose_name=_("reported at"))
    claimed_result = models.CharField(
        max_length=10,
        blank=True,
        help_text=_("a claim awaiting the opponent (R11.3)"),
        verbose_name=_("claimed result"),
    )
    # R11.3: "" (no claim: played live, or entered), claimed, disputed; once decided by the claim,
    # confirmed (by the opponent) or unanswered (it stood when the confirmation window ended).
    claim_status = models.CharField(max_length=10, blank=True, verbose_name=_("claim status"))
    # R11.4 handicap and R11.5 opening restriction, set by stratagems (R9.2).
    favoured = models.CharField(max_length=8, blank=True, verbose_name=_("favoured"))
    extra_moves = models.PositiveSmallIntegerField(default=0, verbose_name=_("extra moves"))
    restricted = models.CharField(max_length=8, blank=True, verbose_name=_("restricted"))
    # R7.4: a game that starts outside the hours of war counts only if both sides agreed.
    attacker_agrees_off_hours = models.BooleanField(default=False, verbose_name=_("attacker agrees off hours"))
    defender_agrees_off_hours = models.BooleanField(default=False, verbose_name=_("defender agrees off hours"))
    called_at = models.DateTimeField(verbose_name=_("called at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    decided_at = models.DateTimeField(null=True, blank=True, verbose_name=_("decided at"))
    # A game played live on the site starts once both players said they are ready; the clocks (time
    # left for each side, as of `turn_since` for the side to move) are kept here, each move in
    # GameMove with its clock stamp. A draw offer waits in `draw_offered_by` (attacker/defender).
    attacker_ready = models.BooleanField(default=False, verbose_name=_("attacker ready"))
    defender_ready = models.BooleanField(default=False, verbose_name=_("defender ready"))
    live_since = models.DateTimeField(null=True, blank=True, verbose_name=_("live since"))
    attacker_left_ms = models.BigIntegerField(null=True, blank=True, verbose_name=_("attacker time left (ms)"))
    defender_left_ms = models.BigIntegerField(null=True, blank=True, verbose_name=_("defender time left (ms)"))
    turn_since = models.DateTimeField(null=True, blank=True, verbose_name=_("turn since"))
    draw_offered_by = models.CharField(max_length=8, blank=True, verbose_name=_("draw offered by"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("decided by"),
    )

    TERMINATIONS = {
        "checkmate": _("checkmate"),
        "stalemate": _("stalemate (the side that cannot move loses)"),
        "repetition": _("repetition: a draw"),
        "perpetual": _("perpetual check or chase: the offender loses"),
        "insufficient_material": _("insufficient material"),
        "move_rule": _("the move rule"),
        "no_pieces": _("no piece left to act"),
        # Games played live on the site
        "resignation": _("resignation"),
        "agreement": _("draw agreed"),
        "time": _("lost on time"),
        "abandoned": _("forfeited: no first move in time"),
        # A claim the site ruled on at once (R11.3): play/services/live_claims.py
        "repetition_claimed": _("repetition claimed: a draw"),
        "perpetual_claimed": _("perpetual check or chase claimed: the offender loses"),
        "fifty_moves_claimed": _("fifty-move rule claimed: a draw"),
        # A hero tactics game deciding a battle (W4): tactics/services/battle.py
        "base": _("a base destroyed"),
        "bases": _("both bases destroyed at once: a draw"),
        "round_limit": _("the round limit"),
    }

    @property
    def how(self) -> str:
        """How the result was reached (R11.6), in the reader's language: by the board, by the
        opponent's confirmation of a claim, or by the R11.3 authority."""
        if self.status != self.Status.DECIDED:
            return ""
        if self.decided_by_id is not None:
            return str(_("entered by the authority (R11.3)"))
        ending = self.TERMINATIONS.get(self.termination)
        if self.claim_status == "confirmed":
            answered = _("confirmed by the opponent")
            return f"{ending} · {answered}" if ending else str(_("claim confirmed by the opponent"))
        if self.claim_status == "unanswered":
            lapsed = _("unanswered: it stood when the confirmation window ended")
            return f"{ending} · {lapsed}" if ending else str(_("claim unanswered: it stood when the window ended"))
        if ending:
            return str(ending)
        if self.termination == "claim":
            return str(_("claim confirmed by the opponent"))
        return ""

    @property
    def ending(self) -> str:
        """How the board ends the record, in the reader's language ("" when it does not)."""
        ending = self.TERMINATIONS.get(self.termination)
        return str(ending) if ending else ""

    @property
    def terms(self) -> str:
        """The stratagems' terms of this game in words (R11.4 handicap, R11.5 restriction)."""
        sides = {"attacker": _("the attacker"), "defender": _("the defender")}
        parts = []
        if self.favoured in sides:
            parts.append(
                str(
                    _("%(side)s plays %(n)d extra moves first (R11.4)")
                    % {"side": sides[self.favoured], "n": self.extra_moves}
                )
            )
        if self.restricted in sides:
            parts.append(
                str(_("%(side)s must open with a main-line opening (R11.5)") % {"side": sides[self.restricted]})
            )
        return "; ".join(parts)

    @property
    def claimed_label(self) -> str:
        """The claimed result in words ("attacker won")."""
        return str(self.Result(self.claimed_result).label) if self.claimed_result in self.Result.values else ""

    @property
    def claim(self) -> str:
        """The claim awaiting an answer, in the reader's language: who claims to have won, and
        whether the opponent disputed it (R11.3)."""
        if self.claim_status not in ("claimed", "disputed"):
            return ""
        result = self.claimed_label
        if self.claim_status == "disputed":
            return str(_("%(result)s, disputed by the opponent") % {"result": result})
        return str(_("%(result)s, awaiting the opponent's confirmation") % {"result": result})

    def claim_token(self) -> str:
        """What names a claim: the form that confirms or disputes it sends this back, so that a
        stale page never answers a claim its reader did not see (R11.3)."""
        stamp = self.reported_at.isoformat() if self.reported_at else ""
        return f"{self.claimed_result}@{stamp}"

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        db_table = "battles_game"  # the table it had in battles
        constraints = [
            models.UniqueConstraint(
                fields=["attacker"], condition=Q(status__in=["called", "pending"]), name="game_attacker_one_at_a_time"
            ),
            models.UniqueConstraint(
                fields=["defender"], condition=Q(status="pending"), name="game_defender_one_at_a_time"
            ),
            models.CheckConstraint(
                condition=Q(status="called") | Q(status="cancelled") | Q(defender__isnull=False),
                name="game_played_has_defender",
            ),
            models.CheckConstraint(condition=~Q(status="decided") | ~Q(result=""), name="game_decided_has_result"),
            models.CheckConstraint(
                condition=Q(kind="siege", siege__isnull=False, field_battle__isnull=True, pursuit__isnull=True)
                | Q(kind="field", siege__isnull=True, field_battle__isnull=False, pursuit__isnull=True)
                | Q(kind="pursuit", siege__isnull=True, field_battle__isnull=True, pursuit__isnull=False),
                name="game_belongs_to_one_battle",
            ),
        ]
        # The duties every page shows read the open games only (a season keeps thousands
        # decided). Not a partial index: SQLite cannot use one for a query with bound parameters.
        indexes = [
            models.Index(fields=["status"], name="game_status"),
            # The games list, newest first, a page at a time without sorting a season.
            models.Index(
                F("campaign"), Coalesce("started_at", "called_at").desc(), F("id").desc(), name="game_campaign_newest"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.attacker} – {self.defender or '?'}"


class GameMove(models.Model):
    """One move of a game played live on the site: its number, the move in canonical form (ICCS
    or UCI), when it was made and the mover's time left after it (increment added)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="live_moves", verbose_name=_("game"))
    ply = models.PositiveSmallIntegerField(verbose_name=_("ply"))
    move = models.CharField(max_length=8, verbose_name=_("move"))
    played_at = models.DateTimeField(verbose_name=_("played at"))
    left_ms = models.BigIntegerField(verbose_name=_("time left (ms)"))

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        db_table = "battles_gamemove"  # the table it had in battles
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="game_move_once")]
        ordering = ["game", "ply"]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.ply} {self.move}"

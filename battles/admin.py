"""The war in the admin, read-only: armies, sieges, games, stratagems, dark-chess games and the
ledger change only through the site's services (which check the rules and write the ledger); here
staff can look them up."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from battles.models import Army, BanqiGame, LedgerEntry, Siege, Stratagem
from battles.models.armies import AttackRank
from battles.models.sieges import DefenceRank
from battles.selectors.stratagems import ENDINGS
from play.models import Game

# Stored codes shown in words (the admin showed "marshal", "xiangqi", "claim", "resignation").
GAME_KINDS = {"xiangqi": _("Chinese chess"), "chess": _("Western chess"), "tactics": _("Hero tactics")}


def rank_label(value: str) -> str:
    for ranks in (AttackRank, DefenceRank):
        if value in ranks.values:
            return str(ranks(value).label)
    return value or "—"


class ReadOnly(admin.ModelAdmin):
    """Staff may look; nobody adds, changes or deletes here."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_staff


@admin.register(Army)
class ArmyAdmin(ReadOnly):
    list_display = ["id", "kingdom", "origin", "target", "status", "morale", "departs_at", "arrives_at"]
    list_filter = ["campaign", "kingdom", "status"]
    list_select_related = ["kingdom", "origin", "target"]


@admin.register(Siege)
class SiegeAdmin(ReadOnly):
    list_display = ["id", "city", "status", "started_at", "ended_at"]
    list_filter = ["campaign", "status"]
    list_select_related = ["city"]


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ["id", "kind", "attacker", "defender", "status", "result", "ending", "called_at", "decided_at"]
    list_filter = ["campaign", "kind", "status", "result"]
    list_select_related = ["attacker", "defender"]
    search_fields = ["attacker__name", "defender__name"]
    exclude = ["attacker_rank", "defender_rank", "game_kind", "termination"]
    readonly_fields = ["attacker_rank_shown", "defender_rank_shown", "game_kind_shown", "ending"]

    @admin.display(description=_("attacker rank"))
    def attacker_rank_shown(self, game: Game) -> str:
        return rank_label(game.attacker_rank)

    @admin.display(description=_("defender rank"))
    def defender_rank_shown(self, game: Game) -> str:
        return rank_label(game.defender_rank)

    @admin.display(description=_("game kind"))
    def game_kind_shown(self, game: Game) -> str:
        return str(GAME_KINDS.get(game.game_kind, game.game_kind))

    @admin.display(description=_("termination"))
    def ending(self, game: Game) -> str:
        return game.how or "—"


@admin.register(Stratagem)
class StratagemAdmin(ReadOnly):
    list_display = ["id", "kind", "schemer", "target", "status", "challenged_at", "deadline"]
    list_filter = ["campaign", "kind", "status"]
    list_select_related = ["schemer", "target"]


@admin.register(BanqiGame)
class BanqiGameAdmin(ReadOnly):
    list_display = ["id", "first", "second", "started_at", "ended_at", "outcome"]
    list_select_related = ["first", "second"]
    # The deal stays secret until the game ends (R11.7): staff may be players. Its hash is shown.
    exclude = ["layout", "salt", "termination"]
    readonly_fields = ["ending"]

    @admin.display(description=_("termination"))
    def ending(self, game: BanqiGame) -> str:
        return str(ENDINGS.get(game.termination, game.termination or "—"))

    @admin.display(description=_("result"))
    def outcome(self, game: BanqiGame) -> str:
        if game.result == "draw":
            return str(_("draw"))
        if game.result in ("0", "1"):
            winner = game.first if game.result == "0" else game.second
            return str(_("%(name)s won") % {"name": winner.name})
        return "—"


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnly):
    """Read-only: every change of a wall or a morale, written by the services with its cause."""

    list_display = ["due_at", "city", "army", "field", "delta", "value_after", "clause", "cause_text", "applied_at"]
    list_filter = ["campaign", "field", "clause"]
    list_select_related = ["city", "army"]
    date_hierarchy = "due_at"
    # The cause is stored as data (a code and its arguments) and told in the reader's language.
    exclude = ["cause", "cause_args"]
    readonly_fields = ["cause_text"]

    @admin.display(description=_("cause"))
    def cause_text(self, entry: LedgerEntry) -> str:
        return entry.cause_text

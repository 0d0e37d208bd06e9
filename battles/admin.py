"""The war in the admin, read-only: armies, sieges, games, stratagems and dark-chess games
change only through the site's services (which check the rules and write the ledger); here
staff can look them up."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from battles.models import Army, BanqiGame, Game, Siege, Stratagem


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
    list_display = ["pk", "kingdom", "origin", "target", "status", "morale", "departs_at", "arrives_at"]
    list_filter = ["campaign", "kingdom", "status"]
    list_select_related = ["kingdom", "origin", "target"]


@admin.register(Siege)
class SiegeAdmin(ReadOnly):
    list_display = ["pk", "city", "status", "started_at", "ended_at"]
    list_filter = ["campaign", "status"]
    list_select_related = ["city"]


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ["pk", "kind", "attacker", "defender", "status", "result", "termination", "called_at", "decided_at"]
    list_filter = ["campaign", "kind", "status", "result"]
    list_select_related = ["attacker", "defender"]
    search_fields = ["attacker__name", "defender__name"]


@admin.register(Stratagem)
class StratagemAdmin(ReadOnly):
    list_display = ["pk", "kind", "schemer", "target", "status", "challenged_at", "deadline"]
    list_filter = ["campaign", "kind", "status"]
    list_select_related = ["schemer", "target"]


@admin.register(BanqiGame)
class BanqiGameAdmin(ReadOnly):
    list_display = ["pk", "first", "second", "started_at", "ended_at", "outcome"]
    list_select_related = ["first", "second"]

    @admin.display(description=_("result"))
    def outcome(self, game: BanqiGame) -> str:
        if game.result == "draw":
            return str(_("draw"))
        if game.result in ("0", "1"):
            winner = game.first if game.result == "0" else game.second
            return str(_("%(name)s won") % {"name": winner.name})
        return "—"

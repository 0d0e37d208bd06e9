"""Hero tactics games shown read-only to staff: a game changes only through its services."""

from django.contrib import admin

from tactics.models import TacticsGame, TacticsSeat


class SeatInline(admin.TabularInline):
    """The team form's players beside the captains (T2.6)."""

    model = TacticsSeat
    fields = ("side", "place", "user", "seated_at")
    readonly_fields = ("side", "place", "user", "seated_at")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(TacticsGame)
class TacticsGameAdmin(admin.ModelAdmin):
    list_display = ["pk", "challenger", "opponent", "seats", "status", "outcome", "reason", "version", "created_at"]
    inlines = [SeatInline]
    list_filter = ["status"]
    list_select_related = ["challenger", "opponent"]
    exclude = ["seed"]  # secret until the end (T18.1): the record's download shows it then

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

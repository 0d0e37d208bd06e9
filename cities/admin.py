from django.contrib import admin

from cities.models import City, Road


@admin.register(City)
class CityAdmin(admin.ModelAdmin):
    list_display = ["name", "kingdom", "kind", "wall", "wall_max", "governor", "campaign"]
    list_filter = ["campaign", "kingdom", "kind"]
    list_select_related = ["kingdom", "governor", "campaign"]
    # Walls change through the ledger, governors by the king's appointment (R2.4), owners by a
    # fall (R10.1), the kind and its values are the map's: none is edited here.
    readonly_fields = ["kingdom", "kind", "wall", "wall_max", "wall_start", "governor", "campaign"]

    def has_add_permission(self, request):
        return False  # a city comes with its world (its wall, board and roads): not by hand here


@admin.register(Road)
class RoadAdmin(admin.ModelAdmin):
    """Read-only: the map is set when the campaign is created (routes and marches depend on it)."""

    list_display = ["a", "b", "campaign"]
    list_select_related = ["a", "b", "campaign"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

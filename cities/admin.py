from django.contrib import admin

from cities.models import City, Road


@admin.register(City)
class CityAdmin(admin.ModelAdmin):
    list_display = ["name", "kingdom", "kind", "wall", "wall_max", "governor", "campaign"]
    list_filter = ["campaign", "kingdom", "kind"]
    list_select_related = ["kingdom", "governor", "campaign"]
    readonly_fields = ["wall", "governor"]  # walls change through the ledger, governors through the king


@admin.register(Road)
class RoadAdmin(admin.ModelAdmin):
    list_display = ["a", "b", "campaign"]
    list_select_related = ["a", "b", "campaign"]

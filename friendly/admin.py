"""Friendly games shown read-only to staff: a game changes only through its services."""

from django.contrib import admin

from friendly.models import FriendlyGame


@admin.register(FriendlyGame)
class FriendlyGameAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "first", "second", "status", "result", "termination", "created_at"]
    list_filter = ["kind", "status"]
    list_select_related = ["first", "second"]
    exclude = ["layout", "salt"]  # dark chess's deal, secret until the end (R11.7): the page shows it then

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

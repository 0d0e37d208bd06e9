from django.contrib import admin

from bots.models import Bot


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("user", "tactics_level", "engine_level")
    raw_id_fields = ("user",)

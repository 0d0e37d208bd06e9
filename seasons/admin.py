"""A season's records in the admin, read only: invitations, applications, the war's pauses."""

from django.contrib import admin

from campaign.admin import ReadOnly
from seasons.models import Application, Invitation, WarPause


@admin.register(Invitation)
class InvitationAdmin(ReadOnly):
    list_display = ["kingdom", "created_by", "created_at", "expires_at", "uses", "max_uses", "revoked_at"]
    list_filter = ["campaign"]
    exclude = ["token_hash"]


@admin.register(Application)
class ApplicationAdmin(ReadOnly):
    list_display = ["user", "kingdom", "status", "created_at", "decided_at"]
    list_filter = ["campaign", "status"]


@admin.register(WarPause)
class WarPauseAdmin(ReadOnly):
    list_display = ["campaign", "started_at", "planned_until", "ended_at"]

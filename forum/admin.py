"""The forum in the admin: boards with their moderators, threads with their posts, the chronicle's
pins. What the forum's services write, the admin reads (campaign/admin.py's bases)."""

from django.contrib import admin
from django.db.models import Q

from campaign.admin import KingdomScoped, ReadOnly
from forum.models import Board, BoardModerator, ChroniclePin, Post, Thread


class ModeratorInline(admin.TabularInline):
    """Read-only: moderators are appointed on the Personnel page (R2.5, at most two)."""

    model = BoardModerator
    extra = 0
    fields = ("officer", "appointed_by", "appointed_at")
    readonly_fields = ("officer", "appointed_by", "appointed_at")

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Board)
class BoardAdmin(KingdomScoped):
    list_display = ["__str__", "kind", "campaign"]
    list_filter = ["kind", "campaign"]
    list_select_related = ["city", "kingdom", "campaign"]
    readonly_fields = ["campaign", "kind", "city", "kingdom"]  # a city's or a palace's, for good (R1.2)
    inlines = [ModeratorInline]

    def scope(self, kingdoms):
        return Q(kind=Board.Kind.CITY) | Q(kingdom__in=kingdoms)


class PostInline(admin.StackedInline):
    model = Post
    extra = 0
    fields = ["author", "body", "hidden", "created_at"]
    readonly_fields = ["author", "body", "hidden", "created_at"]  # moderators hide posts on the board (R2.5)

    def has_add_permission(self, request, obj=None):
        return False  # posts are written on the boards (rendered, sanitised, counted)


@admin.register(Thread)
class ThreadAdmin(KingdomScoped):
    list_display = ["title", "board", "author", "is_system", "post_count", "last_activity_at"]
    list_filter = ["is_system", "board__kind"]
    list_select_related = ["board__city", "board__kingdom", "author"]
    search_fields = ["title"]
    # Only the title is staff's to mend; the rest is the boards' service's (the counts, the order).
    readonly_fields = ["board", "author", "is_system", "created_at", "last_activity_at", "post_count"]
    inlines = [PostInline]

    def scope(self, kingdoms):
        return Q(board__kind=Board.Kind.CITY) | Q(board__kingdom__in=kingdoms)


@admin.register(ChroniclePin)
class ChroniclePinAdmin(ReadOnly):
    list_display = ["campaign", "day", "post", "pinned_by", "pinned_at"]

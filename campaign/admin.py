"""The Django admin for kingdom admins. War state (whereabouts, moves, timers, walls) is
read-only here: it changes only through the site's services, which check the rules."""

from django import forms
from django.contrib import admin
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom, Move, Officer, Presence, Promotion, Timer
from campaign.rules.clock import minutes_as_time, time_as_minutes
from campaign.selectors.names import officer_name_checked


def kingdoms_of(user) -> list[int]:
    return list(Officer.objects.filter(user=user, kingdom__isnull=False).values_list("kingdom_id", flat=True))


class MadeByServices(admin.ModelAdmin):
    """Rows the services make with their checks and their companions (a campaign its world and
    timers, a kingdom its palace, an officer their whereabouts and stars, a thread its first
    post): the admin adds none by hand, since a row missing what the service sets would break
    the pages that read it."""

    def has_add_permission(self, request):
        return False


class KingdomScoped(MadeByServices):
    """Kingdom admins (staff who are not superusers) see their own kingdoms' private rows:
    officers, moves, promotions, and of the boards the public city boards and their own palace."""

    def scope(self, kingdoms: list[int]) -> Q:
        raise NotImplementedError

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(self.scope(kingdoms_of(request.user)))


class CampaignForm(forms.ModelForm):
    """The hours of war (R7.4) typed and shown as clock times, kept as minutes after midnight."""

    war_start = forms.CharField(label=_("hours of war begin"), max_length=5, help_text=_("HH:MM"))
    war_end = forms.CharField(label=_("hours of war end"), max_length=5, help_text=_("HH:MM (24:00: midnight)"))

    class Meta:
        model = Campaign
        exclude = ["war_start_minute", "war_end_minute"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["war_start"].initial = minutes_as_time(self.instance.war_start_minute)
        self.fields["war_end"].initial = minutes_as_time(self.instance.war_end_minute)

    def _minutes(self, name: str) -> int:
        minutes = time_as_minutes(self.cleaned_data[name])
        if minutes is None:
            raise forms.ValidationError(_("A clock time between 00:00 and 24:00, such as 09:00."))
        return minutes

    def clean_war_start(self) -> int:
        return self._minutes("war_start")

    def clean_war_end(self) -> int:
        return self._minutes("war_end")

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if "war_start" in data and "war_end" in data and data["war_start"] >= data["war_end"]:
            raise forms.ValidationError(_("The hours of war end after they begin (R7.4)."))
        return data

    def save(self, commit=True):
        self.instance.war_start_minute = self.cleaned_data["war_start"]
        self.instance.war_end_minute = self.cleaned_data["war_end"]
        return super().save(commit)


@admin.register(Campaign)
class CampaignAdmin(MadeByServices):
    form = CampaignForm
    list_display = ["name", "slug", "status", "time_zone", "travel_time", "hours_of_war", "created_at"]
    list_filter = ["status"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organisers"]
    # The campaign's life moves only through its services (start, pause, resume, end: their timers
    # and posts); a site admin grants organisers here.
    readonly_fields = [
        "status",
        "war_starts_at",
        "war_ends_at",
        "paused_at",
        "paused_until",
        "ended_at",
        "end_reason",
        "winner",
        "previous_season",
    ]

    @admin.display(description=_("hours of war"))
    def hours_of_war(self, campaign: Campaign) -> str:
        return f"{minutes_as_time(campaign.war_start_minute)}–{minutes_as_time(campaign.war_end_minute)}"


@admin.register(Kingdom)
class KingdomAdmin(MadeByServices):
    list_display = ["name", "campaign", "king", "capital", "status"]
    list_filter = ["campaign", "status"]
    list_select_related = ["campaign", "king", "capital"]
    # The king and the capital change only through the war (R10.5); no service sets them here.
    readonly_fields = ["campaign", "status", "king", "capital"]


class OfficerForm(forms.ModelForm):
    """An officer renamed here is told apart from the campaign's others, as at joining (R1.5)."""

    class Meta:
        model = Officer
        fields = "__all__"

    def clean_name(self) -> str:
        try:
            return officer_name_checked(
                campaign=self.instance.campaign, name=self.cleaned_data["name"], officer=self.instance
            )
        except RuleViolation as refusal:
            raise forms.ValidationError(refusal.refusal) from None


@admin.register(Officer)
class OfficerAdmin(KingdomScoped):
    form = OfficerForm
    list_display = ["name", "kingdom", "stars", "kind", "title", "whereabouts", "city", "captor"]
    list_filter = ["campaign", "kingdom", "kind", "whereabouts"]
    list_select_related = ["kingdom", "city", "captor"]
    search_fields = ["name", "user__username", "title"]
    # Stars and titles change by promotion (R2.3), whereabouts by moves and the war, the kingdom
    # by the end of a kingdom (R10.5): all services on the site; the campaign and the account are
    # the officer's for good.
    readonly_fields = ["campaign", "user", "stars", "title", "kind", "kingdom", "whereabouts", "city", "army", "captor"]

    def scope(self, kingdoms):
        return Q(kingdom__in=kingdoms)


@admin.register(Promotion)
class PromotionAdmin(KingdomScoped):
    list_display = [
        "officer",
        "previous_stars",
        "stars",
        "title",
        "status",
        "recommended_by",
        "decided_by",
        "created_at",
    ]
    list_filter = ["status", "campaign"]
    list_select_related = ["officer", "recommended_by", "decided_by"]

    def scope(self, kingdoms):
        return Q(officer__kingdom__in=kingdoms)

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Move)
class MoveAdmin(KingdomScoped):
    list_display = ["officer", "origin", "destination", "status", "departs_at", "arrives_at", "arrived_at"]
    list_filter = ["status", "campaign"]
    list_select_related = ["officer", "origin", "destination"]

    def scope(self, kingdoms):
        return Q(officer__kingdom__in=kingdoms)

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(Timer)
class TimerAdmin(admin.ModelAdmin):
    """For site operators (superusers): what is due, what was applied, what failed and why."""

    list_display = ["key", "kind", "due_at", "status", "attempts", "applied_at", "last_error"]
    list_filter = ["status", "kind"]
    search_fields = ["key"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False


@admin.register(Presence)
class PresenceAdmin(MadeByServices):
    """Read-only: presence is a request's (R2.6); a presence set by hand would make an officer
    online for the rules that ask who is."""

    list_display = ["user", "last_seen"]
    list_select_related = ["user"]

    def has_change_permission(self, request, obj=None):
        return False


class ReadOnly(admin.ModelAdmin):
    """Rows of a season's record, written by its services: shown, never edited here."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

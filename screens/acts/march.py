"""Marching (R4.1) and reinforcing (R8.3) as terminal forms: the War page's march form and the army
page's reinforcement form (battles.selectors.march: the cities one may march from, the fighters
there with the ranks R4.3 proposes, the targets), with their preview (the route and the arrival,
R1.4, R4.5) as the form's first lines."""

from django.utils import timezone
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from battles import lookups as battle_lookups
from battles.inputs import officers_from, organisation_from
from battles.models.armies import AttackRank
from battles.selectors.march import MarchForm, MarchPreview, march_choice, reinforce_choice
from battles.services.march import march_start
from battles.services.reinforce import reinforcement_send
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_int, posted_object
from campaign.models import Officer
from screens.acts.fields import choice, option, several
from screens.acts.form import Act, Loaded


def preview_lines(preview: MarchPreview | None, zone) -> list[str]:
    """The form's preview as the page words it: the route, the time it takes and the arrival."""
    if preview is None:
        return []
    if preview.route is None:
        return [
            _("No road leads from %(a)s to %(b)s.") % {"a": preview.origin.name, "b": preview.target.name} + " (R1.4)"
        ]
    if preview.hours:
        duration = _("%(h)s h %(m)s min") % {"h": preview.hours, "m": preview.minutes}
    else:
        duration = _("%(m)s min") % {"m": preview.minutes}
    at = timezone.localtime(preview.arrives_at, zone).strftime("%m-%d %H:%M") if preview.arrives_at else ""
    arrival = _("The march takes %(duration)s: leaving now, it arrives at %(at)s.") % {"duration": duration, "at": at}
    chosen = (
        ngettext("%(n)s officer chosen.", "%(n)s officers chosen.", preview.members) % {"n": preview.members}
        if preview.members
        else _("No officer chosen yet.")
    )
    return [_("Route") + ": " + " → ".join(preview.route.names), arrival, chosen]


def _origins(form: MarchForm, data: MultiValueDict):
    return choice("origin", _("From"), [option(c.pk, c.name) for c in form.origins], data, reload=True)


def _fighters(form: MarchForm) -> list:
    return [option(o.pk, f"{o.name} ({o.stars}★)") for o, _rank in form.candidates]


class March(Act):
    def title(self) -> str:
        return _("March")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        form = march_choice(viewer=officer, choice=data)
        if form is None:
            return Loaded([], [_("You may march from no city (R4.4: the king, or a governor from their city).")])
        ranks = [option(value, label) for value, label in AttackRank.choices]
        proposed = {str(o.pk): rank for o, rank in form.candidates}
        members = several("member", _("Members"), _fighters(form), data, ranks=ranks, proposed=proposed)
        members.reload = True  # the preview counts them
        targets = [option(c.pk, f"{c.name} ({c.kingdom.name if c.kingdom else '—'})") for c in form.targets]
        fields = [_origins(form, data), members, choice("target", _("Target"), targets, data, reload=True)]
        return Loaded(fields, preview_lines(form.preview, officer.campaign.zone))

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        target = posted_object(data, "target", campaign_lookups.cities(officer.campaign), "R4.1")
        organisation = organisation_from(data, campaign_lookups.officers(officer.campaign), "R4.1")
        army = march_start(actor=officer, target=target, organisation=organisation)
        return _("The army marches on %(city)s.") % {"city": army.target.name}

    def help(self) -> str:
        return _(
            "March an army on a city (R4.1: the king orders it, or a governor from their city, R4.4). "
            "Tick the members and give each a rank with r (proposed from the stars, R4.3); the first "
            "lines show the route and the arrival if it leaves now."
        )


class Reinforce(Act):
    """Reinforcements to an army (`army` in the preset: the army page's form)."""

    def title(self) -> str:
        return _("Reinforce")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        army = battle_lookups.army(officer.campaign, posted_int(data, "army", "R8.3"))
        form = reinforce_choice(viewer=officer, army=army, choice=data)
        if form is None:
            return Loaded([], [_("You may send nobody to this army (R8.3: its king; R4.4).")])
        fields = [_origins(form, data), several("member", _("Members"), _fighters(form), data)]
        fields[1].reload = True
        return Loaded(fields, preview_lines(form.preview, officer.campaign.zone))

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        army = battle_lookups.army(officer.campaign, posted_int(data, "army", "R8.3"))
        column = reinforcement_send(actor=officer, army=army, officers=officers_from(data, "member", officer.campaign))
        return _("Reinforcements are on the way to %(city)s.") % {"city": column.target.name}

    def help(self) -> str:
        return _("Send reinforcements to a besieging army (R8.3: its king): tick who goes from the city chosen.")

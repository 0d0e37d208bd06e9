"""Stratagems (§9) as terminal forms: a civil officer's challenge to an online enemy general (R9.1,
with 速攻計's beneficiary, R9.2) and the general's answer: take the dark-chess game, or name a civil
officer in their place (R9.3). The choices are the stratagems page's (battles.selectors.stratagems)."""

from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from battles import lookups as battle_lookups
from battles.models import Stratagem
from battles.selectors.stratagems import stratagems_for
from battles.services import stratagems as stratagem_services
from campaign import clock
from campaign import lookups as campaign_lookups
from campaign.inputs import posted_int, posted_object
from campaign.models import Officer
from screens.acts.fields import choice, option
from screens.acts.form import Act, Loaded


class StratagemChallenge(Act):
    def title(self) -> str:
        return _("Stratagem")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = stratagems_for(officer=officer, campaign=officer.campaign, now=clock.now())
        targets = [
            option(o.pk, f"{o.name} · {o.kingdom.name if o.kingdom else '—'} · {o.city.name if o.city else '…'}")
            for o in view.targets
        ]
        kinds = [option(value, label) for value, label in Stratagem.Kind.choices]
        generals = [option(o.pk, o.name) for o in view.generals]
        fields = [
            choice("target", _("General (online)"), targets, data),
            choice("kind", _("Stratagem"), kinds, data),
            choice("beneficiary", _("Moves twice first (swift-attack ploy)"), generals, data, optional=True),
        ]
        return Loaded(fields)

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        target = posted_object(data, "target", campaign_lookups.officers(officer.campaign), "R9.1")
        beneficiary = None
        if data.get("beneficiary"):
            beneficiary = posted_object(data, "beneficiary", campaign_lookups.officers(officer.campaign), "R9.2")
        stratagem_services.stratagem_challenge(
            actor=officer, target=target, kind=data.get("kind", ""), beneficiary=beneficiary
        )
        return _("The challenge is posted; the general has 10 minutes to take it.")

    def help(self) -> str:
        return _(
            "Challenge an online enemy general to a stratagem (R9.1: a civil officer schemes; a dark-chess "
            "game decides it). For the swift-attack ploy, name the general of ours who moves twice first (R9.2)."
        )


class StratagemAnswer(Act):
    """Take the game (no substitute) or name a civil officer (R9.3); `stratagem` in the preset."""

    def title(self) -> str:
        return _("Answer a stratagem")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        view = stratagems_for(officer=officer, campaign=officer.campaign, now=clock.now())
        wanted = data.get("stratagem", "")
        found = next((s for s in view.stratagems if str(s.pk) == wanted), None)
        notes = []
        if found is not None:
            notes.append(f"{found.get_kind_display()}: {found.schemer.name} → {found.target.name}")
        civil = [option(o.pk, o.name) for o in view.civil]
        label = _("In my place (empty: I take the game)")
        return Loaded([choice("substitute", label, civil, data, optional=True)], notes)

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        stratagem = battle_lookups.stratagem(officer.campaign, posted_int(data, "stratagem", "R9.3"))
        if data.get("substitute"):
            substitute = posted_object(data, "substitute", campaign_lookups.officers(officer.campaign), "R9.3")
            stratagem_services.stratagem_name_substitute(actor=officer, stratagem=stratagem, substitute=substitute)
            return _("%(name)s takes the game in your place.") % {"name": substitute.name}
        stratagem_services.stratagem_accept(actor=officer, stratagem=stratagem)
        return _("The dark-chess game begins.")

    def help(self) -> str:
        return _(
            "A stratagem's challenge to you (R9.3): take the dark-chess game, or name a civil officer in your place."
        )

"""A reported record's claim answered in the terminal (R11.3): its opponent confirms it or
disputes it, as the game's page and the API do. The game is what the form was opened on (`game`
in its preset: the duty's, or the replay's `a`); the claim the reader sees is the one the form
posts (its `claim_token`), so that an answer never reaches a claim the reader did not read."""

from django.utils import timezone
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from campaign.models import Officer
from play import lookups as play_lookups
from play.services.records import claim_opponent, game_claim_answer
from screens.acts.fields import choice, option
from screens.acts.form import Act, Loaded
from screens.acts.sieges import preset_id


class ClaimAnswer(Act):
    def title(self) -> str:
        return _("Confirm or dispute the result")

    def load(self, officer: Officer, data: MultiValueDict) -> Loaded:
        game = play_lookups.game_read(officer.campaign, preset_id(data, "game", "R11.3"))
        claims = []
        notes = []
        if game.claim_status == "claimed" and claim_opponent(game) == officer.pk:
            names = {"attacker": game.attacker.name, "defender": game.defender.name if game.defender else "…"}
            reporter = names["attacker"] if game.reported_by_id == game.attacker_id else names["defender"]
            label = game.claimed_label + (f" ({game.ending})" if game.ending else "")
            claims.append(option(game.claim_token(), label))
            notes.append(
                _("%(name)s reported the record of %(attacker)s–%(defender)s and claims: %(claim)s")
                % {"name": reporter, "claim": label, **names}
            )
            claim_due = getattr(game, "claim_due", None)  # game_read's annotation
            if claim_due is not None:
                due = timezone.localtime(claim_due, officer.campaign.zone).strftime("%m-%d %H:%M")
                notes.append(_("Unanswered, it stands at %(time)s.") % {"time": due})
        answers = [
            option("1", _("Confirm: it is the game we played")),
            option("0", _("Dispute it: the authority decides")),
        ]
        fields = [
            choice("claim", _("Claim"), claims, data),
            choice("confirm", _("Answer"), answers, data, optional=True),
        ]
        return Loaded(fields, notes)

    def send(self, officer: Officer, data: MultiValueDict) -> str:
        game = play_lookups.game(officer.campaign, preset_id(data, "game", "R11.3"))
        if data.get("confirm") not in ("0", "1"):
            raise RuleViolation("R11.3", _("Choose to confirm the claim or to dispute it."))
        confirm = data.get("confirm") == "1"
        game_claim_answer(actor=officer, game=game, confirm=confirm, claim=data.get("claim", ""))
        if confirm:
            return _("The claim is confirmed: the result is applied.")
        return _("The claim is disputed: the authority of R11.3 decides.")

    def help(self) -> str:
        return _(
            "Your opponent reported your game's record (R11.3): confirm the claimed result if it is the game "
            "you played, or dispute it and the authority of R11.3 decides. Unanswered, it stands when the "
            "confirmation window ends."
        )

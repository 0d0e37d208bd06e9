"""An army's page: its members, its field battle or pursuit and their games, who may sortie, and
the viewer's flags, in a fixed number of queries."""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404

from battles.authority import commander_of, commands_as
from battles.models import Army, ArmyMember, FieldBattle, Pursuit
from campaign.authority import is_king
from campaign.models import Campaign, Officer, Whereabouts
from campaign.rules.personnel import may_fight
from play.authority import judges
from play.models import Game

MEMBERS = Prefetch("members", queryset=ArmyMember.objects.select_related("officer").order_by("position"))


@dataclass
class ArmyView:
    army: Army
    games: list[Game]
    defenders_available: list[Officer]
    battle: "FieldBattle | None"
    pursuit: "Pursuit | None"
    columns: list[Army]
    flags: "ArmyFlags | None" = None


@dataclass(frozen=True)
class ArmyFlags:
    """What the viewer may do on an army's page, from what the page already read."""

    defence: bool  # sortie and pursuit (R4.6, R8.2): the target's governor or king
    commands: bool  # choose, advance or withdraw (R5.2, R5.4): the army's king or commander
    judged: set[int]  # pending games whose result the viewer may enter (R11.3)


def army_flags(view: "ArmyView", viewer: Officer | None, user: User | AnonymousUser) -> ArmyFlags:
    army, city = view.army, view.army.target
    involved = {city.kingdom_id, army.kingdom_id}
    judged = {
        g.pk
        for g in view.games
        if g.status == Game.Status.PENDING and judges(user=user, officer=viewer, game=g, city=city, involved=involved)
    }
    if viewer is None:
        return ArmyFlags(defence=False, commands=False, judged=judged)
    return ArmyFlags(
        defence=is_king(viewer, city.kingdom) or city.governor_id == viewer.pk,
        commands=is_king(viewer, army.kingdom) or commands_as(viewer, commander_of(army.members.all())),
        judged=judged,
    )


def army_detail(
    *, army_id: int, campaign: Campaign, viewer: Officer | None = None, user: User | AnonymousUser | None = None
) -> ArmyView:
    """An army's page: members, its field battle or pursuit and their games, who may sortie, and
    the viewer's flags (`user` given), in a fixed number of queries."""
    army = get_object_or_404(
        Army.objects.select_related(
            "kingdom", "origin", "target__kingdom", "target__board", "siege", "reinforces"
        ).prefetch_related(MEMBERS),
        pk=army_id,
        campaign=campaign,
    )
    battle = FieldBattle.objects.filter(army=army).first()
    pursuit = Pursuit.objects.filter(army=army).first()
    games = list(
        Game.objects.filter(army=army)
        .exclude(kind=Game.Kind.SIEGE)
        .select_related("attacker", "defender")
        .order_by("kind", "board")
    )
    defenders = [
        o
        for o in Officer.objects.filter(
            whereabouts=Whereabouts.CITY, city=army.target, kingdom=army.target.kingdom
        ).order_by("-stars")
        if may_fight(o.kind)
    ]
    view = ArmyView(
        army=army,
        games=games,
        defenders_available=defenders,
        battle=battle,
        pursuit=pursuit,
        columns=list(army.columns.all()),
    )
    if user is not None:
        view.flags = army_flags(view, viewer, user)
    return view

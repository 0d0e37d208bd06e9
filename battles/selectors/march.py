"""The march and reinforcement forms (R4.4, R4.3, R8.3) as chosen so far, with their preview (R4.5,
R1.4): before an army is sent, the route it will take and when it will arrive if it leaves now,
from the route function the march itself uses."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from battles.models import Army
from battles.models.armies import AttackRank
from battles.rules import ATTACK_RANKS, propose_ranks
from campaign import clock
from campaign.authority import is_king
from campaign.models import Campaign, Officer, Whereabouts
from campaign.rules.personnel import may_fight, travel_time
from cities.models import City
from cities.selectors import Route, road_route


@dataclass(frozen=True)
class MarchPreview:
    origin: City
    target: City
    route: Route | None  # None: no road leads there (the march would be refused, R1.4)
    members: int  # officers chosen so far
    per_road: timedelta = timedelta(0)  # R1.4: each road's travel time
    travel: timedelta = timedelta(0)
    arrives_at: datetime | None = None  # leaving now

    @property
    def hours(self) -> int:
        return int(self.travel.total_seconds()) // 3600

    @property
    def minutes(self) -> int:
        return int(self.travel.total_seconds()) % 3600 // 60

    @property
    def per_road_minutes(self) -> int:
        return int(self.per_road.total_seconds()) // 60


def march_preview(*, campaign: Campaign, origin: City, target: City, members: int, now: datetime) -> MarchPreview:
    """One query (the roads, with the names of the cities on them)."""
    route = road_route(campaign_id=campaign.pk, origin_id=origin.pk, goal_id=target.pk)
    if route is None:
        return MarchPreview(origin=origin, target=target, route=None, members=members)
    travel = travel_time(route.legs, campaign.travel_time)
    return MarchPreview(
        origin=origin,
        target=target,
        route=route,
        members=members,
        per_road=campaign.travel_time,
        travel=travel,
        arrives_at=now + travel,
    )


@dataclass
class MarchForm:
    origins: list[City]
    origin: City | None
    candidates: list[tuple[Officer, str]]  # each fighter there with the rank shown (chosen, or proposed)
    targets: list[City]
    chosen: set[int] = field(default_factory=set)  # the fighters ticked (a preview keeps them)
    target: City | None = None  # the target selected (the first when none was chosen)
    preview: MarchPreview | None = None


def march_form(
    *,
    officer: Officer,
    origin_id: str | None,
    is_king: bool,
    target_id: str | None = None,
    member_ids: Sequence[str] = (),
    ranks: Mapping[str, str] | None = None,
    preview: bool = False,
) -> MarchForm:
    """The cities the actor may march from (R4.4), the fighters there with proposed ranks
    (R4.3: by stars), and the enemy cities to attack. With what the form has chosen so far
    (ids as typed: anything that names no choice is ignored) and `preview`, the route and the
    arrival of that march (one query more)."""
    kingdom_id = officer.kingdom_id
    assert kingdom_id is not None  # march_choice and reinforce_choice pass an officer of a kingdom
    own = City.objects.filter(campaign_id=officer.campaign_id, kingdom_id=kingdom_id)
    origins = list(own if is_king else own.filter(governor=officer))
    origin = next((c for c in origins if str(c.pk) == str(origin_id)), origins[0] if origins else None)
    fighters = (
        [
            o
            for o in Officer.objects.filter(whereabouts=Whereabouts.CITY, city=origin, kingdom_id=kingdom_id).order_by(
                "-stars", "name"
            )
            if may_fight(o.kind)
        ]
        if origin
        else []
    )
    proposed = propose_ranks([o.stars for o in fighters], ATTACK_RANKS)
    ranks = ranks or {}
    valid = set(AttackRank.values)
    shown = [typed if (typed := ranks.get(f"rank_{o.pk}", r)) in valid else r for o, r in zip(fighters, proposed)]
    targets = list(
        City.objects.filter(campaign_id=officer.campaign_id).exclude(kingdom_id=kingdom_id).select_related("kingdom")
    )
    wanted = {str(m) for m in member_ids}
    chosen = {o.pk for o in fighters if str(o.pk) in wanted}
    target = next((c for c in targets if str(c.pk) == str(target_id)), targets[0] if targets else None)
    form = MarchForm(
        origins=origins,
        origin=origin,
        candidates=list(zip(fighters, shown)),
        targets=targets,
        chosen=chosen,
        target=target,
    )
    if preview and origin is not None and target is not None:
        form.preview = march_preview(
            campaign=officer.campaign, origin=origin, target=target, members=len(chosen), now=clock.now()
        )
    return form


def march_choice(*, viewer: Officer | None, choice: Mapping[str, str]) -> MarchForm | None:
    """The viewer's march form as chosen so far (`choice`: the form's fields, a QueryDict or a
    dict: origin, target, member — several —, rank_<id>), with the route and arrival it would
    have; None when the viewer may march from nowhere (R4.4)."""
    if viewer is None or viewer.kingdom is None:
        return None
    members = _members(choice)
    form = march_form(
        officer=viewer,
        origin_id=choice.get("origin"),
        is_king=is_king(viewer, viewer.kingdom),
        target_id=choice.get("target"),
        member_ids=members,
        ranks={key: value for key, value in choice.items() if key.startswith("rank_")},
        preview=True,
    )
    return form if form.origins else None


def reinforce_choice(*, viewer: Officer | None, army: Army, choice: Mapping[str, str]) -> MarchForm | None:
    """The reinforcement form of `army` (R8.3) as chosen so far (origin, member — several), with
    the route and arrival of the column at the army's target; None for a viewer of another
    kingdom, an army no longer in the field, or a viewer who may send nobody (R4.4)."""
    if viewer is None or viewer.kingdom is None or viewer.kingdom_id != army.kingdom_id:
        return None
    if army.status == Army.Status.ENDED:
        return None
    members = _members(choice)
    form = march_form(
        officer=viewer, origin_id=choice.get("origin"), is_king=is_king(viewer, viewer.kingdom), member_ids=members
    )
    if not form.origins or form.origin is None:
        return None
    form.target = army.target
    form.preview = march_preview(
        campaign=viewer.campaign, origin=form.origin, target=army.target, members=len(form.chosen), now=clock.now()
    )
    return form


def _members(choice: Mapping[str, str]) -> list[str]:
    """The `member` ids chosen: every value of a QueryDict's field, or a dict's one value or list."""
    if hasattr(choice, "getlist"):
        return choice.getlist("member")
    value = choice.get("member")
    return [] if value is None else [value] if isinstance(value, str | int) else list(value)

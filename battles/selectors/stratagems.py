"""The stratagems page and a dark-chess board (§9, R11.7), each in a fixed number of queries."""

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from battles.models import BanqiGame, Stratagem
from campaign import clock
from campaign.authority import officer_online
from campaign.models import Campaign, Officer, OfficerKind, Whereabouts
from games.banqi import FILES, Banqi, board_rows, layout_hash, replay


@dataclass(frozen=True)
class StratagemsView:
    targets: list[Officer]  # online enemy generals (R9.1)
    stratagems: list[Stratagem]  # the viewer's own: as schemer, target or substitute
    generals: list[Officer]  # the viewer's kingdom's, for 速攻計's beneficiary (R9.2)
    civil: list[Officer]  # the viewer's kingdom's civil officers, to take a game in a general's place (R9.3)
    may_scheme: bool  # civil officers scheme (R9.1)


def stratagems_for(*, officer: Officer, campaign: Campaign, now: datetime) -> StratagemsView:
    targets = [
        o
        for o in Officer.objects.filter(campaign=campaign, kind=OfficerKind.GENERAL, whereabouts=Whereabouts.CITY)
        .exclude(kingdom=officer.kingdom)
        .exclude(kingdom__isnull=True)
        .select_related("user__presence", "campaign", "kingdom", "city")
        if officer_online(o, now)
    ]
    mine = list(
        Stratagem.objects.filter(Q(schemer=officer) | Q(target=officer) | Q(substitute=officer))
        .select_related("schemer", "target", "substitute", "player", "beneficiary")
        .order_by("-challenged_at")[:30]
    )
    own = list(Officer.objects.filter(kingdom=officer.kingdom)) if officer.kingdom_id else []
    return StratagemsView(
        targets=targets,
        stratagems=mine,
        generals=[o for o in own if o.kind == OfficerKind.GENERAL],
        civil=[o for o in own if o.kind != OfficerKind.GENERAL],
        may_scheme=officer.kind != OfficerKind.GENERAL,
    )


@dataclass(frozen=True)
class BanqiView:
    game: BanqiGame
    rows: list[list[dict]]
    turn: int
    colours: dict[int, str]
    over: bool
    layout: str | None  # revealed once the game is over (R11.7)
    verified: bool  # the revealed layout matches the hash shown before the first flip
    player: int | None  # the viewer's seat (0 moves first), None for a spectator
    outcome: str  # who won and how, in the reader's language
    files: str
    seats: list[tuple[Officer, str]]  # each player and their colour once the first flip gave it
    actions: list[str] = field(default_factory=list)  # the moves as played, a resignation in words
    clocks: list[dict] = field(default_factory=list)  # each player's time left; the deadline of the one to move
    deal: list[list[dict]] = field(default_factory=list)  # once over: the 32 pieces as dealt, square by square


# Lazy: read in the reader's language when a page shows them, not once at import.
ENDINGS = {
    "resignation": gettext_lazy("resignation"),
    "no_pieces": gettext_lazy("no piece left to act"),
    "move_rule": gettext_lazy("plies without a flip or capture"),
    "repetition": gettext_lazy("repetition"),
}


def banqi_view(*, game_id: int, campaign: Campaign, viewer: Officer | None = None) -> BanqiView:
    game = BanqiGame.objects.select_related("first", "second").get(pk=game_id, campaign=campaign)
    engine = replay(game.layout, game.actions)
    over = bool(game.result)
    player = None if viewer is None else {game.first_id: 0, game.second_id: 1}.get(viewer.pk)
    outcome = ""
    if over:
        how = str(ENDINGS.get(game.termination, game.termination))
        if game.result == "draw":
            outcome = _("drawn (%(how)s)") % {"how": how}
        else:
            winner = game.first if game.result == "0" else game.second
            outcome = _("%(name)s wins (%(how)s)") % {"name": winner.name, "how": how}
    colour_names = {"red": _("red"), "black": _("black")}
    seats = [
        (game.first, str(colour_names.get(engine.colours.get(0, ""), ""))),
        (game.second, str(colour_names.get(engine.colours.get(1, ""), ""))),
    ]
    return BanqiView(
        game=game,
        rows=board_rows(engine, reveal=over),  # once over, the face-down pieces are shown (R11.7)
        turn=engine.turn,
        colours=engine.colours,
        over=over,
        layout="".join(game.layout) if over else None,
        verified=over and layout_hash(game.layout, game.salt) == game.layout_hash,
        player=player,
        outcome=outcome,
        files=FILES,
        seats=seats,
        actions=[str(_("resigned")) if action == "resign" else action for action in game.actions],
        clocks=_clocks(game, engine.turn, over),
        deal=board_rows(Banqi(game.layout), reveal=True) if over else [],
    )


def _clocks(game: BanqiGame, to_move: int, over: bool) -> list[dict]:
    """The game clocks: each player's time left, and for the player to move the instant it runs out."""
    if game.turn_since is None:
        return []
    now = clock.now()
    found = []
    for player in (0, 1):
        left = game.left_ms(player, now, to_move=to_move)
        running = not over and player == to_move
        found.append(
            {
                "left": f"{left // 60000}:{left // 1000 % 60:02d}",
                "deadline": game.deadline(to_move) if running else None,
            }
        )
    return found

"""The games screen of the main menu: the games being played on the site (the officer's own
first, then those anyone may watch), then the campaign's decided games, newest first, twenty a
page (as R11.6 keeps them all); Enter opens one (`game_screen`: its live board, or its replay).

Keys: ↑↓ move, Enter or → opens, PgDn / PgUp (space, b) the next / previous page of decided
games, `r` reads the list again (a game that began or ended since: it is read again on coming
back from a game too), a number and Enter jumps, `g` opens the game room's friendly games (outside
the war: gamescreens/friendly/listing.py)."""

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings

from bbs.context import Context
from bbs.registry import screen, screen_open
from bbs.text import fit, safe
from bbs.widgets import ListScreen
from play.models import Game
from play.selectors.game_choice import FINISHED_PER_PAGE, GameChoice, games_to_open


def battle_words(game: Game) -> str:
    kinds: dict[str, str] = {
        Game.Kind.SIEGE: pgettext("terminal games", "siege"),
        Game.Kind.FIELD: pgettext("terminal games", "field"),
        Game.Kind.PURSUIT: pgettext("terminal games", "pursuit"),
    }
    battle = game.siege or game.field_battle or game.pursuit
    city = battle.city.name if battle is not None else ""
    return f"{kinds.get(str(game.kind), '')} {safe(city, newlines=False)}"


def players_words(game: Game) -> str:
    defender = game.defender.name if game.defender is not None else "…"
    return _("%(attacker)s vs %(defender)s") % {
        "attacker": safe(game.attacker.name, newlines=False),
        "defender": safe(defender, newlines=False),
    }


def live_words(game: Game) -> str:
    mine = getattr(game, "mine", 1) == 0
    if game.live_since is None:
        return _("yours, waiting to start") if mine else _("waiting to start")
    return _("yours, in play") if mine else _("in play")


def finished_words(game: Game) -> str:
    return " · ".join(part for part in (str(game.get_result_display()), game.how) if part)


@screen("games")
class GamesList(ListScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("Games")
        self.page = 1
        self.choice: GameChoice | None = None
        self.away = False  # a game opened from here: read the list again on coming back

    async def start(self) -> None:
        await self.load(self.page)

    async def load(self, page: int) -> None:
        officer_id = self.ctx.officer.pk if self.ctx.officer is not None else None
        self.choice = await self.ctx.db(games_to_open, campaign=self.ctx.campaign, officer_id=officer_id, page=page)
        self.page = self.choice.finished.number
        self.ctx.invalidate()

    def games(self) -> list[tuple[Game, bool]]:
        """(game, being played) in the order shown: the live ones on the first page only."""
        if self.choice is None:
            return []
        live = [(game, True) for game in self.choice.live] if self.page == 1 else []
        return live + [(game, False) for game in self.choice.finished]

    def number_of(self, index: int) -> int:
        live = len(self.choice.live) if self.choice is not None else 0
        if self.page == 1:
            return index + 1
        return live + (self.page - 1) * FINISHED_PER_PAGE + index + 1

    def header(self) -> str:
        if self.choice is None:
            return pgettext("terminal game", "Loading…")
        pages = self.choice.finished.paginator.num_pages
        hint = _("page %(page)s/%(pages)s") % {"page": self.page, "pages": pages}
        heading = _("  No.  When        Battle       Players                State")
        return fit(heading, max(self.ctx.columns - len(hint) - 1, 0)) + hint

    def rows(self) -> list[StyleAndTextTuples]:
        if self.away and self._on_top():
            self.away = False
            self._reload(self.page)  # back from a game: one may have begun or ended meanwhile
        zone = self.ctx.campaign.zone
        rows: list[StyleAndTextTuples] = []
        state_width = max(self.ctx.columns - 55, 8)
        for index, (game, live) in enumerate(self.games()):
            moment = (game.live_since or game.started_at or game.called_at) if live else game.decided_at
            when = timezone.localtime(moment, zone).strftime("%m/%d %H:%M") if moment else ""
            state = live_words(game) if live else finished_words(game)
            style = "class:unread" if live and getattr(game, "mine", 1) == 0 else ""
            rows.append(
                [
                    ("", f"{self.number_of(index):>4} {when:<11} "),
                    ("", fit(battle_words(game), 12) + " "),
                    ("", fit(players_words(game), 22) + " "),
                    (style or ("class:system" if live else ""), fit(state, state_width)),
                ]
            )
        return rows

    def empty_text(self) -> str:
        return _("No game yet.") if self.choice is not None else ""

    def choose(self, index: int) -> None:
        game, _live = self.games()[index]
        self.away = True
        screen_open(self.ctx, "game", game.pk)

    def _on_top(self) -> bool:
        stack: list = getattr(self.ctx.frame, "stack", None) or []
        return bool(stack) and stack[-1] is self

    def footer(self) -> str:
        return _("? help  ↑↓ move  Enter play, watch or replay  PgUp PgDn page  r again  g friendly  q back")

    def page_down(self) -> None:
        last_screen = self.cursor // self.page_rows() == max(len(self.rows()) - 1, 0) // self.page_rows()
        if self.choice is not None and self.choice.finished.has_next() and last_screen:
            self.cursor = 0
            self._reload(self.page + 1)
        else:
            self._move(self.page_rows())

    def page_up(self) -> None:
        if self.page > 1 and self.cursor < self.page_rows():
            self.cursor = 0
            self._reload(self.page - 1)
        else:
            self._move(-self.page_rows())

    def more_keys(self, keys: KeyBindings) -> None:
        @keys.add("r")
        def _again(event):
            self._reload(self.page)

        @keys.add("g")
        def _friendly(event):
            screen_open(self.ctx, "friendly-games")

    def _reload(self, page: int) -> None:
        self.ctx.spawn(self.load(page))

    def help(self) -> str:
        return _(
            "The campaign's games: first those being played on the site (yours first, then those you "
            "may watch), then the decided ones, newest first, 20 a page. ↑↓ move, Enter or → opens a "
            "game (a live one to play or watch, a decided one replayed), PgDn/PgUp (space, b) turn the "
            "page, r reads the list again. g lists your friendly games of the game room (outside the war)."
        )

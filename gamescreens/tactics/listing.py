"""The hero tactics games of the main menu: the user's games (challenges to answer first, then
those being set up or played, then the decided), newest first; Enter opens one, `a` accepts and
`d` declines a challenge made to the user, `c` challenges another account (its username, then
the §T15 settings if any: `heroes=3 rounds=30 clock=1800+10 dupes=no`), `o` opens any game by
its number (to watch it), `r` reads the list again (also on coming back from a game), `g` opens
the game room's friendly board games (gamescreens/friendly/listing.py)."""

from django.utils.translation import gettext as _
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout.containers import ConditionalContainer, Container, HSplit, VSplit, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl

from bbs.context import Context
from bbs.registry import screen, screen_open
from bbs.screen import on_top
from bbs.text import fit, safe
from bbs.widgets import ListScreen
from gamescreens.tactics import reading

ORDER = {
    "challenged": 0,
    "seating": 1,
    "picking": 1,
    "deploying": 1,
    "playing": 1,
    "decided": 2,
    "declined": 3,
    "cancelled": 3,
}
SETTING_KEYS = {"heroes": "heroes_per_side", "rounds": "round_limit"}


def number(text: str) -> bool:
    """ASCII digits, a few of them: "²" or "٣" pass `isdigit` but are no number the site reads."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def settings_from(words: list[str]) -> dict:
    """The §T15 settings typed after the username; ValueError for a word not of that form (the
    values themselves are the service's to judge)."""
    settings: dict = {}
    for word in words:
        key, _eq, value = word.partition("=")
        if key in SETTING_KEYS and number(value):
            settings[SETTING_KEYS[key]] = int(value)
        elif key == "clock" and "+" in value and all(number(part) for part in value.split("+", 1)):
            initial, increment = value.split("+", 1)
            settings["clock"] = {"initial_s": int(initial), "increment_s": int(increment)}
        elif key == "dupes" and value in ("yes", "no"):
            settings["duplicates_across_sides"] = value == "yes"
        else:
            raise ValueError(word)
    return settings


def status_words(view: dict, username: str) -> str:
    status = view["status"]
    if status == "challenged":
        return _("challenges you") if view["opponent"] == username else _("challenge sent")
    if status == "decided":
        result = view.get("result") or {}
        if result.get("outcome") == "draw":
            return _("drawn")
        won = result.get("outcome") == view.get("you")
        return (_("won") if won else _("lost")) + f" ({result.get('reason', '')})"
    words = {
        "seating": _("filling the seats"),
        "picking": _("picking heroes"),
        "deploying": _("deploying"),
        "playing": _("your side acts") if view.get("to_act") == view.get("you") else _("in play"),
        "declined": _("declined"),
        "cancelled": _("called off"),
    }
    return words.get(status, status)


@screen("tactics")
class TacticsList(ListScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("Hero tactics (戰棋)")
        self.games: list[dict] | None = None
        self.away = False
        self.asking: str | None = None  # "challenge" or "open" while the line below is typed in
        self.buffer = Buffer(multiline=False, accept_handler=self._accept)
        typing = KeyBindings()
        for key in ("q", "?", "/"):
            typing.add(key)(lambda event, key=key: self.buffer.insert_text(key))
        typing.add("left")(lambda event: self.buffer.cursor_left())
        typing.add("escape")(lambda event: self._close())
        prompt = VSplit(
            [
                Window(FormattedTextControl(self._label), dont_extend_width=True),
                Window(BufferControl(self.buffer, key_bindings=typing), height=1),
            ],
            height=1,
        )
        self.root = HSplit([self._container, ConditionalContainer(prompt, Condition(self.prompting))])

    async def start(self) -> None:
        await self.load()

    async def load(self) -> None:
        found = await self.ctx.db(reading.games_of, self.ctx.user)
        self.games = sorted(found, key=lambda view: (ORDER.get(view["status"], 4), -view["id"]))
        self.ctx.invalidate()

    def container(self) -> Container:
        return self.root

    def list_rows(self) -> int:
        return self.ctx.body_rows - (1 if self.prompting() else 0)

    def prompting(self) -> bool:
        return self.asking is not None

    def header(self) -> str:
        if self.games is None:
            return _("Loading…")
        return _("  No.  First (先手)     Second (後手)    State")

    def rows(self) -> list[StyleAndTextTuples]:
        if self.away and on_top(self.ctx, self):
            self.away = False
            self.ctx.spawn(self.load())
        name = self.ctx.user.get_username()
        rows: list[StyleAndTextTuples] = []
        for view in self.games or []:
            players = view["players"]
            state = status_words(view, name)
            urgent = view["status"] == "challenged" and view["opponent"] == name
            rows.append(
                [
                    ("", f"{view['id']:>5} "),
                    ("", fit(safe(players["first"], newlines=False), 16) + " "),
                    ("", fit(safe(players["second"], newlines=False), 16) + " "),
                    ("class:unread" if urgent or view.get("to_act") == view.get("you") else "", state),
                ]
            )
        return rows

    def empty_text(self) -> str:
        return _("No hero tactics game yet: c challenges another account.") if self.games is not None else ""

    def choose(self, index: int) -> None:
        self.away = True
        screen_open(self.ctx, "tactics-game", game_id=(self.games or [])[index]["id"])

    def footer(self) -> str:
        if self.prompting():
            return _("Enter sends  Esc closes")
        return _("? help  Enter open  a/d accept/decline  c challenge  o No.  g board games  r again  q back")

    def help(self) -> str:
        return _(
            "Your hero tactics games: challenges to answer first, then those being set up or played, then "
            "the decided. Enter opens one; a accepts and d declines a challenge made to you; c challenges "
            "another account (its username, then if you like heroes=N rounds=N clock=S+I dupes=yes|no); "
            "o opens any game by its number, to watch it; r reads the list again. g lists your friendly board "
            "games of the game room (xiangqi, chess, dark chess)."
        )

    def more_keys(self, keys: KeyBindings) -> None:
        listing = Condition(lambda: not self.prompting())
        keys.add("a", filter=listing)(lambda event: self._answer(True))
        keys.add("d", filter=listing)(lambda event: self._answer(False))
        keys.add("c", filter=listing)(lambda event: self._open_prompt("challenge"))
        keys.add("o", filter=listing)(lambda event: self._open_prompt("open"))
        keys.add("r", filter=listing)(lambda event: self.ctx.spawn(self.load()))
        keys.add("g", filter=listing)(lambda event: screen_open(self.ctx, "friendly-games"))

    def _label(self) -> StyleAndTextTuples:
        if self.asking == "challenge":
            return [("class:heading", _("Challenge (username [heroes=3 rounds=30 clock=1800+10]): "))]
        return [("class:heading", _("Open game No.: "))]

    def _open_prompt(self, what: str) -> None:
        self.asking = what
        self.buffer.reset()
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self.buffer)  # type: ignore[attr-defined]
        self.ctx.invalidate()

    def _close(self) -> None:
        self.asking = None
        self.buffer.reset()
        if self.ctx.frame is not None:
            self.ctx.frame.app.layout.focus(self._container)  # type: ignore[attr-defined]
        self.ctx.invalidate()

    def _accept(self, buffer: Buffer) -> bool:
        text, what = buffer.text.strip(), self.asking
        self._close()
        if what == "open":
            if number(text):
                self.away = True
                screen_open(self.ctx, "tactics-game", game_id=int(text))
            else:
                self.ctx.status(_("! A game's number is digits."))
        elif text:
            words = text.split()
            try:
                settings = settings_from(words[1:])
            except ValueError as word:
                message = _("! %(word)s: settings are heroes=N rounds=N clock=S+I dupes=yes|no (T15)")
                self.ctx.status(message % {"word": safe(str(word), newlines=False)})
                return False
            self.ctx.spawn(self._send(reading.challenge, opponent=words[0], settings=settings))
        return False

    def _answer(self, accept: bool) -> None:
        rows = self.games or []
        if not rows:
            return
        view = rows[min(self.cursor, len(rows) - 1)]
        self.ctx.spawn(self._send(reading.answer, game_id=view["id"], accept=accept))

    async def _send(self, call, **kwargs) -> None:
        refusal = await self.ctx.db(call, user=self.ctx.user, **kwargs)
        self.ctx.status(safe(refusal, newlines=False) if refusal else _("Done."))
        await self.load()

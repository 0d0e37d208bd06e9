"""The main menu: the campaign (chosen when the user has several), its boards, the language and
the encoding (remembered for the next session), and leaving. At log-in it offers back the draft
a session left in the editor (PTT's 暫存檔: resume it, throw it away, or keep it for later)."""

from django.utils.translation import gettext as _
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings

from bbs import selectors, services
from bbs.context import Context
from bbs.registry import screen, screen_open
from bbs.text import fit, safe, width
from bbs.widgets import ListScreen


class CampaignChoice(ListScreen):
    """The campaigns the user has an officer in: Enter chooses one."""

    def __init__(self, ctx: Context, officers: list) -> None:
        super().__init__(ctx)
        self.title = _("Campaigns")
        self.officers = officers

    def header(self) -> str:
        return _("Choose the campaign")

    def rows(self) -> list[StyleAndTextTuples]:
        return [
            [("", fit(f"{i + 1:>3}  {safe(o.campaign.name, newlines=False)}  ({safe(o.name, newlines=False)})", 70))]
            for i, o in enumerate(self.officers)
        ]

    def choose(self, index: int) -> None:
        officer = self.officers[index]
        self.ctx.officer, self.ctx.campaign = officer, officer.campaign
        self.ctx.pop()

    def help(self) -> str:
        return _("The campaigns you are an officer in. ↑↓ move, Enter chooses the campaign the menu works on.")


# Each line's letter, drawn before it as PTT draws its menu's "(M)ail": the letter (either case)
# moves the cursor to the line, Enter opens it (pttbbs mbbsd/menu.c). PTT's own where it has the
# line (Mail, Play for the games, Goodbye for leaving); the first letter of the line's English
# name otherwise.
LETTERS = {
    "boards": "B",
    "mail": "M",
    "war": "W",
    "duties": "D",
    "acts": "A",
    "games": "P",
    "tactics": "T",
    "campaign": "C",
    "language": "L",
    "encoding": "E",
    "leave": "G",
}


@screen("main-menu")
class MainMenu(ListScreen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.title = _("Main menu")
        self.officers: list = []
        self.loaded = False
        self._entries: list[tuple[str, str]] = []
        self._entries_for: tuple = ()  # what they were made for (language, campaign, unread, …)
        self._rows: list[StyleAndTextTuples] = []
        self._rows_of: list | None = None  # the entries the rows were made of
        self._header = ""
        self._header_for: tuple | None = None

    async def start(self) -> None:
        self.officers = await self.ctx.db(selectors.officers_of, self.ctx.user)
        if self.ctx.officer is None and self.officers:
            self.ctx.officer = self.officers[0]
            self.ctx.campaign = self.officers[0].campaign
        self.loaded = True
        draft = await self.ctx.db(selectors.draft_of, self.ctx.user)
        if draft is not None:
            self._offer(draft)

    def _offer(self, draft) -> None:
        """PTT's question at log-in about the article left unfinished: y resumes it in its editor;
        otherwise a second question: y throws it away, anything else keeps it for the next log-in."""
        if draft.kind == "thread":
            what = _("a new thread 「%(title)s」") % {"title": self._cut(draft.subject)}
        elif draft.kind == "reply":
            what = _("a reply to 「%(title)s」") % {"title": self._cut(draft.thread.title)}
        else:
            what = _("a letter to %(name)s") % {"name": self._cut(draft.recipient)}
        resume = _("Resume your draft, %(what)s (%(n)s chars)? (Y/N)? [N]") % {"what": what, "n": len(draft.text)}
        discard = _("Throw the draft away? (Y/N)? [N] (no keeps it for your next log-in)")

        def resumed() -> None:
            self.ctx.spawn(self._take(draft, resume=True))

        def thrown() -> None:
            self.ctx.spawn(self._take(draft, resume=False))

        def kept() -> None:
            self.ctx.status(_("The draft is kept: it is offered again at your next log-in."))

        self.ctx.ask(resume, resumed, lambda: self.ctx.ask(discard, thrown, kept))

    @staticmethod
    def _cut(text: str) -> str:
        """A title in the question: 16 columns at most, so that the question fits 80."""
        text = safe(text, newlines=False)
        return text if width(text) <= 16 else fit(text, 15, pad=False) + "…"

    async def _take(self, draft, *, resume: bool) -> None:
        taken = await self.ctx.db(services.draft_take, user=self.ctx.user, draft_id=draft.pk)
        if taken is None:
            self.ctx.status(_("! That draft is gone (resumed or thrown away in another session)."))
            return
        if not resume:
            self.ctx.status(_("The draft is thrown away."))
            return
        officer = next((o for o in self.officers if o.pk == taken.officer_id), None)
        if officer is None:
            self.ctx.status(_("! That draft was written by an officer you no longer have."))
            return
        self.ctx.officer, self.ctx.campaign = officer, officer.campaign
        screen_open(self.ctx, "draft", taken)

    def entries(self) -> list[tuple[str, str]]:
        """(key, label) of each line, in the session's language: made again only when what they
        show changes (a key and its redraw read them twice; translating them was a tenth of a
        key's work with a hundred sessions on the menu)."""
        campaign = self.ctx.campaign.pk if self.ctx.campaign is not None else None
        shown_for = (self.ctx.language, campaign, self.ctx.unread_letters, len(self.officers), self.encoding())
        if shown_for != self._entries_for:
            self._entries_for, self._entries = shown_for, self._made_entries()
        return self._entries

    def _made_entries(self) -> list[tuple[str, str]]:
        self.title = _("Main menu")
        entries = []
        if self.ctx.campaign is not None:
            entries.append(("boards", _("Boards — the city boards and your kingdom's palace")))
            mail = _("Mail (信箱) — your letters: %(n)s unread") % {"n": self.ctx.unread_letters}
            entries.append(("mail", mail))
            entries.append(("war", _("War — the dashboard")))
            entries += [("duties", _("Duties — what waits on you")), ("acts", _("Acts — move, march, call, retreat…"))]
            entries.append(("games", _("Games — live games to play or watch, and the decided ones")))
        entries.append(("tactics", _("Hero tactics (戰棋) — your games and challenges")))
        if len(self.officers) > 1:
            entries.append(("campaign", _("Campaign — choose another of your campaigns")))
        language = "English" if self.ctx.language == "en" else "中文"
        entries.append(("language", _("Language: %(language)s (Enter switches 中文/English)") % {"language": language}))
        encoding = "Big5" if self.encoding() == "big5" else "UTF-8"
        entries.append(("encoding", _("Encoding: %(encoding)s (Enter switches UTF-8/Big5)") % {"encoding": encoding}))
        entries.append(("leave", _("Leave the BBS")))
        return entries

    def encoding(self) -> str:
        session = getattr(self.ctx.frame, "session", None)
        return session.input.encoding if session is not None else "utf-8"

    def header(self) -> str:
        """Who reads the menu (made again only when the language, the campaign or the officer change)."""
        shown_for = (self.ctx.language, self.loaded, self.ctx.campaign, self.ctx.officer)
        if shown_for != self._header_for:
            self._header_for, self._header = shown_for, self._made_header()
        return self._header

    def _made_header(self) -> str:
        name = self.ctx.user.get_username()
        if not self.loaded:
            return _("Loading…")
        if self.ctx.campaign is None:
            return _("%(name)s: you are an officer of no campaign yet (join one on the site).") % {"name": name}
        return _("%(name)s, officer %(officer)s") % {
            "name": name,
            "officer": safe(self.ctx.officer.name, newlines=False),
        }

    def rows(self) -> list[StyleAndTextTuples]:
        if not self.loaded:
            return []  # no line to act on before the campaigns are known
        entries = self.entries()
        if entries is not self._rows_of:
            self._rows_of, self._rows = entries, [[("", f" ({LETTERS[key]}) {label}")] for key, label in entries]
        return self._rows

    def more_keys(self, keys: KeyBindings) -> None:
        for letter in set(LETTERS.values()):
            keys.add(letter)(self._letter)
            keys.add(letter.lower())(self._letter)

    def _letter(self, event) -> None:
        """A line's letter: the cursor on the next line of that letter (PTT's menu), else a word."""
        letter = event.data.upper()
        lines = [LETTERS[key] for key, _label in self.entries()] if self.loaded else []
        for step in range(1, len(lines) + 1):
            index = (self.cursor + step) % len(lines)
            if lines[index] == letter:
                self.typed, self.cursor = "", index
                return
        self.ctx.status(_("! %(key)s does nothing here: ? lists this screen's keys.") % {"key": event.data})

    def choose(self, index: int) -> None:
        key = self.entries()[index][0]
        if key == "boards":
            screen_open(self.ctx, "boards")
        elif key == "mail":
            screen_open(self.ctx, "letters")
        elif key == "duties":
            screen_open(self.ctx, "duties")
        elif key == "acts":
            screen_open(self.ctx, "acts")
        elif key == "war":
            screen_open(self.ctx, "dashboard")
        elif key == "games":
            screen_open(self.ctx, "games")
        elif key == "tactics":
            screen_open(self.ctx, "tactics")
        elif key == "campaign":
            self.ctx.push(CampaignChoice(self.ctx, self.officers))
        elif key == "language":
            self._switch_language()
        elif key == "encoding":
            self._switch_encoding()
        elif key == "leave" and self.ctx.frame is not None:
            self.ctx.frame.leave()  # type: ignore[attr-defined]  # asked first, as PTT

    def _switch_language(self) -> None:
        language = "zh-hant" if self.ctx.language == "en" else "en"
        if self.ctx.frame is not None:
            self.ctx.frame.set_language(language)  # type: ignore[attr-defined]
        else:
            self.ctx.language = language
        self._remember(language=language)

    def _switch_encoding(self) -> None:
        encoding = "utf-8" if self.encoding() == "big5" else "big5"
        session = getattr(self.ctx.frame, "session", None)
        if session is not None:
            session.set_encoding(encoding)
            self.ctx.frame.app.renderer.clear()  # type: ignore[union-attr]
        self._remember(encoding=encoding)

    def _remember(self, **choice: str) -> None:
        async def save() -> None:
            await self.ctx.db(services.terminal_choose, user=self.ctx.user, **choice)
            self.ctx.invalidate()

        self.ctx.spawn(save())

    def help(self) -> str:
        return _(
            "The main menu. ↑↓ move, Enter or → opens a line; a number and Enter jumps to it, a "
            "line's letter (as PTT's (M)ail) moves to it. "
            "The language and the encoding are remembered for your next session (Big5 for old "
            "terminals such as PCMan; UTF-8 otherwise). q or ← leaves the BBS "
            "once you answer y to its question (any other key stays)."
        )

"""The help pages: one Markdown file a topic and language under `handbook/help/<language>/`,
written for players and organisers (how to join, move, march, answer a siege, play a game, play
hero tactics, read the boards, use the terminal, organise a campaign, write a world file). The
text is ours, not a user's: it is rendered once per process, with typed HTML escaped all the same."""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from markdown_it import MarkdownIt

HELP_DIR = Path(__file__).resolve().parent / "help"
LANGUAGES = ("zh-hant", "en")


@dataclass(frozen=True)
class Topic:
    slug: str
    title: Promise
    for_organisers: bool = False


TOPICS = (
    Topic("join", _("Joining a kingdom")),
    Topic("move", _("Moving between cities")),
    Topic("march", _("Marching to war")),
    Topic("siege", _("Answering a siege")),
    Topic("games", _("Playing and reporting a game")),
    Topic("tactics", _("Playing hero tactics (戰棋)")),
    Topic("boards", _("The boards and the war's news")),
    Topic("terminal", _("The terminal (BBS)")),
    Topic("room", _("The game room: friendly games")),
    Topic("organise", _("Organising a campaign"), for_organisers=True),
    Topic("world-file", _("Writing a world file"), for_organisers=True),
)
BY_SLUG = {topic.slug: topic for topic in TOPICS}


@cache
def help_html(slug: str, language: str) -> str:
    """The topic's page in the language (English for a language the help is not written in).
    Raises KeyError for a topic that does not exist."""
    topic = BY_SLUG[slug]
    folder = language.lower() if language.lower() in LANGUAGES else "en"
    text = (HELP_DIR / folder / f"{topic.slug}.md").read_text(encoding="utf-8")
    return MarkdownIt("commonmark", {"html": False}).enable("table").render(text)

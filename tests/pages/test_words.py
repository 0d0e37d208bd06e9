"""Words and times: every page of a campaign in mid-war, read in Chinese and in
English, shows no untranslated text and no raw enum value. In the Chinese site no English word
is left (except the names of notations and clause ids); in the English one no Chinese is left
except names (of cities, kingdoms, officers, boards, threads, and what users wrote)."""

import re
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.models import Group, User
from django.urls import reverse

from battles.models import Army, BanqiGame, LedgerEntry
from battles.services.stratagems import banqi_act
from campaign.clock import now
from campaign.models import Campaign, Kingdom, Officer, Timer
from campaign.timers import timers_sweep
from cities.models import City
from forum.models import Comment, Post, Thread
from play.models import Game
from play.services.results import game_result_enter
from tests.pages.test_queries import PINNED, VISITORS, page_url
from tests.pages.worlds import build

# Words that are the same in both languages: notations and formats, clause ids, units.
ASCII_ALLOWED = {
    "PGN",
    "WXF",
    "ICCS",
    "FEN",
    "UCI",
    "SAN",
    "XQF",
    "UTC",
    "HTML",
    "CSV",
    "Markdown",
    "OK",
    "JavaScript",
    "API",
    "SSH",  # the protocol the terminal is reached by (the account menu's "SSH 金鑰")
}
HIDDEN = {"script", "style", "template"}
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")


class Visible(HTMLParser):
    """The text a reader sees: text nodes outside scripts and styles, titles and placeholders,
    and the labels of buttons."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language
        self.parts: list[str] = []
        self.hidden = 0
        self.foreign: list[str] = []  # the element marked as text of another language, and its depth

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if self.foreign and tag == self.foreign[0]:
            self.foreign.append(tag)
        elif not self.foreign and (
            (values.get("lang") and values["lang"].lower() != self.language) or values.get("translate") == "no"
        ):
            # the pieces of a board drawn as Chinese characters (lang), time zones' names (translate="no")
            self.foreign.append(tag)
        if tag in HIDDEN:
            self.hidden += 1
        if self.foreign:
            return
        for name in SHOWN_ATTRIBUTES:
            if values.get(name):
                self.parts.append(values[name])
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden -= 1
        if self.foreign and tag == self.foreign[0]:
            self.foreign.pop()

    def handle_data(self, data):
        if not self.hidden and not self.foreign and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str, language: str) -> list[str]:
    parser = Visible("zh-hant" if language.startswith("zh") else language)
    parser.feed(html)
    return parser.parts


def names() -> list[str]:
    """Everything a user or the world named, longest first (so that 漢中 goes before 漢)."""
    found = set()
    for model, fields in (
        (City, ("name",)),
        (Kingdom, ("name",)),
        (Officer, ("name", "title")),
        (Campaign, ("name",)),
        (Thread, ("title",)),
        (Comment, ("text",)),
        (User, ("username",)),
    ):
        for row in model.objects.values_list(*fields):
            found.update(value for value in row if value)
    found.update(Campaign.objects.values_list("time_zone", flat=True))  # a zone's name, as the world calls it
    found.update(name for _code, name in settings.LANGUAGES)  # each language named in itself
    for body in Post.objects.values_list("body", flat=True):
        found.update(line.strip("*# ") for line in body.splitlines() if line.strip())
    return sorted(found, key=len, reverse=True)


ENGLISH_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][A-Za-z_]+")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+")
CLAUSE = re.compile(r"R\d+(\.\d+)?")


RAW_VALUE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an enum's value ("cavalry_captain"), never a word


def leftovers(text: str, language: str, known: list[str]) -> list[str]:
    for name in known:
        text = text.replace(name, " ")
    raw = RAW_VALUE.findall(text)
    if raw:
        return raw
    if language == "zh-hant":
        text = CLAUSE.sub(" ", text)
        return [w for w in ENGLISH_WORD.findall(text) if w not in ASCII_ALLOWED]
    return CJK.findall(text)


def pages(world, objects) -> list[str]:
    urls = [page_url(world, objects, page) for page in sorted(PINNED) if page != "game-pgn"]
    slug = world.campaign.slug
    for game in Game.objects.all():
        urls.append(f"/c/{slug}/games/{game.pk}/")
    for army in Army.objects.all():
        urls.append(f"/c/{slug}/armies/{army.pk}/")
    for game in Game.objects.exclude(defender=None):
        urls += [f"/c/{slug}/officers/{game.attacker_id}/", f"/c/{slug}/officers/{game.defender_id}/"]
    urls += ["/accounts/time-zone/", "/accounts/login/", "/accounts/tokens/"]
    urls += ["/", "/accounts/signup/", "/accounts/password/reset/", "/accounts/email/", "/accounts/password/change/"]
    urls += ["/accounts/2fa/", "/accounts/reauthenticate/"]
    return sorted(set(urls))


def later_in_the_war(clock, world, objects) -> None:
    """Ledger rows of every kind: a won siege game, an unanswered period (R7.3), a day's change
    (R7.1), a siege ploy's effect after a resigned dark-chess game (R9.2)."""
    banqi = objects["banqi"]
    banqi.refresh_from_db()
    player = world["司馬懿"] if len(banqi.actions) % 2 == 0 else world["張飛"]
    banqi_act(actor=player, game=banqi, action="resign")
    siege = objects["siege"]
    game = Game.objects.filter(siege=siege, status=Game.Status.PENDING).order_by("pk").first()
    game_result_enter(user=world["孫權"].user, game=game, result="attacker")
    clock.shift(timedelta(minutes=31))
    timers_sweep()
    midnight = now().astimezone(world.campaign.zone).replace(hour=0, minute=0, second=1) + timedelta(days=1)
    clock.move_to(midnight)
    timers_sweep()


@pytest.mark.slow
@pytest.mark.parametrize("language", ["zh-hant", "en"])
@pytest.mark.django_db
def test_every_page_speaks_the_readers_language(clock, client, language):
    world, objects = build(clock, 1)
    later_in_the_war(clock, world, objects)
    known = names()
    client.cookies["django_language"] = language
    found: dict[str, set[str]] = {}
    for visitor in VISITORS:
        if visitor != "anonymous":
            client.force_login(User.objects.get(username=visitor))
        for url in pages(world, objects):
            response = client.get(url)
            if response.status_code != 200:
                continue
            assert response.headers["Content-Language"] == language
            for part in visible_text(response.content.decode(), language):
                for word in leftovers(part, language, known):
                    found.setdefault(word, set()).add(f"{url} ({visitor}): {part[:80]}")
    assert not found, "\n".join(f"{w}: {sorted(where)[:3]}" for w, where in sorted(found.items())[:30])


# The admin's own words that are not ours to translate: the framework's and a library's names, the
# id column, and the alt text of Django's icons (Django leaves "True", "False" and "Search" as they are).
ADMIN_ALLOWED = ASCII_ALLOWED | {"Django", "Axes", "ID", "IP", "GET", "POST", "True", "False", "Search"}
# Django's own help under a multiple choice names the keys: 按住 "Control", 或者在 Mac 上按 "Command"
ADMIN_ALLOWED |= {"Control", "Command", "Mac", "TOTP"}
# Stored codes the admin shows as they are kept: timer keys and kinds (move:41:arrive, siege.period),
# digests and hashes.
STORED = re.compile(r"\b[a-z_]+(?:[:.][\w-]+)+|\b[0-9a-f]{16,}\b")
OUR_APPS = ("campaign", "forum", "delivery", "seasons", "orders", "accounts", "cities", "battles", "analysis")
OUR_APPS += ("dashboard", "record", "live")


def admin_urls() -> list[str]:
    """The admin's index, every changelist, and the change page of one row of each of our models."""
    urls = [reverse("admin:index")]
    for model in admin.site._registry:
        meta = model._meta
        urls.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        first = model.objects.order_by("pk").first()
        if meta.app_label in OUR_APPS and first is not None:
            urls.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[first.pk]))
    return urls


def admin_data() -> list[str]:
    """What the admin shows as stored (not words): timers' keys and kinds, ledger keys, group
    names, addresses, the campaign's slug, and django-axes' own descriptions of its rows."""
    found = set(names())
    found.update(value for row in Timer.objects.values_list("key", "kind", "last_error") for value in row if value)
    found.update(LedgerEntry.objects.values_list("key", flat=True))
    found.update(Group.objects.values_list("name", flat=True))
    found.update(User.objects.exclude(email="").values_list("email", flat=True))
    found.update(Campaign.objects.values_list("slug", flat=True))
    found.update(action for actions in BanqiGame.objects.values_list("actions", flat=True) for action in actions)
    found.update(name for name in dir(settings) if name.isupper())  # a help text names a setting
    for model in apps.get_app_config("axes").get_models():
        for row in model.objects.all():
            found.add(str(row))
            found.update(str(getattr(row, f.attname)) for f in model._meta.concrete_fields)
    return sorted((value for value in found if value), key=len, reverse=True)


@pytest.mark.slow
@pytest.mark.django_db
def test_the_chinese_admin_and_ops_name_every_model_and_field_in_chinese(clock, client):
    """The admin in Chinese, as a superuser, in mid-war: the index, every changelist and a change
    page of each of our models, and /ops/. No English is left outside names, stored values and
    the allowed words: it named models in English ("Banqi games", "Stratagems"), fields by their
    attribute ("Order on the dashboard", "Due at"), and /ops/ said "(applied 0, sent 0)"."""
    world, objects = build(clock, 1)
    later_in_the_war(clock, world, objects)
    client.force_login(User.objects.create_superuser("root", "root@example.org", "a-private-passphrase-42"))
    client.cookies["django_language"] = "zh-hant"
    known = admin_data()
    found: dict[str, set[str]] = {}
    for url in [*admin_urls(), reverse("ops")]:
        response = client.get(url)
        assert response.status_code == 200, url
        for part in visible_text(response.content.decode(), "zh-hant"):
            for word in leftovers(STORED.sub(" ", part), "zh-hant", known):
                if word not in ADMIN_ALLOWED:
                    found.setdefault(word, set()).add(f"{url}: {part[:80]}")
    assert not found, "\n".join(f"{w}: {sorted(where)[:3]}" for w, where in sorted(found.items())[:40])


@pytest.mark.django_db
def test_an_officers_positions_and_title_are_not_a_boards_posts_and_headline(clock, client):
    """One English word, two meanings: an officer's "posts" are positions (職位), not board posts
    (文章), and the promote form's "title" is the officer's title (官職), not a headline (標題);
    the board keeps its posts (文章數) and its threads' titles (標題)."""
    world, objects = build(clock, 1)
    slug = world.campaign.slug
    client.cookies["django_language"] = "zh-hant"
    client.force_login(world["曹操"].user)
    officer = client.get(reverse("officer", args=[slug, world["曹操"].pk])).content.decode()
    facts = officer.split('<dl class="facts">')[1].split("</dl>")[0]
    assert "<dt>職位</dt>" in facts and "文章" not in facts
    personnel = client.get(reverse("personnel", args=[slug])).content.decode()
    promote = personnel.split('action="' + reverse("promotion-recommend", args=[slug]) + '"')[1].split("</form>")[0]
    assert '官職 <input name="title"' in promote and "標題" not in promote
    board = client.get(reverse("board", args=[slug, objects["board"].pk])).content.decode()
    assert "<th>文章數</th>" in board and '標題 <input name="title"' in board
    client.cookies["django_language"] = "en"
    officer = client.get(reverse("officer", args=[slug, world["曹操"].pk])).content.decode()
    assert "<dt>Posts</dt>" in officer

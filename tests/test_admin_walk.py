"""No admin page may answer 500: every model of the admin (read from the admin's
registry, so a new one is walked without editing this test), as a superuser: its list (and its
filters' links with ids that name nothing or lie past the database's range), its add
page (submitted empty and filled with plausible values, as a browser would), and each object's
change page (submitted as shown), history and delete pages, and change pages of ids that name
nothing or lie past the database's range. A 500, or an exception the handler caught, fails."""

import re
from html.parser import HTMLParser

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.walk import BAD_IDS, failed
from tests.worlds import besiege, play


class AdminForm(HTMLParser):
    """The fields of the admin's form (`<form id="…_form">`) as a browser would submit them:
    (name, value, kind) with kind the input's type or "select"/"textarea", checked boxes only."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str, str]] = []
        self.options: dict[str, list[str]] = {}
        self._in_form = False
        self._select: tuple[str, bool] | None = None  # (name, a choice was selected)
        self._textarea: list | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form" and (attributes.get("id") or "").endswith("_form"):
            self._in_form = True
        if not self._in_form:
            return
        name = attributes.get("name")
        if tag == "input" and name:
            kind = attributes.get("type", "text")
            if kind in ("submit", "button", "image", "file"):
                return
            if kind in ("checkbox", "radio") and "checked" not in attributes:
                return
            if "readonly" in attributes or "disabled" in attributes:
                return
            classes = attributes.get("class") or ""
            kind = "date" if "vDateField" in classes else "time" if "vTimeField" in classes else kind
            self.fields.append((name, attributes.get("value") or "", kind))
        elif tag == "select" and name:
            self._select = (name, False)
            self.options[name] = []
        elif tag == "option" and self._select:
            select, chosen = self._select
            value = attributes.get("value") or ""
            if value:
                self.options[select].append(value)
            if "selected" in attributes:
                self.fields.append((select, value, "select"))
                self._select = (select, True)
        elif tag == "textarea" and name:
            self._textarea = [name, ""]

    def handle_data(self, data):
        if self._textarea is not None:
            self._textarea[1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self._in_form = False
        elif tag == "select" and self._select:
            select, chosen = self._select
            if not chosen:
                self.fields.append((select, "", "select"))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea[0], self._textarea[1].lstrip("\n"), "textarea"))
            self._textarea = None


PLAUSIBLE = {
    "date": "2026-05-01",
    "time": "10:00:00",
    "number": "1",
    "email": "walk@example.org",
    "url": "https://example.org/",
    "password": "a-long-walk-password-2026",
}


def form_data(page: str, *, fill: bool) -> dict[str, list[str]]:
    """The admin form of `page` as submitted: as shown, or (`fill`) every empty field given a
    plausible value (a date, a number, the last choice, a text)."""
    parser = AdminForm()
    parser.feed(page)
    data: dict[str, list[str]] = {}
    for name, value, kind in parser.fields:
        if fill and not value:
            if kind == "select":
                value = (parser.options.get(name) or [""])[-1]  # the last: the newest row, as often as not
            elif kind != "hidden":
                value = PLAUSIBLE.get(kind, "walk")
        data.setdefault(name, []).append(value)
    return data


def admin_pages(model) -> dict[str, str]:
    info = f"admin:{model._meta.app_label}_{model._meta.model_name}"
    return {page: info + "_" + page for page in ("changelist", "add", "change", "history", "delete")}


@pytest.mark.django_db
def test_no_admin_page_answers_500_as_a_superuser(world, clock):
    army = besiege(world, clock, "漢中", [("徐晃", "marshal"), ("許褚", "general")], online=("魏延",))
    play(world, army, "許褚", "魏延", "attacker")  # a siege with a game, ledger rows, a prisoner
    root = get_user_model().objects.create_superuser("root", password="a-long-root-password")
    client = Client(raise_request_exception=False)
    client.force_login(root)
    failures, tried = [], 0

    def visit(method: str, url: str, data=None):
        nonlocal tried
        tried += 1
        response = client.get(url) if method == "GET" else client.post(url, data or {})
        if failed(response):
            exc = getattr(response, "exc_info", None)
            failures.append(f"{method} {url}: {response.status_code} {exc[1]!r}" if exc else f"{method} {url}")
        return response

    for model in list(admin.site._registry):
        names = admin_pages(model)
        listing = visit("GET", reverse(names["changelist"])).content.decode()
        visit("GET", reverse(names["changelist"]) + "?q=walk&o=1&p=99999")
        # Its filters (the list's own links, `?kingdom__id__exact=3`) with ids that name nothing.
        for lookup in sorted(set(re.findall(r'href="\?(\w+__id__exact)=\d+"', listing))):
            for value in BAD_IDS.values():
                visit("GET", f"{reverse(names['changelist'])}?{lookup}={value}")
        add = reverse(names["add"])
        shown = visit("GET", add)
        if shown.status_code == 200:
            page = shown.content.decode()
            visit("POST", add, {})
            visit("POST", add, form_data(page, fill=False))
            visit("POST", add, form_data(page, fill=True))
        for obj in model._default_manager.order_by("pk")[:2]:
            change = reverse(names["change"], args=[obj.pk])
            shown = visit("GET", change)
            if shown.status_code == 200:
                visit("POST", change, form_data(shown.content.decode(), fill=False))
            visit("GET", reverse(names["history"], args=[obj.pk]))
            visit("GET", reverse(names["delete"], args=[obj.pk]))
        for value in BAD_IDS.values():
            visit("GET", reverse(names["change"], args=[value]))
    assert tried > 100
    assert failures == [], "\n".join(failures)


def test_the_admin_form_reader_submits_what_a_browser_would():
    """The walk's form reader: a field shown, a choice, a checked box, an empty text filled."""
    page = """<form id="city_form" method="post"><input type="hidden" name="csrfmiddlewaretoken" value="t">
    <input type="text" name="name" value=""><input type="checkbox" name="on" checked>
    <input type="checkbox" name="off"><select name="kingdom"><option value="">---</option>
    <option value="3">魏</option></select><input type="text" class="vDateField" name="at_0">
    <textarea name="note">
x</textarea><input type="submit" value="Save"></form>"""
    assert form_data(page, fill=False) == {
        "csrfmiddlewaretoken": ["t"],
        "name": [""],
        "on": [""],
        "kingdom": [""],
        "at_0": [""],
        "note": ["x"],
    }
    filled = form_data(page, fill=True)
    assert filled["name"] == ["walk"] and filled["kingdom"] == ["3"] and filled["at_0"] == ["2026-05-01"]


@pytest.mark.django_db
def test_the_admin_adds_nothing_that_the_services_make(world, client):
    """A campaign comes with its world and timers, a kingdom with its palace, a city with its wall
    and board, an officer with stars and whereabouts, a thread with its first post: the admin
    offers none of them to add (the add forms answered 500 or made half a row). Presence (R2.6)
    is a request's: read-only. Django's users and groups are still added there."""
    from campaign.models import Campaign, Kingdom, Officer, Presence, Promotion
    from cities.models import City
    from forum.models import Board, Post, Thread

    client.force_login(get_user_model().objects.create_superuser("root", password="a-long-root-password"))
    for model in (Campaign, Kingdom, City, Officer, Board, Thread, Promotion, Presence):
        names = admin_pages(model)
        assert client.get(reverse(names["add"])).status_code == 403, model.__name__
        assert reverse(names["add"]) not in client.get(reverse(names["changelist"])).content.decode(), model
    presence = Presence.objects.create(user=world["郭嘉"].user, last_seen=world.campaign.created_at)
    change = reverse(admin_pages(Presence)["change"], args=[presence.pk])
    assert client.post(change, {"user": presence.user_id, "last_seen_0": "2026-05-01"}).status_code == 403
    thread_admin = admin.site._registry[Thread]
    posts = next(i for i in thread_admin.inlines if i.model is Post)(Thread, admin.site)
    assert not posts.has_add_permission(None)
    assert client.get(reverse("admin:auth_user_add")).status_code == 200

"""A terminal form posts what the web form posts: a choice its value, several a multi-valued field
with `rank_<id>` each (which the march form's parsing reads back, R4.3's ranks as chosen), yes
"1", a line its text; a value that is no longer among the choices is dropped, never posted; and the
duties list's countdowns read as a clock does."""

import doctest
from datetime import datetime, timedelta

from django.utils.datastructures import MultiValueDict

from battles.inputs import organisation_from
from campaign.models import Officer
from screens.acts import duties
from screens.acts.fields import choice, form_data, option, several, text, yes_no


def posted(**fields) -> MultiValueDict:
    data: MultiValueDict = MultiValueDict()
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


def test_the_fields_post_the_web_forms_fields_and_drop_what_is_no_longer_offered():
    cities = [option(3, "許昌"), option(4, "洛陽")]
    fields = [
        choice("target", "Target", cities, posted(target="4")),
        choice("origin", "From", cities, posted(origin="99")),  # gone: the first instead
        choice("beneficiary", "Beneficiary", cities, posted(), optional=True),
        several(
            "member",
            "Members",
            cities,
            posted(member=["4", "3", "7"], rank_4="general"),
            ranks=[option("general", "g"), option("infantry", "i")],
            proposed={"3": "infantry"},
        ),
        yes_no("off_hours", "Off hours", posted(off_hours="1")),
        text("note", "Note", posted(note="明日出兵")),
    ]
    data = form_data(fields, posted(siege="12"))
    assert data["siege"] == "12" and data["target"] == "4" and data["origin"] == "3"
    assert data["beneficiary"] == ""  # "—": nothing named
    assert data.getlist("member") == ["4", "3"] and (data["rank_4"], data["rank_3"]) == ("general", "infantry")
    assert data["off_hours"] == "1" and data["note"] == "明日出兵"
    assert fields[3].shown() == "洛陽 (g)、許昌 (i)"


def test_several_with_ranks_is_read_back_by_the_march_forms_parsing_r4_3(db):
    from tests.worlds import make_world

    world = make_world()
    chosen = [world["徐晃"], world["許褚"]]
    options = [option(o.pk, o.name) for o in chosen]
    ranks = [option("marshal", "marshal"), option("general", "general")]
    proposed = {str(chosen[0].pk): "marshal", str(chosen[1].pk): "general"}
    field = several(
        "member", "Members", options, posted(member=[str(o.pk) for o in chosen]), ranks=ranks, proposed=proposed
    )
    organisation = organisation_from(form_data([field]), Officer.objects.filter(campaign=world.campaign), "R4.1")
    assert [(o.name, rank) for o, rank in organisation] == [("徐晃", "marshal"), ("許褚", "general")]


def test_the_countdowns_read_minutes_hours_and_days_and_never_below_zero():
    now = datetime(2026, 5, 1, 10, 0)
    assert duties.countdown(now + timedelta(minutes=9, seconds=5), now) == "9:05"
    assert duties.countdown(now + timedelta(hours=2, seconds=7), now) == "2:00:07"
    assert duties.countdown(now + timedelta(days=3, hours=4), now) == "3d 4h"
    assert duties.countdown(now - timedelta(seconds=1), now) == "0:00"
    assert duties.countdown(None, now) == "—"
    assert doctest.testmod(duties).failed == 0

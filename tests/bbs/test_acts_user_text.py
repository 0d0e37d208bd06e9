"""A name users gave (a city's, an officer's) reaches an act's form only through `bbs.text.safe`,
as everywhere else in the terminal: a bidi override or a zero-width character in a city's name
shows as visible text in the form's notes and in the status line's words once it is sent, never
sent raw to the officer's terminal, where it would reorder or hide what the line says."""

from campaign.models import Move
from cities.models import City
from ops.demo import DEMO_PASSWORD
from tests.bbs.acts_steps import english, open_act, pick

OVERRIDE = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: the text after it is drawn backwards


def test_a_bidi_override_in_a_city_name_shows_as_text_in_the_form_and_its_result(bbs, bbs_world):
    english(bbs_world, "郭嘉")
    City.objects.filter(campaign=bbs_world.campaign, name="洛陽").update(name=f"洛陽{OVERRIDE}evil")
    City.objects.filter(campaign=bbs_world.campaign, name="長安").update(name=f"長安{OVERRIDE}evil")
    terminal = bbs.connect("guojia", DEMO_PASSWORD)
    open_act(terminal, "Ask to move", "Move to")
    terminal.wait_for("洛陽<U+202E>evil")  # the form's note: where the officer is
    pick(terminal, "Move to", "長安<U+202E>evil")
    terminal.type("ctrl-x")
    terminal.wait_for("Choose the act")  # sent: back on the acts menu
    assert "長安<U+202E>evil" in terminal.status_line()  # the status line: where the request leads
    assert OVERRIDE not in terminal.screen_text()
    assert Move.objects.get(officer=bbs_world["郭嘉"]).destination.name == f"長安{OVERRIDE}evil"

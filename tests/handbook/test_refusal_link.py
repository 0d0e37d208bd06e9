"""A refusal shown on a page links its clause to the rules page (`… (R1.4)` → /rules/#R1.4), with
the message escaped: the link is made from the clause id alone, never from the text, which may
hold names that users chose."""

import re

from django.contrib.auth.models import User
from django.urls import reverse

from campaign.errors import NotAllowed, RuleViolation
from cities.models import City


def error_shown(page: str) -> str:
    return re.search(r'<li class="error"[^>]*>(.*?)</li>', page, re.S).group(1)


def test_r1_4_a_refused_move_links_its_clause_to_the_rules_page(world, client):
    officer = world["郭嘉"]
    client.force_login(officer.user)
    City.objects.filter(pk=officer.city_id).update(name="<b>許昌</b>")  # a name the organiser typed
    response = client.post(
        reverse("move-request", args=[world.campaign.slug]), {"destination": officer.city_id}, follow=True
    )
    shown = error_shown(response.content.decode())
    assert shown.endswith(f'(<a href="{reverse("handbook:rules")}#R1.4">R1.4</a>)'), shown
    assert "&lt;b&gt;許昌&lt;/b&gt;" in shown and "<b>" not in shown
    assert 'id="R1.4"' in client.get(reverse("handbook:rules")).content.decode()  # the link lands


def test_r1_5_the_not_allowed_page_links_its_clause(world, client):
    client.force_login(User.objects.create_user("wanderer", password="not used"))
    response = client.post(reverse("move-request", args=[world.campaign.slug]), {"destination": 1})
    assert response.status_code == 403
    assert '<a href="/rules/#R1.5">R1.5</a>' in response.content.decode()


def test_the_link_is_made_from_the_clause_and_the_text_is_escaped():
    shown = RuleViolation("R7.3", '<script>alert("x")</script> R7.31 R17.3').refusal_html
    assert shown == '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; R7.31 R17.3 (<a href="/rules/#R7.3">R7.3</a>)'
    inside = RuleViolation("R7.3", '<i title="R7.3">').refusal_html  # the clause in the text: linked there
    assert inside == '&lt;i title=&quot;<a href="/rules/#R7.3">R7.3</a>&quot;&gt;'  # still text around it


def test_a_clause_already_in_the_message_is_linked_where_it_stands():
    shown = NotAllowed("R3.6", "漢中 被圍：城內人物不得離城（R3.6、R10.3）。").refusal_html
    assert shown == '漢中 被圍：城內人物不得離城（<a href="/rules/#R3.6">R3.6</a>、R10.3）。'


def test_a_section_links_to_its_heading_and_the_sites_own_limits_link_nowhere():
    assert RuleViolation("§3", "x").refusal_html == 'x (<a href="/rules/#R3">§3</a>)'
    assert RuleViolation("", "標題最多 120 字。").refusal_html == "標題最多 120 字。"
    assert RuleViolation('"><script>', "x").refusal_html == "x (&quot;&gt;&lt;script&gt;)"

"""§1 A world file refused: each broken rule named with its line (YAML) or field (JSON) and the
clause, and nothing created."""

import json

import pytest
import yaml
from django.utils import translation

from campaign.errors import RuleViolation
from campaign.models import Campaign, Kingdom, Officer
from cities.models import City, Road
from seasons.world.importing import world_import
from tests.seasons.world_files import accounts_made, generated_world

# A small world written as the export writes it: one line per kingdom, city, road and officer.
BASE = {
    "name": "Refusals",
    "slug": "refusals",
    "kingdoms": [{"name": "A", "capital": "a1"}, {"name": "B", "capital": "b1"}],
    "cities": [
        {"name": "a1", "kingdom": "A", "kind": "capital"},
        {"name": "a2", "kingdom": "A", "kind": "frontier"},
        {"name": "b1", "kingdom": "B", "kind": "capital"},
        {"name": "n", "kind": "buffer"},
    ],
    "roads": [["a1", "a2"], ["a2", "b1"], ["b1", "n"]],
    "officers": [{"user": "ra", "name": "甲", "kingdom": "A", "stars": 20, "kind": "general", "city": "a1"}],
}


@pytest.fixture(autouse=True)
def english():
    """The refusals' words as asserted here (the reader's language: the last test)."""
    with translation.override("en"):
        yield


def _yaml(data: dict) -> str:
    head = yaml.safe_dump({k: data[k] for k in ("name", "slug")}, allow_unicode=True, sort_keys=False)
    rest = {k: v for k, v in data.items() if k not in ("name", "slug")}
    return head + yaml.safe_dump(rest, allow_unicode=True, sort_keys=False, default_flow_style=None, width=10**6)


def _broken(change) -> dict:
    data = json.loads(json.dumps(BASE))
    change(data)
    return data


def _refused(text: str | bytes, fmt: str) -> RuleViolation:
    models = (Campaign, Kingdom, City, Road, Officer)
    counts = [model.objects.count() for model in models]
    with pytest.raises(RuleViolation) as refusal:
        world_import(text=text, fmt=fmt)
    assert [model.objects.count() for model in models] == counts
    return refusal.value


# (what is broken, the change, its clause, the YAML line named, the JSON field named, words of the rule)
CASES = [
    ("unknown capital", lambda d: d["kingdoms"][0].update(capital="zz"), "R1.2", 4, "kingdoms[0].capital", "zz"),
    ("capital of another", lambda d: d["kingdoms"][1].update(capital="a2"), "R1.2", 5, "kingdoms[1].capital", "a2"),
    ("road to no city", lambda d: d["roads"].append(["a1", "zz"]), "R1.4", 15, "roads[3][1]", "zz"),
    ("road twice", lambda d: d["roads"].append(["b1", "a2"]), "R1.4", 15, "roads[3]", "twice"),
    ("unreachable city", lambda d: d["roads"].pop(), "R1.4", 10, "cities[3]", "cannot be reached"),
    (
        "duplicate name",
        lambda d: d["cities"].append({"name": "a2", "kind": "frontier"}),
        "",
        11,
        "cities[4].name",
        "twice",
    ),
    (
        "kind not in the list",
        lambda d: d["cities"][3].update(kind="fortress"),
        "R1.3",
        10,
        "cities[3].kind",
        "fortress",
    ),
    ("wall above maximum", lambda d: d["cities"][1].update(wall=301), "R1.3", 8, "cities[1].wall", "300"),
    ("stars above 25", lambda d: d["officers"][0].update(stars=26), "R1.5", 16, "officers[0].stars", "25"),
    ("officer kind", lambda d: d["officers"][0].update(kind="monk"), "R1.6", 16, "officers[0].kind", "monk"),
    (
        "officer name twice",
        lambda d: d["officers"].append({**d["officers"][0], "user": "rb"}),
        "",
        17,
        "officers[1].name",
        "twice",
    ),
    (
        "two governors",
        lambda d: d["officers"].extend(
            [
                {**d["officers"].pop(), "governs": "a1"},
                {
                    "user": "rb",
                    "name": "乙",
                    "kingdom": "A",
                    "stars": 3,
                    "kind": "general",
                    "city": "a1",
                    "governs": "a1",
                },
            ]
        ),
        "R1.3",
        17,
        "officers[1].governs",
        "two governors",
    ),
    ("unknown key", lambda d: d["cities"][0].update(morale=3), "", 7, "cities[0].morale", "morale"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("what, change, clause, line, field, words", CASES, ids=[c[0] for c in CASES])
def test_r1_broken_world_refused_with_its_line_and_rule_nothing_created(what, change, clause, line, field, words):
    data = _broken(change)
    yaml_refusal = _refused(_yaml(data), "yaml")
    assert yaml_refusal.clause == clause
    assert str(yaml_refusal.message).startswith(f"Line {line} ({field}):"), yaml_refusal.message
    assert words in str(yaml_refusal.message)
    json_refusal = _refused(json.dumps(data, ensure_ascii=False), "json")
    assert str(json_refusal.message).startswith(f"Field {field}:"), json_refusal.message


@pytest.mark.django_db
def test_r1_base_world_is_accepted():
    accounts_made(BASE)
    assert world_import(text=_yaml(BASE)).cities.count() == 4


@pytest.mark.django_db
def test_r1_3_more_than_10000_cities_refused():
    data = generated_world(1, 10_001, officers=False)
    refusal = _refused(json.dumps(data), "json")
    assert "at most 10000 cities" in str(refusal.message) and "Field cities" in str(refusal.message)


@pytest.mark.django_db
def test_r1_more_than_2_megabytes_refused_before_reading():
    """The default of WORLD_FILE_MAX_BYTES."""
    refusal = _refused(b"#" * (2 * 1024 * 1024 + 1), "yaml")
    assert "at most 2.0\xa0MB" in str(refusal.message)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text, fmt, where",
    [
        ("name: x\nkingdoms: [\n  {name: a\n", "yaml", "Line 4: YAML syntax error"),
        ("name: x\n  slug: - y\n", "yaml", "Line 2: YAML syntax error (mapping values are not allowed"),
        ('{"name": "x",\n "slug": }', "json", "Line 2: JSON syntax error (Expecting value)"),
        ("a: &x [1]\nb: *x\n", "yaml", "Line 2"),
        ("name: x\nname: y\n", "yaml", "Line 2"),
        (b"name: \xff\n", "yaml", "is UTF-8 text; byte 6 is not"),
        ("[1, 2]", "yaml", "mapping"),
    ],
)
def test_r1_invalid_yaml_or_json_refused_with_its_line(text, fmt, where):
    assert where in str(_refused(text, fmt).message)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "text, fmt, english, chinese",
    [
        ("name: x\n  slug: - y\n", "yaml", "mapping values are not allowed", "此處不可有對應的值"),
        ('{"name": "x",\n "slug": }', "json", "(Expecting value)", "（此處應有值）"),
        ('{"name": "x" "slug": 1}', "json", "(Expecting ',' delimiter)", "（此處應有「,」分隔）"),
    ],
)
def test_r1_a_syntax_errors_parser_words_are_in_the_readers_language(text, fmt, english, chinese):
    """A Chinese page shows no English word that is not a name, the parser's included."""
    with translation.override("en"):
        assert english in str(_refused(text, fmt).message)
    with translation.override("zh-hant"):
        refused = str(_refused(text, fmt).message)
    assert chinese in refused and english.strip("()") not in refused
    assert not any("a" <= c.lower() <= "z" for c in refused.replace("YAML", "").replace("JSON", "")), refused


@pytest.mark.django_db
def test_r1_1_a_taken_address_refused():
    accounts_made(BASE)
    world_import(text=_yaml(BASE))
    assert "exists already" in str(_refused(_yaml(BASE), "yaml").message)


@pytest.mark.django_db
def test_r1_refusal_in_the_readers_language():
    with translation.override("zh-hant"):
        refusal = _refused(_yaml(_broken(lambda d: d["roads"].append(["b1", "a2"]))), "yaml")
    assert "第 15 行" in str(refusal.message)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "settings, field",
    [
        ({"king_orders_from_stars": 40000}, "settings.king_orders_from_stars"),
        ({"travel_time": "20m"}, "settings.travel_time"),
        ({"moves_through_own_cities_only": 1}, "settings.moves_through_own_cities_only"),
        ({"nonsense": 1}, "settings.nonsense"),
    ],
)
def test_r1_1_a_setting_out_of_its_column_refused(settings, field):
    refusal = _refused(json.dumps({**BASE, "settings": settings}), "json")
    assert str(refusal.message).startswith(f"Field {field}:"), refusal.message


@pytest.mark.django_db
def test_r1_3_a_negative_wall_refused():
    data = _broken(lambda d: d["cities"][1].update(wall=-1))
    assert "from 0 to 300" in str(_refused(json.dumps(data), "json").message)


# A second officer of kingdom A, on its own account, named `name` (beside 甲, the first).
def _second_officer(name: str) -> dict:
    return _broken(lambda d: d["officers"].append({**d["officers"][0], "user": "rb", "name": name}))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name, words",
    [
        ("甲\u200b", "nobody sees (U+200B)"),  # a zero-width space after 甲
        ("\uff03\u200d", "nobody sees (U+200D)"),  # a full-width # and a zero-width joiner
        ("甲\ufe0f", "nobody sees (U+FE0F)"),  # a variation selector
    ],
)
def test_r1_5_a_world_files_officer_name_with_a_character_nobody_sees_is_refused(name, words):
    data = _second_officer(name)
    for text, fmt, where in ((_yaml(data), "yaml", "Line 17 (officers[1].name)"), (json.dumps(data), "json", "")):
        refusal = _refused(text, fmt)
        assert refusal.clause == "R1.5" and words in str(refusal.message), refusal.message
        assert where in str(refusal.message)


@pytest.mark.django_db
@pytest.mark.parametrize("twin", ["Ζhang Liao", "Zhang Lіao", "zhang liao", "ｚｈａｎｇ ｌｉａｏ"])
def test_r1_5_a_world_files_officers_that_look_alike_are_refused_naming_both(twin):
    """Greek Ζ, Cyrillic і, case alone, full width (lower case): each a twin of `Zhang Liao` (UTS #39)."""
    data = _broken(lambda d: d["officers"][0].update(name="Zhang Liao"))
    data["officers"].append({**data["officers"][0], "user": "rb", "name": twin})
    for text, fmt in ((_yaml(data), "yaml"), (json.dumps(data, ensure_ascii=False), "json")):
        message = str(_refused(text, fmt).message)
        assert "officers[1].name" in message and "looks like “Zhang Liao”" in message, message
    with translation.override("zh-hant"):
        assert "看起來和本戰役的角色「Zhang Liao」" in str(_refused(_yaml(data), "yaml").message)


@pytest.mark.django_db
def test_r1_5_a_world_files_officer_names_are_stored_in_nfkc_and_names_apart_pass():
    """Full-width letters are the letters they are; 甲 and 乙 are told apart."""
    data = _broken(lambda d: d["officers"][0].update(name="ｃａｏ　ｒｅｎ"))
    data["officers"].append({**data["officers"][0], "user": "rb", "name": "乙"})
    accounts_made(data)
    world_import(text=_yaml(data))
    assert sorted(Officer.objects.values_list("name", flat=True)) == ["cao ren", "乙"]

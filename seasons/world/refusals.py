"""The words of a world file's refusals: the pure check's code and arguments (rules/
check.py) made into a RuleViolation in the reader's language, naming where (the line of a
YAML file, the field path of a JSON one) and the clause of the rule broken."""

from typing import Any

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from cities.models import CityKind
from seasons.tactics_map import map_fault_words
from seasons.world.parser_words import parser_words
from seasons.world.rules.reader import WorldFileError

SHOWN = 80  # the most characters of a value a refusal repeats (a file's value may be megabytes)

CLAUSES = {
    "too_many_cities": "R1.3",
    "too_many_roads": "R1.4",
    "too_many_officers": "R1.5",
    "city_kind": "R1.3",
    "wall": "R1.3",
    "unknown_capital": "R1.2",
    "capital_owner": "R1.2",
    "colour": "R1.2",
    "two_kings": "R1.2",
    "two_governors": "R1.3",
    "road_pair": "R1.4",
    "unknown_city": "R1.4",
    "road_loop": "R1.4",
    "road_twice": "R1.4",
    "unreachable": "R1.4",
    "stars": "R1.5",
    "officer_kind": "R1.6",
    "not_own_city": "R1.5",
    "duplicate_user": "R1.5",
    "invisible": "R1.5",
    "look_alike": "R1.5",
    "username": "R1.5",
    "name_markup": "R1.1",
    "account_taken": "R1.5",
    "account_unknown": "R1.5",
    "time_zone": "R1.1",
    "battle_game": "R1.1",
    "slug": "R1.1",
    "slug_taken": "R1.1",
    "zero_travel_time": "R1.4",
    "zero_online_window": "R2.6",
    "zero_penalty_period": "R7.2",
    "zero_pursuit_window": "R8.2",
    "zero_stratagem_window": "R9.3",
    "tactics_map": "T3.11",
}


def _reading_rules() -> dict[str, str]:
    """The reader's codes (seasons/world/rules/reader.py): the file as text, its syntax, its limits."""
    return {
        "too_large": _("A world file may be at most %(limit)s."),
        "encoding": _("A world file is UTF-8 text; byte %(byte)s is not."),
        "yaml_syntax": _("YAML syntax error (%(detail)s)."),
        "json_syntax": _("JSON syntax error (%(detail)s)."),
        "documents": _("A world file holds one YAML document, not several (---)."),
        "format": _("A world file is YAML or JSON, not “%(fmt)s”."),
        "alias": _("Anchors and aliases (& and *) are not allowed in a world file."),
        "tag": _(
            "The tag “%(tag)s” is not allowed in a world file: text, numbers, true/false, lists and mappings only."
        ),
        "merge": _("Merge keys (<<) are not allowed in a world file: write each key out."),
        "number": _("A number in a world file has at most %(n)s characters."),
        "value": _("“%(value)s” cannot be read as %(tag)s."),
        "deep": _("A world file nests at most %(depth)s levels of lists and mappings."),
    }


def _name_rules() -> dict[str, str]:
    """An officer's name people can tell apart (R1.5), in the words joining uses."""
    return {
        "invisible": _(
            "“%(name)s” holds a character nobody sees (%(char)s): a name is written in visible characters only."
        ),
        "look_alike": _(
            "“%(name)s” looks like “%(other)s”, an officer of this campaign: officers' names must be told apart."
        ),
    }


def _rules() -> dict[str, str]:
    """Each code's rule, in the reader's language (read at call time: the language is the request's)."""
    return {
        **_reading_rules(),
        **_name_rules(),
        "key": _("A key must be text."),
        "duplicate_key": _("The key “%(key)s” is given twice."),
        "not_a_mapping": _("A mapping of keys and values is expected here."),
        "unknown_key": _("Unknown key “%(key)s”."),
        "missing": _("The key “%(key)s” is missing."),
        "not_text": _("Text is expected here."),
        "too_long": _("At most %(n)s characters."),
        "control": _("Control characters (such as NUL) are not allowed."),
        "not_a_list": _("A list is expected here."),
        "slug": _("The address (slug) may hold only letters, digits, - and _, at most 50."),
        "slug_taken": _("A campaign with the address “%(slug)s” exists already."),
        "too_many_cities": _("A world may have at most %(limit)s cities."),
        "too_many_roads": _("A world may have at most %(limit)s roads."),
        "too_many_officers": _("A world may have at most %(limit)s officers."),
        "not_bool": _("true or false is expected here."),
        "not_count": _("A whole number from 0 to %(maximum)s is expected here (durations in seconds)."),
        "not_number": _("A number is expected here."),
        "zero_travel_time": _("A road takes time to travel: the time between neighbouring cities is more than 0."),
        "zero_online_window": _("Online means active within a while: that while is more than 0."),
        "zero_penalty_period": _("The siege's losses come every period: the period is more than 0."),
        "zero_pursuit_window": _("The defence has a while to decide a pursuit: that while is more than 0."),
        "zero_stratagem_window": _("A general has a while to take up a stratagem's game: that while is more than 0."),
        "time_zone": _("Unknown time zone “%(value)s”."),
        "battle_game": _("Unknown battle game “%(value)s” (one of: %(allowed)s)."),
        "duplicate_name": _("The name “%(name)s” is given twice."),
        "colour": _("A colour is written #rrggbb."),
        "city_kind": _("Unknown kind of city “%(value)s” (one of: %(allowed)s)."),
        "unknown_kingdom": _("No kingdom is named “%(name)s”."),
        "wall": _("A wall of %(wall)s is above the %(maximum)s a %(kind)s may have."),
        "unknown_capital": _("The capital “%(name)s” is not a city of the world."),
        "capital_owner": _("The capital “%(name)s” of %(kingdom)s is owned by %(owner)s."),
        "road_pair": _("A road is a pair of two cities."),
        "unknown_city": _("No city is named “%(name)s”."),
        "road_loop": _("A road joins two different cities, not “%(name)s” to itself."),
        "road_twice": _("The road between “%(a)s” and “%(b)s” is given twice."),
        "unreachable": _("The city “%(city)s” cannot be reached by road from any capital."),
        "duplicate_user": _("The user “%(name)s” has two officers; one officer per user in a campaign."),
        "name_markup": _("“%(name)s”: a name is plain text, without [ ] < > * ` \\ |."),
        "username": _("“%(name)s” is not a username: letters, digits and @ . + - _ only."),
        "account_taken": _(
            "The account “%(name)s” is another player's: a world file uploaded on the site names only your own "
            "account; players join through invitations and applications."
        ),
        "account_unknown": _(
            "No account is named “%(name)s”: a world file makes no account; players sign up, then join through "
            "invitations and applications."
        ),
        "two_kings": _("%(kingdom)s has two kings."),
        "two_governors": _("The city “%(name)s” has two governors."),
        "stars": _("A star level is between 1 and 25."),
        "officer_kind": _("Unknown kind of officer “%(value)s” (one of: %(allowed)s)."),
        "not_own_city": _("“%(name)s” is not a city of %(kingdom)s."),
        "tactics_map": _("The hero tactics map (T3.11): %(fault)s"),
    }


def _shown(value: Any) -> str:
    """A value as a refusal repeats it: short, and printable (a lone surrogate, which a JSON escape
    can make, cannot be sent in a page or a JSON answer)."""
    text = ", ".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)
    text = text.encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _words(code: str, params: dict[str, Any]) -> dict[str, Any]:
    if code == "tactics_map":
        shown = {k: v if isinstance(v, (int, tuple)) else _shown(v) for k, v in params.items() if k != "fault"}
        return {"fault": map_fault_words(str(params.get("fault")), shown)}
    words = {k: v if type(v) is int else _shown(v) for k, v in params.items()}
    if code == "too_large":
        words["limit"] = filesizeformat(params["limit"])
    if code in ("yaml_syntax", "json_syntax") and params.get("detail"):
        words["detail"] = _shown(parser_words(str(params["detail"])))  # the parser's words, in the reader's
    if code == "wall" and params.get("kind") in CityKind.values:
        words["kind"] = str(CityKind(params["kind"]).label)  # the kind in the reader's words, not the file's key
    return words


def world_refusal(error: WorldFileError, *, fmt: str) -> RuleViolation:
    """The refusal a reader sees: where, then the rule broken."""
    rule = _rules().get(error.code, error.code) % _words(error.code, error.params)
    if error.line is not None and error.path:
        where = _("Line %(line)d (%(field)s)") % {"line": error.line, "field": _shown(error.path)}
    elif error.line is not None:
        where = _("Line %(line)d") % {"line": error.line}
    elif error.path:
        where = _("Field %(field)s") % {"field": _shown(error.path)}
    else:
        where = _("The world file")
    return RuleViolation(CLAUSES.get(error.code, ""), _("%(where)s: %(rule)s") % {"where": where, "rule": rule})


def world_form_refusal(error: WorldFileError) -> RuleViolation:
    """The same refusal for an organiser's form (the world typed, not a file): the rule alone."""
    return RuleViolation(
        CLAUSES.get(error.code, ""), _rules().get(error.code, error.code) % _words(error.code, error.params)
    )

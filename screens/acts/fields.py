"""A terminal form's fields and the form they post: one choice from a list, several choices (with
a rank each where the web form gives one), yes/no, a line of text. `form_data` builds the
MultiValueDict the web form would post (a choice its value, several a multi-valued field and
`rank_<id>` each, yes "1"), which the forms' own parsing (campaign/inputs.py, battles/inputs.py)
then reads, so that every check and message is the web's."""

from dataclasses import dataclass, field

from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from bbs.text import safe

CHOICE, SEVERAL, YES_NO, TEXT = "choice", "several", "yes_no", "text"


@dataclass(frozen=True)
class Option:
    value: str  # what the web form posts (an id)
    label: str  # what the terminal shows (made safe)


@dataclass
class Field:
    name: str  # the web form's field
    label: str
    kind: str
    options: list[Option] = field(default_factory=list)
    chosen: list[str] = field(default_factory=list)
    ranks: list[Option] = field(default_factory=list)  # several: the ranks one gives (none: no ranks)
    rank_of: dict[str, str] = field(default_factory=dict)
    reload: bool = False  # a change reloads the form (the choices that follow depend on it)
    text: str = ""

    def shown(self) -> str:
        """What the form's line says is chosen."""
        if self.kind == YES_NO:
            return _("yes") if self.chosen else _("no")
        if self.kind == TEXT:
            return safe(self.text, newlines=False)
        labels = {o.value: o.label for o in self.options}
        if self.kind == CHOICE:
            return labels.get(self.chosen[0], "") if self.chosen else _("(none)")
        if not self.chosen:
            return _("(none chosen)")
        rank = {r.value: r.label for r in self.ranks}
        return "、".join(
            labels.get(v, v) + (f" ({rank.get(self.rank_of.get(v, ''), '')})" if self.ranks else "")
            for v in self.chosen
        )


def option(value: object, label: object) -> Option:
    return Option(str(value), safe(str(label), newlines=False))


def choice(name: str, label: str, options: list[Option], data: MultiValueDict, *, reload: bool = False, optional=False):
    """One of `options`: as chosen so far (`data`), else the first (when `optional`, the first
    is "—", which posts nothing)."""
    if optional:
        options = [Option("", "—"), *options]
    values = [o.value for o in options]
    wanted = data.get(name, "")
    chosen = [wanted] if wanted in values else ([values[0]] if values else [])
    return Field(name, label, CHOICE, options=options, chosen=chosen, reload=reload)


def several(
    name: str,
    label: str,
    options: list[Option],
    data: MultiValueDict,
    *,
    ranks: list[Option] | None = None,
    proposed: dict[str, str] | None = None,
) -> Field:
    """Any of `options`, in the order chosen; with `ranks`, each with a rank (as chosen so far,
    else the one `proposed`)."""
    values = {o.value for o in options}
    chosen = [v for v in dict.fromkeys(data.getlist(name)) if v in values]
    rank_values = {r.value for r in ranks or []}
    rank_of = {}
    for o in options:
        typed = data.get(f"rank_{o.value}", "")
        rank_of[o.value] = typed if typed in rank_values else (proposed or {}).get(o.value, "")
    return Field(name, label, SEVERAL, options=options, chosen=chosen, ranks=ranks or [], rank_of=rank_of)


def yes_no(name: str, label: str, data: MultiValueDict) -> Field:
    return Field(name, label, YES_NO, chosen=["1"] if data.get(name) == "1" else [])


def text(name: str, label: str, data: MultiValueDict) -> Field:
    return Field(name, label, TEXT, text=data.get(name, ""))


def form_data(fields: list[Field], preset: MultiValueDict | None = None) -> MultiValueDict:
    """What the web form would post: the fields (and what the form was opened on: `preset`)."""
    data: MultiValueDict = MultiValueDict()
    for key, values in (preset or MultiValueDict()).lists():
        data.setlist(key, list(values))
    for f in fields:
        if f.kind == TEXT:
            data[f.name] = f.text
        elif f.kind == SEVERAL:
            data.setlist(f.name, list(f.chosen))
            if f.ranks:
                for value in f.chosen:
                    data[f"rank_{value}"] = f.rank_of.get(value, "")
        elif f.kind == YES_NO:
            data[f.name] = "1" if f.chosen else ""
        elif f.chosen:
            data[f.name] = f.chosen[0]
        # a choice with nothing chosen posts what the form was opened on, if anything: a duty's
        # request no longer open is refused by its service in the service's words
    return data

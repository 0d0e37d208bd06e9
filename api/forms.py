"""An API body read as the form it stands for, so that the forms' parsing (campaign/inputs.py,
battles/inputs.py) checks it with the same rules and the same messages: lists are
multi-valued fields, `ranks` ({officer id: rank}) the forms' `rank_<id>` fields, booleans "1"."""

from django.utils.datastructures import MultiValueDict
from ninja import Schema


def as_form(data: Schema) -> MultiValueDict:
    form: MultiValueDict = MultiValueDict()
    for name, value in data.dict().items():
        if value is None:
            continue
        if name == "ranks":
            for officer, rank in value.items():
                form[f"rank_{officer}"] = str(rank)
        elif isinstance(value, list):
            form.setlist(name, [str(item) for item in value])
        elif isinstance(value, bool):
            form[name] = "1" if value else ""
        else:
            form[name] = str(value)
    return form

"""What a browser submits for a form left as the page rendered it: hidden and text inputs with
their values, the ticked boxes only, each select's selected (or first) option, textareas."""

from html.parser import HTMLParser


class _Forms(HTMLParser):
    def __init__(self, action: str):
        super().__init__(convert_charrefs=True)
        self.action, self.inside, self.select, self.first = action, False, None, None
        self.fields: list[tuple[str, str]] = []
        self.boxes: list[dict[str, str | None]] = []  # every checkbox of the form, ticked or not
        self.found = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("action") == self.action and not self.found
            self.found = self.found or self.inside
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            kind = (a.get("type") or "text").lower()
            if kind in ("checkbox", "radio"):
                self.boxes.append(a)
                if "checked" in a:
                    self.fields.append((a["name"], a.get("value") or "on"))
            elif kind not in ("submit", "button", "file"):
                self.fields.append((a["name"], a.get("value") or ""))
        elif tag == "select":
            self.select, self.first, self.chosen = a.get("name"), None, None
        elif tag == "option" and self.select:
            value = a.get("value") or ""
            self.first = value if self.first is None else self.first
            if "selected" in a:
                self.chosen = value

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select and self.inside:
            chosen = self.chosen if self.chosen is not None else self.first
            if chosen is not None:
                self.fields.append((self.select, chosen))
            self.select = None


def form_as_rendered(page: str, action: str) -> tuple[dict[str, list[str]], list[dict[str, str | None]]]:
    """The first form posting to `action`: the data a browser sends untouched, and its checkboxes."""
    parser = _Forms(action)
    parser.feed(page)
    assert parser.found, f"no form posts to {action}"
    data: dict[str, list[str]] = {}
    for name, value in parser.fields:
        data.setdefault(name, []).append(value)
    return data, parser.boxes

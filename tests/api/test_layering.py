"""No queries or rules in the API layer: the API's modules read through selectors and the
apps' look-ups (campaign/, forum/ and battles/lookups.py) and the forms' parsing helpers and act
through services; none of them touches a model's manager, looks an object up itself, builds a
query or opens a transaction (errors.py names IntegrityError only to answer it)."""

import re
from pathlib import Path

API = Path(__file__).resolve().parents[2] / "api"
FORBIDDEN = re.compile(r"\.objects\b|get_object_or_404|from django\.db\.models|\btransaction\b|\bconnection\b")


def test_the_api_layer_holds_no_query():
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted(API.glob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if FORBIDDEN.search(line)
    ]
    assert found == [], "\n".join(found)

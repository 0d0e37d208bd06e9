"""The words a board search looks up (a season's posts are searched through an index, not
read one by one). Chinese is not written with spaces, so a text is cut the way search engines
cut CJK text: every run of letters and digits, lowercased, gives each of its characters and each
pair of neighbours. A query's runs give their pairs (a single character gives itself), and a
post holding all of them is a candidate; the candidates are then checked for the query as
written, so the index only narrows the reading and never changes what is found."""

import re

_RUN = re.compile(r"[^\W_]+")  # letters and digits in every script; underscore and marks split runs


def _runs(text: str) -> list[str]:
    return _RUN.findall(text.lower())


def index_terms(*texts: str) -> str:
    """The post's terms, space-separated, each once: every character and every pair of
    neighbours of each run of letters and digits in the texts (a thread's title and a post)."""
    terms: dict[str, None] = {}
    for text in texts:
        for run in _runs(text):
            terms.update(dict.fromkeys(run))
            terms.update(dict.fromkeys(run[i : i + 2] for i in range(len(run) - 1)))
    return " ".join(terms)


def query_terms(query: str) -> list[str]:
    """The terms every post containing `query` holds: each run's pairs, or the run itself when it
    is one character. Empty when the query has no letter or digit (nothing to look up)."""
    terms: dict[str, None] = {}
    for run in _runs(query):
        if len(run) == 1:
            terms[run] = None
        else:
            terms.update(dict.fromkeys(run[i : i + 2] for i in range(len(run) - 1)))
    return list(terms)

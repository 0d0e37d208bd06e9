"""Board text: Markdown in, sanitised HTML out. Raw HTML typed by a user is shown as text.

markdown-it-py is CommonMark's reference port: linear in the length of the text on every
input (bench/inputs.py measures pathological inputs against ordinary text), where
python-markdown took a minute on 20,000 brackets. The rendered HTML is stored with the post
and rendered once, before the write transaction opens.

>>> render_markdown("**強攻** <script>x</script>\\n第二行")
'<p><strong>強攻</strong> &lt;script&gt;x&lt;/script&gt;<br>\\n第二行</p>\\n'
>>> render_markdown("[a](javascript:alert(1))")
'<p>[a](javascript:alert(1))</p>\\n'
"""

import nh3
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

ALLOWED_TAGS = {
    "a",
    "p",
    "br",
    "hr",
    "em",
    "strong",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "del",
    "s",
}

# html=False: typed HTML is escaped into text; breaks=True: a newline is a line break, as
# players write on the forum (python-markdown's nl2br before); tables and ~~strike~~ as GFM.
# maxNesting 5 (markdown-it's default is 20): a quote in a list in a quote still renders, deeper
# nesting is text; it bounds the work per "[" (a link label is searched that deep), which made
# 20,000 "[" cost 4.8× an ordinary post instead of ≤ 3× (bench/inputs.py).
MAX_NESTING = 5


def _no_label_ahead(state: StateInline, silent: bool) -> bool:
    """A run of `[` (and `![`) with no `]` left before the end of the inline text opens no link,
    image or label: taken as text at once. Otherwise markdown-it's link rule scans ahead from
    every such `[` for its `]` (`parseLinkLabel`, token by token, a few levels deep): 20,000 `[`
    would cost 2.6× an ordinary post of that length, all of it in that scan. The same output on
    every input (a `[` with no `]` after it cannot start a label: tests/forum/test_boards.py
    compares both on random texts). The last `]` is found once per inline text and range
    (`rfind`), so this adds linear work at most."""
    src, pos, end = state.src, state.pos, state.posMax
    start = pos + 1 if src[pos] == "!" else pos
    if start >= end or src[start] != "[":
        return False
    if src.find("]", start, min(end, start + 64)) != -1:  # the usual case, at once
        return False
    # Kept in the rendering's env, not on the state: a new attribute on the state would cost
    # every later attribute read of it in the parser's loops (CPython's inline values).
    closes = state.env.setdefault("last ]", {})
    last = closes.get((src, end))
    if last is None:
        last = closes[src, end] = src.rfind("]", 0, end)
    if start < last:
        return False
    stop = start + 1
    while stop < end and src[stop] in "[!":
        stop += 1
    if not silent:
        state.append_pending(src[pos:stop])
    state.pos = stop
    return True


_MD = MarkdownIt("commonmark", {"html": False, "breaks": True, "linkify": False, "maxNesting": MAX_NESTING}).enable(
    ["table", "strikethrough"]
)
_MD.inline.ruler.before("link", "no_label_ahead", _no_label_ahead)


def markdown_tokens(text: str) -> list:
    """The text parsed as the board renders it (the same rules), as markdown-it's tokens: for
    the terminal, which draws them as text (screens/post_text.py)."""
    return _MD.parse(text)


def render_markdown(text: str) -> str:
    html = _MD.render(text)
    # Defence in depth: whatever Markdown made, only these tags and safe links survive.
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}, "code": {"class"}, "th": {"style"}, "td": {"style"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
        filter_style_properties={"text-align"},
    )

"""Board text: Markdown in, sanitised HTML out. Raw HTML typed by a user is shown as text."""

import threading

import markdown
import nh3

ALLOWED_TAGS = {
    "a", "p", "br", "hr", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li",
    "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "del",
}


_local = threading.local()


def _markdown() -> markdown.Markdown:
    """One converter per thread, reset between texts (building one costs more than converting)."""
    md = getattr(_local, "md", None)
    if md is None:
        md = markdown.Markdown(extensions=["tables", "fenced_code", "nl2br"], output_format="html")
        # Without these two, Markdown passes raw HTML through; with them it is escaped into
        # text, so "<script>" shows as "<script>" instead of vanishing or running.
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        _local.md = md
    return md.reset()


def render_markdown(text: str) -> str:
    html = _markdown().convert(text)
    # Defence in depth: whatever Markdown made, only these tags and safe links survive.
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}, "code": {"class"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )

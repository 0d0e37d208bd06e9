"""Board text: Markdown in, sanitised HTML out. Raw HTML typed by a user is shown as text."""

import markdown
import nh3

ALLOWED_TAGS = {
    "a", "p", "br", "hr", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li",
    "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "del",
}


def render_markdown(text: str) -> str:
    md = markdown.Markdown(extensions=["tables", "fenced_code", "nl2br"], output_format="html")
    # Without these two, Markdown passes raw HTML through; with them it is escaped into text,
    # so "<script>" shows as "<script>" instead of vanishing or running.
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    html = md.convert(text)
    # Defence in depth: whatever Markdown made, only these tags and safe links survive.
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes={"a": {"href", "title"}, "code": {"class"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )

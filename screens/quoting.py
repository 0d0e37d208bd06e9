"""PTT's 引用 (mbbsd/edit.c, the quote `y` puts into a reply): a head line naming the author, then
each line of the post prefixed `: `, then an empty line for the reply. The post's text is its
Markdown as typed, and the board's Markdown keeps each line a line (forum.markup: breaks)."""

from django.utils.translation import gettext as _

from forum.models import Post


def quoted(post: Post) -> str:
    """The start of a reply quoting `post` ("" for a post hidden by a moderator: not quoted)."""
    if post.hidden:
        return ""
    author = _("System") if post.is_system else (post.author.name if post.author else "—")
    head = _("※ Quoting %(author)s:") % {"author": author}
    return "\n".join([head] + [": " + line for line in post.body.splitlines()]) + "\n\n"

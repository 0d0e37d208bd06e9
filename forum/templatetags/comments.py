"""A thread's or a post's net 推 count as PTT's lists show it (爆, X1…XX): forum.rules.comments."""

from django import template

from forum.rules import comments

register = template.Library()


@register.filter
def score_mark(net: int) -> str:
    return comments.score_mark(net)

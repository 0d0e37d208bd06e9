"""The one router of the API's operations: reads (api/reads.py) and acts (api/acts/) on the same
paths share it, so that a path answers both its GET and its POST.
`read` and `act` declare an operation with its response, its URL name and who may call it."""

from functools import wraps

from ninja import Router

from api.auth import Actor, Reader
from campaign import conditional

router = Router(auth=Reader())
ACTOR = Actor()


def _unless_unchanged(view):
    """A poll whose copy is current (If-None-Match) is a 304 before any read, but inside the
    operation: after its token was checked and counted by the rate limits like any read, so
    that an unknown token or one over its limit is refused, not confirmed. The tag is the
    path's with its query and the token's (conditional.etag): a copy of one page, filter or
    token's answer is never confirmed for another. It is put on a 200 by api/main.py's `urls`."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        token_id = getattr(getattr(request, "auth", None), "pk", None)  # None for the anonymous reader
        tag = conditional.etag(request, who=f"token:{token_id}" if token_id else "")
        if tag is not None and conditional.held(request, tag):
            return conditional.not_modified(tag)
        request.world_tag = tag
        return view(request, *args, **kwargs)

    return wrapper


def read(path: str, response, name: str, *, polled: bool = False):
    """A read: anyone, a token adding what its officer may read. `polled`: what bots poll,
    carrying an ETag (a poll with nothing new is a 304)."""
    operation = router.get(path, response=response, tags=["read"], url_name=name)
    if not polled:
        return operation
    return lambda view: operation(_unless_unchanged(view))


def act(path: str, response, name: str, *, operation_id: str | None = None):
    """An act: a token made for acting; `name` is the URL name of the form it stands for.
    `operation_id`: the id the published schema gives the operation, kept when its module moves
    (ninja's default is the module's path and the function's name, and a client generated from
    the schema names its methods by it)."""
    return router.post(path, response=response, auth=ACTOR, tags=["act"], url_name=name, operation_id=operation_id)

"""The one router of the API's operations: reads (api/reads.py) and acts (api/acts.py,
api/acts_war.py) on the same paths share it, so that a path answers both its GET and its POST.
`read` and `act` declare an operation with its response, its URL name and who may call it."""

from ninja import Router

from api.auth import Actor, Reader

router = Router(auth=Reader())
ACTOR = Actor()


def read(path: str, response, name: str):
    """A read: anyone, a token adding what its officer may read."""
    return router.get(path, response=response, tags=["read"], url_name=name)


def act(path: str, response, name: str):
    """An act: a token made for acting; `name` is the URL name of the form it stands for."""
    return router.post(path, response=response, auth=ACTOR, tags=["act"], url_name=name)

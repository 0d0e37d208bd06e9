"""The one router of the API's operations: reads (api/reads.py) and acts (api/acts.py) on the same
paths share it, so that a path answers both its GET and its POST."""

from ninja import Router

from api.auth import Reader

router = Router(auth=Reader())

"""A row of the authorization matrix: how to set up an action and who tries it, as which role, and
whether the rules allow them."""

from dataclasses import dataclass, field

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


@dataclass
class Case:
    args: list
    data: dict
    roles: dict  # role → (officer name or "superuser", allowed, data override or None)
    campaign_url: bool = True
    extra: dict = field(default_factory=dict)
    refused_status: int = 403  # 404 where what is refused must not be told apart from nothing (another's letter)


def refuse(name, data=None):
    return (name, False, data)


def allow(name, data=None):
    return (name, True, data)

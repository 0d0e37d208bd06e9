"""The terminal's screens by name, as the site's pages are found by their URL names: a screen
module registers what it shows (`@screen("siege")` on a class, or on a function that makes one),
and a screen that opens another names it (`screen_open(ctx, "siege", siege_id=…)`), so that no
screen imports another. `screens/all_screens.py` (and the game screens' `gamescreens/all_screens.py`)
imports every screen module once, for the session.

The names follow the web's URL names where the web has the page (boards, board, thread, letters,
dashboard, city, siege, army, duties, games, game); the terminal's own screens have their own
(main-menu, acts, road, game-live, game-replay). The editors another screen reopens (a kept
draft's: thread-new, reply, letter-new) are registered too; what a screen opens only of its own
(a mailbox's letter, a form's pickers) it makes itself, unregistered."""

from collections.abc import Callable
from typing import Any

Maker = Callable[..., Any]

SCREENS: dict[str, Maker] = {}


def screen(name: str) -> Callable[[Maker], Maker]:
    """Registers a screen's class (or a function that makes the screen) under `name`."""

    def register(maker: Maker) -> Maker:
        if SCREENS.get(name, maker) is not maker:
            raise ValueError(f"two screens are named {name!r}")
        SCREENS[name] = maker
        return maker

    return register


def screen_make(ctx: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """The screen registered as `name`, made for the session's context."""
    return SCREENS[name](ctx, *args, **kwargs)


def screen_open(ctx: Any, name: str, *args: Any, **kwargs: Any) -> None:
    """The screen registered as `name`, made and shown on top of the current one."""
    ctx.push(screen_make(ctx, name, *args, **kwargs))

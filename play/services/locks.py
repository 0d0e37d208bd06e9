"""A game's row lock. The services take it after the place fought over (the host's lock,
play/hooks.py: the war's city) and before anything else of the battle (battles/services/locks.py).
FOR NO KEY UPDATE, as every lock (docs/architecture.md, "Row locks")."""

from play.models import Game


def game_lock(game: Game) -> Game:
    return (
        Game.objects.select_for_update(no_key=True, of=("self",))
        .select_related("attacker", "defender", "campaign")
        .get(pk=game.pk)
    )

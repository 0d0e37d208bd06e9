"""Row locks of the war's services. Every service takes them in one order: the city fought
over, then the game (play/services/locks.py), then the army, then officers and the ledger's rows
(DESIGN: city then army), each once and as late as it can (STYLE.md, after pretix); the posts in
the event's thread come after them. FOR NO KEY UPDATE (PostgreSQL): no service changes a key,
and a FOR UPDATE would also hold off every commit of a row pointing at the locked one
(docs/architecture.md, "Row locks")."""

from cities.models import City


def city_lock(city_id: int) -> City:
    """The city fought over, with what its services read of it."""
    return (
        City.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__king", "kingdom__palace", "governor__user__presence", "board", "campaign")
        .get(pk=city_id)
    )

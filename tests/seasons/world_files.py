"""A generated world file's data: `kingdoms` kingdoms of equal size, `cities` cities in all (each
kingdom a chain from its capital, the capitals on a ring), two officers in each kingdom (its king
and a governor) unless `officers` is False. Read by the world file's tests and bench/world.py."""


def generated_world(kingdoms: int = 50, cities: int = 1000, *, officers: bool = True, slug: str = "generated") -> dict:
    data: dict = {
        "name": f"{kingdoms} kingdoms, {cities} cities",
        "slug": slug,
        "kingdoms": [],
        "cities": [],
        "roads": [],
    }
    data["officers"] = []
    capitals = []
    for k in range(kingdoms):
        each = cities // kingdoms + (k < cities % kingdoms)
        names = [f"國{k}城{c}" for c in range(each)]
        capitals.append(names[0])
        data["kingdoms"].append({"name": f"國{k}", "colour": f"#{(k * 40503) % 0xFFFFFF:06x}", "capital": names[0]})
        for c, name in enumerate(names):
            kind = "capital" if c == 0 else ("buffer" if c == each - 1 else "frontier")
            data["cities"].append(
                {"name": name, "kingdom": f"國{k}", "kind": kind, "x": k * 100 + c % 5 * 20, "y": c * 15.5}
            )
        data["roads"] += [[names[c - 1], names[c]] for c in range(1, each)]
        if officers:
            data["officers"] += [
                {
                    "user": f"gen-k{k}",
                    "name": f"王{k}",
                    "kingdom": f"國{k}",
                    "stars": 25,
                    "kind": "general",
                    "city": names[0],
                    "title": "王",
                    "king": True,
                },
                {
                    "user": f"gen-g{k}",
                    "name": f"守{k}",
                    "kingdom": f"國{k}",
                    "stars": 12,
                    "kind": "administrator",
                    "city": names[-1],
                    "governs": names[-1],
                    "moderates": [names[-1]],
                },
            ]
    ring = range(kingdoms if kingdoms > 2 else kingdoms - 1)
    data["roads"] += [[capitals[k], capitals[(k + 1) % kingdoms]] for k in ring]
    return data


def site_example() -> bytes:
    """The demo's world file as an organiser uploads it on the site: without its officers, since a
    world file binds no other player's account and makes none (they join through invitations)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "examples" / "demo-world.yaml").read_text(encoding="utf-8")
    return text[: text.index("\nofficers:") + 1].encode()


def accounts_made(data: dict) -> None:
    """The accounts a world file's officers name, made beforehand (a world file makes none)."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    User.objects.bulk_create([User(username=o["user"]) for o in data.get("officers", [])])

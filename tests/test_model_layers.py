"""The schema follows the layers the imports follow (docs/architecture.md, "The layers"): a model's
foreign key points to its own app or to an app below it, never up, or the database would tie a
lower layer to a higher one that the import contracts cannot see. Each key that still points up is
named here with its reason, and a new one fails."""

from pathlib import Path

from django.apps import apps

# From the bottom, as the apps' import contract (.importlinter, apps-in-layers) orders them: the
# map, the campaign (people, moves, timers, the notices' outbox and the site's machinery), the
# forum, the notices' delivery, a season's setting up, the games played, then side by side the war
# and hero tactics, the friendly board games, the computer as a player, then side by side a game's
# analysis and the game room, the accounts' own (API tokens), the terminal. Apps on one line are
# siblings: a key from one to the other points up too. (The orders, the dashboard, the record and
# the live side have no models.)
LAYERS = (
    ("cities",),
    ("campaign",),
    ("forum",),
    ("delivery",),
    ("seasons",),
    ("play",),
    ("battles", "tactics"),
    ("friendly",),
    ("bots",),
    ("analysis", "room"),
    ("accounts",),
    ("bbs",),
)
RANK = {app: rank for rank, apps_of_rank in enumerate(LAYERS) for app in apps_of_rank}
ROOT = Path(__file__).resolve().parent.parent

# Keys that point up today, each with why it has not moved yet.
NAMED = {
    # An officer's whereabouts (R1.5: in a city, on the road, with an army, a prisoner) is one row
    # with one check constraint over the four; the army is the war's. Moving it to the war's
    # ArmyMember alone would split that constraint over two tables.
    "campaign.Officer.army -> battles.Army",
    # The map belongs to a campaign: its cities have an owner and a governor. Its pure code
    # (routes, layout, drawing) imports nothing above it; its models could join the campaign's
    # core (a state-only move, as the forum's), which would leave cities/ only its pure code.
    "cities.City.campaign -> campaign.Campaign",
    "cities.City.kingdom -> campaign.Kingdom",
    "cities.City.governor -> campaign.Officer",
    "cities.Road.campaign -> campaign.Campaign",
    # A game of the war names its battle (one of three, the game_belongs_to_one_battle constraint)
    # and its army: columns of the games' table since before the games left the war, kept so that
    # no table changes. Only the ORM follows them (a page's select_related); play imports
    # nothing of the war, which hosts the games through play/hooks.py.
    "play.Game.siege -> battles.Siege",
    "play.Game.field_battle -> battles.FieldBattle",
    "play.Game.pursuit -> battles.Pursuit",
    "play.Game.army -> battles.Army",
}


def keys_pointing_up() -> set[str]:
    found = set()
    for model in apps.get_models():
        low = model._meta.app_label
        for field in model._meta.get_fields():
            if not (field.is_relation and field.concrete and field.related_model is not None):
                continue
            high = field.related_model._meta.app_label
            if low != high and low in RANK and high in RANK and RANK[high] >= RANK[low]:
                found.add(f"{low}.{model.__name__}.{field.name} -> {high}.{field.related_model.__name__}")
    return found


def test_no_foreign_key_points_up_a_layer_but_those_named_with_their_reason():
    assert keys_pointing_up() == NAMED


def test_the_walk_sees_every_app_of_the_layers():
    """Every app of ours with models has its place in the layers (a new one is not walked past)."""
    ours = {
        config.label
        for config in apps.get_app_configs()
        if Path(config.path).resolve().parent == ROOT and list(config.get_models())
    }
    assert ours == set(RANK)

"""Models that moved out of the campaign app keep the tables they had as the campaign's: the API's
tokens (accounts), the boards, comments, letters, reads and chronicle pins (forum), the mail's and
the devices' subscriptions (delivery), invitations, applications and the war's pauses (seasons);
those that left the war keep the war's: a game's analysis (analysis), the games and their moves
(play).
The migrations that moved them change the migration state only (no SQL on any database), and a
database migrated from before the moves (main as it was) has the same schema as one migrated from
empty, on SQLite and on PostgreSQL alike."""

from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

MOVES = [
    ("campaign", "0019_accesstoken_moves_to_accounts"),
    ("accounts", "0001_initial"),
    ("campaign", "0020_forum_delivery_and_seasons_move_out"),
    ("forum", "0001_initial"),
    ("delivery", "0001_initial"),
    ("seasons", "0001_initial"),
    ("battles", "0012_analysis_moves_out"),
    ("analysis", "0001_initial"),
    ("play", "0001_initial"),
    ("analysis", "0002_games_moved_to_play"),
    ("battles", "0014_games_move_out"),
]
MOVED = {
    "accounts": ["AccessToken"],
    "forum": ["Board", "BoardModerator", "Thread", "Post", "Comment", "Letter", "ThreadRead", "ChroniclePin"],
    "delivery": ["MailSubscription", "PushSubscription", "PushDelivery"],
    "seasons": ["Invitation", "Application", "WarPause"],
    "analysis": ["GameAnalysis"],
    "play": ["Game", "GameMove"],
}
OLD_APP = {"analysis": "battles", "play": "battles"}  # the others were the campaign's


@pytest.mark.parametrize("app, names", MOVED.items())
def test_the_moved_models_are_their_apps_on_their_old_tables(app, names):
    for name in names:
        model = apps.get_model(app, name)
        assert model._meta.db_table == f"{OLD_APP.get(app, 'campaign')}_{name.lower()}"


@pytest.mark.django_db(transaction=True)  # SQLite's schema editor runs outside a transaction only
@pytest.mark.parametrize("app, name", MOVES)
def test_a_move_runs_no_sql(app, name):
    out = StringIO()
    call_command("sqlmigrate", app, name, stdout=out)
    statements = [
        line
        for line in out.getvalue().splitlines()
        if line.strip() and not line.startswith("--") and line not in ("BEGIN;", "COMMIT;")
    ]
    assert statements == []


def schema() -> dict:
    """Every table's columns (name, type, null) and constraints, as the database describes them."""
    with connection.cursor() as cursor:
        tables = sorted(connection.introspection.table_names(cursor))
        return {
            table: (
                [
                    (column.name, column.type_code, column.null_ok)
                    for column in connection.introspection.get_table_description(cursor, table)
                ],
                sorted(
                    (name, tuple(c["columns"] or ()), c["unique"], c["primary_key"], c["index"])
                    for name, c in connection.introspection.get_constraints(cursor, table).items()
                ),
            )
            for table in tables
        }


@pytest.mark.django_db(transaction=True)
def test_a_database_migrated_from_before_the_move_has_the_schema_of_one_migrated_from_empty():
    from_empty = schema()  # the test database is migrated from empty
    call_command("migrate", "campaign", "0020_forum_delivery_and_seasons_move_out", verbosity=0)
    call_command("migrate", "battles", "0012_analysis_moves_out", verbosity=0)
    moved = schema()  # as the moves left it, before the fields added since
    call_command("migrate", "campaign", "0018_bbs", verbosity=0)  # main before the moves
    call_command("migrate", "battles", "0011_analysis", verbosity=0)
    before = schema()
    call_command("migrate", verbosity=0)  # and on, as an upgrade of a running site
    for app, names in MOVED.items():
        assert {f"{OLD_APP.get(app, 'campaign')}_{name.lower()}" for name in names} <= set(from_empty), app
    assert before == moved
    assert schema() == from_empty


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_games_left_the_war_has_the_schema_of_one_migrated_from_empty():
    """The games' move (play 0001, analysis 0002, battles 0014) came after every field it keeps:
    a site that stood at battles 0013 migrates on to the schema of a database migrated from empty,
    and went back to it, its tables, columns and constraints are the same. The apps made since that
    point at play's games (hero tactics' battle link) step back with it: their tables are compared
    once the site has migrated on."""
    from_empty = schema()
    applied = set(MigrationRecorder(connection).applied_migrations())
    call_command("migrate", "play", "zero", verbosity=0)  # main before the games' move
    before = schema()
    later = {app for app, _name in applied - set(MigrationRecorder(connection).applied_migrations())} - {"play"}
    call_command("migrate", verbosity=0)
    assert {"battles_game", "battles_gamemove"} <= set(before)
    assert later <= {"analysis", "battles", "tactics", "room", "bots"}, later  # the move's and the newer apps'
    newer = later & {"tactics", "room", "bots"}  # made after the move: not there "before"
    kept = {table: shape for table, shape in from_empty.items() if table.split("_")[0] not in newer}
    assert {table: shape for table, shape in before.items() if table in kept} == kept
    assert schema() == from_empty


@pytest.mark.django_db(transaction=True)
def test_r1_2_kings_keep_their_view_of_the_boards_in_the_admin_across_the_move():
    """A "Kingdom admins" group made before the move held the campaign's old board permissions:
    forum 0002 gives it the forum's, so kings still see their palace in the admin."""
    call_command("migrate", "forum", "0001_initial", verbosity=0)  # as a site before the move
    group = Group.objects.create(name="Kingdom admins")
    group.permissions.set(Permission.objects.filter(content_type__app_label="campaign", codename="view_officer"))
    call_command("migrate", verbosity=0)
    forum = set(group.permissions.filter(content_type__app_label="forum").values_list("codename", flat=True))
    assert forum == {"view_board", "view_boardmoderator", "view_thread", "view_post"}

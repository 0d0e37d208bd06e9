"""A whole campaign as one archive (docs/organising.md "The campaign archive"): a zip of the world file as
`world_export` writes it and JSON files (officers, boards, threads, posts as typed, games with
their records and PGN, the ledger, the timers applied, the chronicle's pins), with a manifest and
a README naming the format. During the war the archive holds only the boards its downloader may
read (R1.2: no other kingdom's palace, by the boards' own check `may_read_board`); once the war has
ended, every board. A read that writes to a stream: each table is read in chunks
(`iterator`) and written as it comes, so a long war is never in memory at once. Deterministic:
the same campaign gives the same bytes (fixed member times and order, sorted keys, no clock)."""

import json
import zipfile
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime, timedelta
from typing import IO, Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from battles.models import LedgerEntry
from campaign.authority import officer_of
from campaign.models import Campaign, Officer, Timer
from forum.authority import may_read_board
from forum.models import Board, ChroniclePin, Comment, Post, Thread
from play.models import Game
from play.selectors.games import game_pgn_text
from seasons.world.export import world_export

FORMAT = "chess-siege-campaign-archive"
VERSION = 1
CHUNK = 2000  # rows read at a time
STAMP = (1980, 1, 1, 0, 0, 0)  # every member's time: the zip format's earliest, whatever the day

README = """# A chess-siege campaign archive ({format}, version {version})

The whole campaign `{slug}` as the site recorded it. Every file is UTF-8; times are ISO 8601 in
UTC; ids are the site's own (one file's ids name rows of another).

- `manifest.json`: the format, its version, the campaign and these files.
- `world.yaml`: the world file (its schema: the site's docs/world-files.md).
- `campaign.json`: the campaign's life (status, start, end, winner, organisers).
- `officers.json`, `boards.json`, `threads.json`, `posts.json` (each post's Markdown as written),
  `comments.json` (the 推/噓/→ lines under the posts, hidden ones marked).
  During the war they hold the boards its downloader could read (no other kingdom's palace);
  once the war has ended, every board.
- `games.json`: every battle game with its record, its moves and, when played, its PGN.
- `ledger.json`: every change of a wall or a morale with its clause, cause and key.
- `timers.json`: every timer applied, with when it was due and applied.
- `chronicle_pins.json`: the historians' accounts pinned into the chronicle.
"""


def _plain(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return int(value.total_seconds())
    return value


def _json(row: dict[str, Any]) -> str:
    return json.dumps({k: _plain(v) for k, v in row.items()}, ensure_ascii=False, sort_keys=True)


def _member(archive: zipfile.ZipFile, name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def _write_text(archive: zipfile.ZipFile, name: str, text: str) -> None:
    archive.writestr(_member(archive, name), text.encode())


def _write_rows(archive: zipfile.ZipFile, name: str, rows: Iterable[dict[str, Any]]) -> None:
    """A JSON array written one row at a time."""
    with archive.open(_member(archive, name), mode="w") as out:
        out.write(b"[")
        for i, row in enumerate(rows):
            out.write((",\n" if i else "\n").encode() + _json(row).encode())
        out.write(b"\n]\n")


class Operator:
    """The site's operator (`manage.py campaign_export`): every board, whatever the campaign's life."""


OPERATOR = Operator()
Reader = User | AnonymousUser | Operator


def archive_boards(campaign: Campaign, reader: Reader) -> list[int] | None:
    """The boards the archive holds: all of them (None) once the war has ended or for the operator;
    during the war those the reader's officer may read (R1.2), as the boards' pages allow."""
    if isinstance(reader, Operator) or campaign.status == Campaign.Status.ENDED:
        return None
    officer = officer_of(reader, campaign)
    boards = Board.objects.filter(campaign=campaign).order_by("pk")
    return [board.pk for board in boards if may_read_board(officer, board)]


def _values(queryset, *fields: str) -> Iterator[dict[str, Any]]:
    return queryset.order_by("pk").values(*fields).iterator(chunk_size=CHUNK)


def _campaign(campaign: Campaign) -> dict[str, Any]:
    return {
        "name": campaign.name,
        "slug": campaign.slug,
        "status": campaign.status,
        "war_starts_at": campaign.war_starts_at,
        "war_ends_at": campaign.war_ends_at,
        "ended_at": campaign.ended_at,
        "end_reason": campaign.end_reason,
        "winner": campaign.winner.name if campaign.winner else None,
        "previous_season": campaign.previous_season.slug if campaign.previous_season else None,
        "organisers": sorted(campaign.organisers.values_list("username", flat=True)),
    }


def _games(campaign: Campaign) -> Iterator[dict[str, Any]]:
    games = Game.objects.filter(campaign=campaign).select_related("attacker", "defender", "siege__city")
    for game in games.order_by("pk").iterator(chunk_size=CHUNK):
        played = game.defender is not None and bool(game.moves)
        yield {
            "id": game.pk,
            "kind": game.kind,
            "game_kind": game.game_kind,
            "siege": game.siege_id,
            "field_battle": game.field_battle_id,
            "pursuit": game.pursuit_id,
            "city": game.siege.city.name if game.siege else None,
            "attacker": game.attacker_id,
            "defender": game.defender_id,
            "attacker_rank": game.attacker_rank,
            "defender_rank": game.defender_rank,
            "status": game.status,
            "result": game.result,
            "termination": game.termination,
            "record": game.record,
            "moves": game.moves,
            "pgn": game_pgn_text(game, event=campaign.name) if played else None,
            "called_at": game.called_at,
            "started_at": game.started_at,
            "decided_at": game.decided_at,
        }


# Each table's file: its rows in the campaign, the path from a row to its board (the archive holds
# only the boards its reader may read), and the columns written (in id order).
TABLES: tuple[tuple[str, Callable[[Campaign], QuerySet] | None, str | None, tuple[str, ...]], ...] = (
    (
        "officers.json",
        lambda c: Officer.objects.filter(campaign=c),
        None,
        ("id", "user__username", "name", "kingdom__name", "stars", "kind", "title", "whereabouts")
        + ("city__name", "army_id", "captor__name"),
    ),
    ("boards.json", lambda c: Board.objects.filter(campaign=c), "pk", ("id", "kind", "city__name", "kingdom__name")),
    (
        "threads.json",
        lambda c: Thread.objects.filter(board__campaign=c),
        "board",
        ("id", "board_id", "title", "author_id", "is_system", "created_at", "last_activity_at"),
    ),
    (
        "posts.json",
        lambda c: Post.objects.filter(thread__board__campaign=c),
        "thread__board",
        ("id", "thread_id", "author_id", "is_system", "body", "created_at", "edited_at", "hidden"),
    ),
    (
        "comments.json",
        lambda c: Comment.objects.filter(post__thread__board__campaign=c),
        "post__thread__board",
        ("id", "post_id", "author_id", "kind", "text", "created_at", "hidden"),
    ),
    ("games.json", None, None, ()),  # written with their PGN (_games)
    (
        "ledger.json",
        lambda c: LedgerEntry.objects.filter(campaign=c),
        None,
        ("id", "city_id", "army_id", "field", "delta", "value_after", "clause", "cause", "cause_args", "game_id")
        + ("key", "due_at", "applied_at"),
    ),
    (
        "timers.json",
        lambda c: Timer.objects.filter(campaign=c, status=Timer.Status.DONE),
        None,
        ("id", "key", "kind", "object_id", "seq", "due_at", "applied_at"),
    ),
    (
        "chronicle_pins.json",
        lambda c: ChroniclePin.objects.filter(campaign=c),
        "post__thread__board",
        ("id", "post_id", "pinned_by_id", "day", "pinned_at"),
    ),
)


FILES = ("world.yaml", "campaign.json", *(name for name, _rows, _board, _fields in TABLES))


def _rows(campaign: Campaign, table, boards: list[int] | None) -> Iterator[dict[str, Any]]:
    name, rows, board, fields = table
    if rows is None:
        return _games(campaign)
    queryset = rows(campaign)
    if boards is not None and board is not None:
        queryset = queryset.filter(**{f"{board}__in": boards})
    return _values(queryset, *fields)


def campaign_export(campaign: Campaign, stream: IO[bytes], *, reader: Reader) -> None:
    """Writes the campaign's archive to `stream` (a file, a spooled buffer; it need not seek), with
    the boards `reader` may read (`archive_boards`); `OPERATOR` for the operator's whole archive."""
    boards = archive_boards(campaign, reader)
    with zipfile.ZipFile(stream, mode="w", compression=zipfile.ZIP_DEFLATED) as archive:
        manifest = {"format": FORMAT, "version": VERSION, "campaign": campaign.slug, "files": list(FILES)}
        _write_text(archive, "README.md", README.format(format=FORMAT, version=VERSION, slug=campaign.slug))
        _write_text(archive, "manifest.json", json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
        _write_text(archive, "world.yaml", world_export(campaign))
        life = json.dumps(_campaign(campaign), ensure_ascii=False, indent=2, sort_keys=True, default=_plain)
        _write_text(archive, "campaign.json", life + "\n")
        for table in TABLES:
            _write_rows(archive, table[0], _rows(campaign, table, boards))

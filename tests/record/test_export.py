"""The campaign's archive (docs/organising.md "The campaign archive"): one zip with the world file, officers,
boards, threads, posts as typed, games with their records, the ledger and the timers applied;
the same campaign gives the same bytes, by the download and by `manage.py campaign_export`."""

import io
import json
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from forum.services.boards import thread_create
from forum.services.comments import comment_add
from record.selectors.export import FILES, FORMAT, OPERATOR, campaign_export
from seasons.services.season_end import war_end
from seasons.world.export import world_export
from tests.worlds import besiege, play

ARMY = [("徐晃", "marshal"), ("許褚", "general")]


def archive_of(campaign, reader=OPERATOR) -> bytes:
    stream = io.BytesIO()
    campaign_export(campaign, stream, reader=reader)
    return stream.getvalue()


@pytest.fixture
def war(world, clock):
    thread = thread_create(
        actor=world["王粲"], board=world.city("許昌").board, title="戰記", body="**五月**一日，出兵。"
    )
    comment_add(actor=world["荀彧"], post=thread.posts.get(), kind="push", text="好記")
    army = besiege(world, clock, "漢中", ARMY, online=("張飛",))
    play(world, army, "許褚", "張飛", "attacker")
    return world


def test_the_archive_holds_the_whole_campaign(war):
    archive = zipfile.ZipFile(io.BytesIO(archive_of(war.campaign)))
    assert archive.namelist() == ["README.md", "manifest.json", *FILES]
    manifest = json.loads(archive.read("manifest.json"))
    assert manifest["format"] == FORMAT and manifest["campaign"] == war.campaign.slug
    assert archive.read("world.yaml").decode() == world_export(war.campaign)
    posts = json.loads(archive.read("posts.json"))
    assert any(p["body"] == "**五月**一日，出兵。" for p in posts), "the Markdown as typed"
    assert any(p["is_system"] for p in posts)
    comments = json.loads(archive.read("comments.json"))
    assert [(c["kind"], c["text"], c["hidden"]) for c in comments] == [("push", "好記", False)]
    games = json.loads(archive.read("games.json"))
    assert [(g["result"], g["status"]) for g in games] == [("attacker", "decided")]
    ledger = json.loads(archive.read("ledger.json"))
    assert {row["cause"] for row in ledger} >= {"won"} and all(row["key"] for row in ledger)
    timers = json.loads(archive.read("timers.json"))
    assert timers and all(t["applied_at"] for t in timers), "the timers applied (the army's arrival)"
    officers = json.loads(archive.read("officers.json"))
    assert len(officers) == war.campaign.officers.count()


def test_the_archive_is_the_same_bytes_for_the_same_campaign(war):
    first = archive_of(war.campaign)
    assert archive_of(war.campaign) == first
    assert {info.date_time for info in zipfile.ZipFile(io.BytesIO(first)).infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_the_command_writes_the_same_bytes_as_the_download_once_the_war_has_ended(war, tmp_path, client):
    out = tmp_path / "campaign.zip"
    admin = get_user_model().objects.create_superuser("root", password="a-long-root-password")
    war_end(user=admin, campaign=war.campaign)
    call_command("campaign_export", war.campaign.slug, output=str(out))
    client.force_login(admin)
    response = client.get(reverse("organise-export", args=[war.campaign.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert b"".join(response.streaming_content) == out.read_bytes()


def test_only_an_organiser_downloads_the_archive(war, client):
    url = reverse("organise-export", args=[war.campaign.slug])
    assert client.get(url).status_code == 302, "to log in"
    client.force_login(war["曹操"].user)
    assert client.get(url).status_code == 403
    war.campaign.organisers.add(war["曹操"].user)
    assert client.get(url).status_code == 200


def test_the_command_on_standard_output_writes_the_same_bytes(war, capsysbinary):
    call_command("campaign_export", war.campaign.slug)
    assert capsysbinary.readouterr().out == archive_of(war.campaign)


def test_the_command_names_an_unknown_campaign(db):
    with pytest.raises(CommandError, match="nowhere"):
        call_command("campaign_export", "nowhere")


def _palace_posts(archive: bytes) -> set[str]:
    members = zipfile.ZipFile(io.BytesIO(archive))
    return {p["body"] for p in json.loads(members.read("posts.json"))}


def _download(client, campaign, user) -> bytes:
    client.force_login(user)
    response = client.get(reverse("organise-export", args=[campaign.slug]))
    assert response.status_code == 200
    return b"".join(response.streaming_content)


@pytest.fixture
def palaces(war):
    """A post on each of 魏's and 蜀's palace boards, and a comment under 蜀's."""
    for king, text in (("曹操", "魏之密議"), ("劉備", "蜀之密議")):
        palace = war[king].kingdom.palace
        thread = thread_create(actor=war[king], board=palace, title="國事", body=text)
    comment_add(actor=war["劉備"], post=thread.posts.get(), kind="push", text="蜀之密評")
    return war


def test_r1_2_during_the_war_an_officer_organiser_archives_no_other_kingdoms_palace(palaces, client):
    """R1.2: 曹操, an organiser and 魏's king, gets 403 on 蜀's palace and so not its posts in the
    archive either, nor their comments; his own palace and the city boards are there."""
    campaign, caocao = palaces.campaign, palaces["曹操"]
    campaign.organisers.add(caocao.user)
    shu_palace = palaces["劉備"].kingdom.palace
    client.force_login(caocao.user)
    assert client.get(reverse("board", args=[campaign.slug, shu_palace.pk])).status_code == 403
    archive = _download(client, campaign, caocao.user)
    bodies = _palace_posts(archive)
    assert "魏之密議" in bodies and "**五月**一日，出兵。" in bodies
    assert "蜀之密議" not in bodies
    members = zipfile.ZipFile(io.BytesIO(archive))
    assert shu_palace.pk not in {b["id"] for b in json.loads(members.read("boards.json"))}
    assert "蜀之密評" not in {c["text"] for c in json.loads(members.read("comments.json"))}
    assert not {t["board_id"] for t in json.loads(members.read("threads.json"))} & {shu_palace.pk}


def test_r1_2_during_the_war_an_organiser_without_an_officer_archives_no_palace(palaces, client):
    """R1.2: an organiser who is no officer reads no palace during the war, so archives none."""
    organiser = get_user_model().objects.create_user("organiser", password="a-long-organiser-password")
    palaces.campaign.organisers.add(organiser)
    bodies = _palace_posts(_download(client, palaces.campaign, organiser))
    assert "**五月**一日，出兵。" in bodies
    assert not bodies & {"魏之密議", "蜀之密議"}


def test_r1_2_once_the_war_has_ended_the_archive_holds_every_palace(palaces, client):
    """After the war every board is public in the archive, for an organiser with or without an officer."""
    organiser = get_user_model().objects.create_user("organiser", password="a-long-organiser-password")
    palaces.campaign.organisers.add(organiser, palaces["曹操"].user)
    war_end(user=organiser, campaign=palaces.campaign)
    for user in (organiser, palaces["曹操"].user):
        assert {"魏之密議", "蜀之密議"} <= _palace_posts(_download(client, palaces.campaign, user))

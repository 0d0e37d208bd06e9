"""`manage.py world_export` and `world_import`: the world file written and read back; a refused
file printed with its line and rule, exiting non-zero, nothing created."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from campaign.models import Campaign
from ops.demo import demo_spec
from seasons.world.creation import world_create

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_world_export_then_import_builds_the_same_world(tmp_path, fmt):
    campaign = world_create(spec=demo_spec())
    path = tmp_path / f"world.{fmt}"
    call_command("world_export", campaign.slug, "--format", fmt, "--output", str(path))
    Campaign.objects.filter(pk=campaign.pk).update(slug="before")
    call_command("world_import", str(path))
    again = tmp_path / f"again.{fmt}"
    call_command("world_export", campaign.slug, "--format", fmt, "--output", str(again))
    assert again.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


@pytest.mark.django_db
def test_world_import_refusal_names_line_and_rule(tmp_path):
    path = tmp_path / "bad.yaml"
    text = (ROOT / "examples" / "demo-world.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("capital: 許昌", "capital: 成都"), encoding="utf-8")
    with pytest.raises(CommandError, match=r"kingdoms\[0\]\.capital.*(R1\.2)"):
        call_command("world_import", str(path))
    assert not Campaign.objects.exists()


@pytest.mark.django_db
def test_world_export_of_no_campaign_refused():
    with pytest.raises(CommandError):
        call_command("world_export", "nowhere")


def test_world_import_exits_non_zero_on_a_bad_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: [\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "manage.py", "world_import", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "SECRET_KEY": "x",
            "PATH": "/usr/bin:/bin",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        },
        timeout=120,
    )
    assert done.returncode != 0 and "YAML" in done.stderr and "Traceback" not in done.stderr, done.stderr

"""The board search's index (issue 14). Each post keeps its search terms (the characters and the
pairs of neighbours of its thread's title and its text, campaign.rules.search); the database
indexes them by its own means:

- SQLite: an FTS5 table over the column (external content, no copy of the text), kept by three
  triggers. Django rebuilds a SQLite table to alter it, which drops its triggers: a later
  migration that alters campaign_post must run `index_sql("sqlite")` again (the search tests
  find a new post only through the triggers, so a lost trigger fails them).
- PostgreSQL: a GIN index over the terms as an array, read with `@>`.
"""

import re

from django.db import migrations, models

# The search rule as it was when this migration was written (forum/rules/search.py holds today's):
# a migration keeps its own copy, so that it runs the same whatever the code becomes.
_RUN = re.compile(r"[^\W_]+")


def index_terms(*texts: str) -> str:
    terms: dict[str, None] = {}
    for text in texts:
        for run in _RUN.findall(text.lower()):
            terms.update(dict.fromkeys(run))
            terms.update(dict.fromkeys(run[i : i + 2] for i in range(len(run) - 1)))
    return " ".join(terms)


SQLITE = [
    "CREATE VIRTUAL TABLE campaign_post_terms USING fts5(terms, content='campaign_post', content_rowid='id',"
    " tokenize='unicode61 remove_diacritics 0', detail='none')",
    "CREATE TRIGGER campaign_post_terms_insert AFTER INSERT ON campaign_post BEGIN"
    " INSERT INTO campaign_post_terms(rowid, terms) VALUES (new.id, new.terms); END",
    "CREATE TRIGGER campaign_post_terms_delete AFTER DELETE ON campaign_post BEGIN"
    " INSERT INTO campaign_post_terms(campaign_post_terms, rowid, terms) VALUES ('delete', old.id, old.terms); END",
    "CREATE TRIGGER campaign_post_terms_update AFTER UPDATE OF terms ON campaign_post BEGIN"
    " INSERT INTO campaign_post_terms(campaign_post_terms, rowid, terms) VALUES ('delete', old.id, old.terms);"
    " INSERT INTO campaign_post_terms(rowid, terms) VALUES (new.id, new.terms); END",
    "INSERT INTO campaign_post_terms(campaign_post_terms) VALUES ('rebuild')",
]
SQLITE_UNDO = [
    "DROP TRIGGER IF EXISTS campaign_post_terms_insert",
    "DROP TRIGGER IF EXISTS campaign_post_terms_delete",
    "DROP TRIGGER IF EXISTS campaign_post_terms_update",
    "DROP TABLE IF EXISTS campaign_post_terms",
]
POSTGRESQL = ["CREATE INDEX post_terms_gin ON campaign_post USING gin (string_to_array(terms, ' '))"]
POSTGRESQL_UNDO = ["DROP INDEX IF EXISTS post_terms_gin"]


def index_sql(vendor: str, undo: bool = False) -> list[str]:
    if vendor == "sqlite":
        return SQLITE_UNDO if undo else SQLITE
    if vendor == "postgresql":
        return POSTGRESQL_UNDO if undo else POSTGRESQL
    return []


def fill_terms(apps, schema_editor):
    Post = apps.get_model("campaign", "Post")
    batch = []
    for post in Post.objects.select_related("thread").only("id", "body", "thread__title").iterator(chunk_size=2000):
        post.terms = index_terms(post.thread.title, post.body)
        batch.append(post)
        if len(batch) == 2000:
            Post.objects.bulk_update(batch, ["terms"])
            batch = []
    Post.objects.bulk_update(batch, ["terms"])


def create_index(apps, schema_editor):
    for sql in index_sql(schema_editor.connection.vendor):
        schema_editor.execute(sql)


def drop_index(apps, schema_editor):
    for sql in index_sql(schema_editor.connection.vendor, undo=True):
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0008_notices"),
    ]

    operations = [
        migrations.AddField(
            model_name="post",
            name="terms",
            field=models.TextField(default="", editable=False),
        ),
        migrations.RunPython(fill_terms, migrations.RunPython.noop),
        migrations.RunPython(create_index, drop_index),
    ]

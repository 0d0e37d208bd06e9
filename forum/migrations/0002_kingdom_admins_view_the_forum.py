# Kings view their kingdom's boards, threads and posts in the admin through the group "Kingdom
# admins" (seasons/world/creation.py). A group made before the boards moved here holds the view
# permissions of the campaign's old models: it is given the forum's. The permissions are made
# first (Django makes an app's permissions only after all migrations ran).

from django.contrib.auth.management import create_permissions
from django.db import migrations

MODELS = ("board", "boardmoderator", "thread", "post")


def give(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Kingdom admins").first()
    if group is None:
        return
    forum = apps.get_app_config("forum")
    forum.models_module = True
    create_permissions(forum, apps=apps, verbosity=0)
    forum.models_module = None
    views = Permission.objects.filter(
        content_type__app_label="forum", codename__in=[f"view_{model}" for model in MODELS]
    )
    group.permissions.add(*views)


class Migration(migrations.Migration):

    dependencies = [
        ("forum", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(give, migrations.RunPython.noop)]

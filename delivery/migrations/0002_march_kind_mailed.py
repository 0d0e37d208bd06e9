"""A new kind of duty, armies marching on the officer's city (R4.6): mailed and pushed to those who
chose their kinds before it existed, as to those who never chose (every kind); unticked on the
officer's page like any other."""

from django.db import migrations


def tick_march(apps, schema_editor):
    MailSubscription = apps.get_model("delivery", "MailSubscription")
    for subscription in MailSubscription.objects.all().only("pk", "kinds").iterator():
        if "march" not in subscription.kinds:
            subscription.kinds = ["march", *subscription.kinds]
            subscription.save(update_fields=["kinds"])


class Migration(migrations.Migration):
    dependencies = [("delivery", "0001_initial")]

    operations = [migrations.RunPython(tick_march, migrations.RunPython.noop)]

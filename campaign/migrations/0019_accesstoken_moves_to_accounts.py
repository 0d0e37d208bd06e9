# The API's access tokens move to the accounts app (accounts 0001_initial) on the table they
# always had (`campaign_accesstoken`): only the migration state changes here, the database not at
# all.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('campaign', '0018_bbs'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='AccessToken',
                ),
            ],
            database_operations=[],
        ),
    ]

# A game's analysis moves to the analysis app (analysis 0001_initial) on the table it always had
# (battles_gameanalysis): only the migration state changes here, the database not at all.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('battles', '0011_analysis'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='GameAnalysis',
                ),
            ],
            database_operations=[],
        ),
    ]

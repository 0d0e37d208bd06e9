# The games move to the play app (play 0001_initial) on the tables they always had
# (battles_game, battles_gamemove): the keys to them (a ledger row's game, a stratagem's game)
# now name play's model, and only the migration state changes here, the database not at all.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('battles', '0013_army_end_said'),
        ('play', '0001_initial'),
        ('analysis', '0002_games_moved_to_play'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='ledgerentry',
                    name='game',
                    field=models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='play.game', verbose_name='game'),
                ),
                migrations.AlterField(
                    model_name='stratagem',
                    name='effect_game',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='play.game', verbose_name='effect game'),
                ),
                migrations.DeleteModel(
                    name='GameMove',
                ),
                migrations.DeleteModel(
                    name='Game',
                ),
            ],
            database_operations=[],
        ),
    ]

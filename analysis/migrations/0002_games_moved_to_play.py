# A game's analysis names the game as play's model (play 0001_initial, battles 0014_games_move_out)
# on the table it always had: only the migration state changes here, the database not at all.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('analysis', '0001_initial'),
        ('play', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='gameanalysis',
                    name='game',
                    field=models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='analysis', to='play.game', verbose_name='game'),
                ),
            ],
            database_operations=[],
        ),
    ]

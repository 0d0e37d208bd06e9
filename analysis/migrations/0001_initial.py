# A game's analysis, moved here from `battles` (battles 0012_analysis_moves_out) on the table it
# always had (battles_gameanalysis): only the migration state changes here, the database not at all.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('battles', '0012_analysis_moves_out'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='GameAnalysis',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('state', models.CharField(choices=[('waiting', 'waiting for the engine'), ('running', 'being analysed'), ('done', 'analysed'), ('unavailable', 'no engine on this site'), ('failed', 'the engine failed')], default='waiting', max_length=12, verbose_name='state')),
                        ('created_at', models.DateTimeField(verbose_name='created at')),
                        ('claimed_at', models.DateTimeField(blank=True, null=True, verbose_name='claimed at')),
                        ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='finished at')),
                        ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='attempts')),
                        ('engine', models.CharField(blank=True, max_length=80, verbose_name='engine')),
                        ('movetime_ms', models.PositiveIntegerField(default=0, verbose_name='time a ply (ms)')),
                        ('plies', models.PositiveSmallIntegerField(default=0, verbose_name='plies analysed')),
                        ('evals', models.JSONField(blank=True, default=list, verbose_name='evaluations')),
                        ('marks', models.JSONField(blank=True, default=list, verbose_name='mistakes and blunders')),
                        ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='analysis', to='battles.game', verbose_name='game')),
                    ],
                    options={
                        'verbose_name': 'game analysis',
                        'verbose_name_plural': 'game analyses',
                        'db_table': 'battles_gameanalysis',
                        'indexes': [models.Index(fields=['state'], name='game_analysis_state')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]

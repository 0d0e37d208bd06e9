# A game between two players, moved here from `battles` (battles 0014_games_move_out) on the tables
# it always had (battles_game, battles_gamemove): only the migration state changes here, the
# database not at all.

import django.db.models.deletion
import django.db.models.functions.comparison
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('battles', '0013_army_end_said'),
        ('campaign', '0022_officer_board_news'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Game',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('siege', 'siege game'), ('field', 'field battle game'), ('pursuit', 'pursuit game')], default='siege', max_length=8, verbose_name='kind')),
                        ('board', models.PositiveSmallIntegerField(default=0, help_text='R5.3: pairing order in a team match', verbose_name='board')),
                        ('attacker_moves_first', models.BooleanField(default=True, help_text='R5.3, R6.1, R8.2: who has 先手 (red)', verbose_name='attacker moves first')),
                        ('attacker_rank', models.CharField(max_length=16, verbose_name='attacker rank')),
                        ('defender_rank', models.CharField(blank=True, max_length=12, verbose_name='defender rank')),
                        ('status', models.CharField(choices=[('called', 'called, awaiting a defender'), ('pending', 'being played'), ('decided', 'decided'), ('cancelled', 'cancelled')], default='called', max_length=10, verbose_name='status')),
                        ('result', models.CharField(blank=True, choices=[('attacker', 'attacker won'), ('defender', 'defender won'), ('draw', 'draw')], max_length=10, verbose_name='result')),
                        ('note', models.TextField(blank=True, verbose_name='note')),
                        ('record', models.TextField(blank=True, verbose_name='record')),
                        ('moves', models.JSONField(blank=True, default=list, verbose_name='moves')),
                        ('game_kind', models.CharField(default='xiangqi', max_length=8, verbose_name='game kind')),
                        ('termination', models.CharField(blank=True, max_length=24, verbose_name='termination')),
                        ('reported_at', models.DateTimeField(blank=True, null=True, verbose_name='reported at')),
                        ('claimed_result', models.CharField(blank=True, help_text='a claim awaiting the opponent (R11.3)', max_length=10, verbose_name='claimed result')),
                        ('claim_status', models.CharField(blank=True, max_length=10, verbose_name='claim status')),
                        ('favoured', models.CharField(blank=True, max_length=8, verbose_name='favoured')),
                        ('extra_moves', models.PositiveSmallIntegerField(default=0, verbose_name='extra moves')),
                        ('restricted', models.CharField(blank=True, max_length=8, verbose_name='restricted')),
                        ('attacker_agrees_off_hours', models.BooleanField(default=False, verbose_name='attacker agrees off hours')),
                        ('defender_agrees_off_hours', models.BooleanField(default=False, verbose_name='defender agrees off hours')),
                        ('called_at', models.DateTimeField(verbose_name='called at')),
                        ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='started at')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided at')),
                        ('attacker_ready', models.BooleanField(default=False, verbose_name='attacker ready')),
                        ('defender_ready', models.BooleanField(default=False, verbose_name='defender ready')),
                        ('live_since', models.DateTimeField(blank=True, null=True, verbose_name='live since')),
                        ('attacker_left_ms', models.BigIntegerField(blank=True, null=True, verbose_name='attacker time left (ms)')),
                        ('defender_left_ms', models.BigIntegerField(blank=True, null=True, verbose_name='defender time left (ms)')),
                        ('turn_since', models.DateTimeField(blank=True, null=True, verbose_name='turn since')),
                        ('draw_offered_by', models.CharField(blank=True, max_length=8, verbose_name='draw offered by')),
                        ('army', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='battles.army', verbose_name='army')),
                        ('attacker', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='campaign.officer', verbose_name='attacker')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='campaign.campaign', verbose_name='campaign')),
                        ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by')),
                        ('defender', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='campaign.officer', verbose_name='defender')),
                        ('field_battle', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='battles.fieldbattle', verbose_name='field battle')),
                        ('pursuit', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='battles.pursuit', verbose_name='pursuit')),
                        ('reported_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.officer', verbose_name='reported by')),
                        ('siege', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='battles.siege', verbose_name='siege')),
                    ],
                    options={
                        'verbose_name': 'game',
                        'verbose_name_plural': 'games',
                        'db_table': 'battles_game',
                    },
                ),
                migrations.CreateModel(
                    name='GameMove',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('ply', models.PositiveSmallIntegerField(verbose_name='ply')),
                        ('move', models.CharField(max_length=8, verbose_name='move')),
                        ('played_at', models.DateTimeField(verbose_name='played at')),
                        ('left_ms', models.BigIntegerField(verbose_name='time left (ms)')),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='live_moves', to='play.game', verbose_name='game')),
                    ],
                    options={
                        'verbose_name': 'move',
                        'verbose_name_plural': 'moves',
                        'db_table': 'battles_gamemove',
                        'ordering': ['game', 'ply'],
                    },
                ),
                migrations.AddIndex(
                    model_name='game',
                    index=models.Index(fields=['status'], name='game_status'),
                ),
                migrations.AddIndex(
                    model_name='game',
                    index=models.Index(models.F('campaign'), models.OrderBy(django.db.models.functions.comparison.Coalesce('started_at', 'called_at'), descending=True), models.OrderBy(models.F('id'), descending=True), name='game_campaign_newest'),
                ),
                migrations.AddConstraint(
                    model_name='game',
                    constraint=models.UniqueConstraint(condition=models.Q(('status__in', ['called', 'pending'])), fields=('attacker',), name='game_attacker_one_at_a_time'),
                ),
                migrations.AddConstraint(
                    model_name='game',
                    constraint=models.UniqueConstraint(condition=models.Q(('status', 'pending')), fields=('defender',), name='game_defender_one_at_a_time'),
                ),
                migrations.AddConstraint(
                    model_name='game',
                    constraint=models.CheckConstraint(condition=models.Q(('status', 'called'), ('status', 'cancelled'), ('defender__isnull', False), _connector='OR'), name='game_played_has_defender'),
                ),
                migrations.AddConstraint(
                    model_name='game',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'decided'), _negated=True), models.Q(('result', ''), _negated=True), _connector='OR'), name='game_decided_has_result'),
                ),
                migrations.AddConstraint(
                    model_name='game',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('field_battle__isnull', True), ('kind', 'siege'), ('pursuit__isnull', True), ('siege__isnull', False)), models.Q(('field_battle__isnull', False), ('kind', 'field'), ('pursuit__isnull', True), ('siege__isnull', True)), models.Q(('field_battle__isnull', True), ('kind', 'pursuit'), ('pursuit__isnull', False), ('siege__isnull', True)), _connector='OR'), name='game_belongs_to_one_battle'),
                ),
                migrations.AddConstraint(
                    model_name='gamemove',
                    constraint=models.UniqueConstraint(fields=('game', 'ply'), name='game_move_once'),
                ),
            ],
            database_operations=[],
        ),
    ]

# The ledger's model, moved here from `cities` (cities 0006_ledger_moves_to_battles) on the
# table it always had (`cities_ledgerentry`): only the migration state changes here, the
# database not at all.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('battles', '0009_admin_words'),
        ('campaign', '0011_admin_words'),
        ('cities', '0006_ledger_moves_to_battles'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='LedgerEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('field', models.CharField(choices=[('wall', 'wall'), ('morale', 'morale')], max_length=8, verbose_name='field')),
                        ('delta', models.IntegerField(verbose_name='delta')),
                        ('value_after', models.IntegerField(verbose_name='value after')),
                        ('clause', models.CharField(max_length=12, verbose_name='clause')),
                        ('cause', models.CharField(max_length=200, verbose_name='cause')),
                        ('cause_args', models.JSONField(blank=True, default=dict, verbose_name='cause args')),
                        ('key', models.CharField(max_length=120, unique=True, verbose_name='key')),
                        ('due_at', models.DateTimeField(verbose_name='due at')),
                        ('applied_at', models.DateTimeField(verbose_name='applied at')),
                        ('army', models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='ledger', to='battles.army', verbose_name='army')),
                        ('campaign', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='campaign.campaign', verbose_name='campaign')),
                        ('city', models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='ledger', to='cities.city', verbose_name='city')),
                        ('game', models.ForeignKey(blank=True, db_index=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='battles.game', verbose_name='game')),
                    ],
                    options={
                        'verbose_name': 'ledger entry',
                        'verbose_name_plural': 'ledger',
                        'db_table': 'cities_ledgerentry',
                        'indexes': [models.Index(fields=['city', 'due_at'], name='ledger_city_time'), models.Index(fields=['army', 'due_at'], name='ledger_army_time')],
                        'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('army__isnull', True), ('city__isnull', False), ('field', 'wall')), models.Q(('army__isnull', False), ('city__isnull', True), ('field', 'morale')), _connector='OR'), name='ledger_wall_of_city_morale_of_army')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]

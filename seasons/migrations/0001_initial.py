# Models moved here from `campaign` (campaign 0020_forum_delivery_and_seasons_move_out) on the
# tables they always had (campaign_*, each model's db_table): only the migration state changes
# here, the database not at all.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0020_forum_delivery_and_seasons_move_out'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Invitation',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('token_hash', models.CharField(editable=False, max_length=64, unique=True, verbose_name='token hash')),
                        ('created_at', models.DateTimeField(verbose_name='made at')),
                        ('expires_at', models.DateTimeField(verbose_name='expires at')),
                        ('max_uses', models.PositiveIntegerField(default=1, verbose_name='uses allowed')),
                        ('uses', models.PositiveIntegerField(default=0, verbose_name='uses')),
                        ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='revoked at')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='campaign.campaign', verbose_name='campaign')),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='made by')),
                        ('kingdom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='campaign.kingdom', verbose_name='kingdom')),
                    ],
                    options={
                        'verbose_name': 'invitation',
                        'verbose_name_plural': 'invitations',
                        'db_table': 'campaign_invitation',
                    },
                ),
                migrations.CreateModel(
                    name='Application',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('message', models.TextField(blank=True, max_length=2000, verbose_name='message')),
                        ('status', models.CharField(choices=[('pending', 'pending'), ('admitted', 'admitted'), ('refused', 'refused'), ('withdrawn', 'withdrawn')], default='pending', max_length=10, verbose_name='status')),
                        ('reason', models.TextField(blank=True, max_length=2000, verbose_name='reason')),
                        ('language', models.CharField(blank=True, max_length=10, verbose_name='language')),
                        ('created_at', models.DateTimeField(verbose_name='applied at')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided at')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='applications', to='campaign.campaign', verbose_name='campaign')),
                        ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by')),
                        ('kingdom', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='applications', to='campaign.kingdom', verbose_name='kingdom')),
                        ('officer', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.officer', verbose_name='officer')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='applications', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                        ('invitation', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='seasons.invitation', verbose_name='invitation')),
                    ],
                    options={
                        'verbose_name': 'application',
                        'verbose_name_plural': 'applications',
                        'db_table': 'campaign_application',
                    },
                ),
                migrations.CreateModel(
                    name='WarPause',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('started_at', models.DateTimeField(verbose_name='paused at')),
                        ('planned_until', models.DateTimeField(blank=True, null=True, verbose_name='planned until')),
                        ('ended_at', models.DateTimeField(blank=True, null=True, verbose_name='resumed at')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pauses', to='campaign.campaign', verbose_name='campaign')),
                        ('paused_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='paused by')),
                    ],
                    options={
                        'verbose_name': 'pause of the war',
                        'verbose_name_plural': 'pauses of the war',
                        'db_table': 'campaign_warpause',
                    },
                ),
                migrations.AddConstraint(
                    model_name='invitation',
                    constraint=models.CheckConstraint(condition=models.Q(('uses__lte', models.F('max_uses'))), name='invitation_uses'),
                ),
                migrations.AddConstraint(
                    model_name='application',
                    constraint=models.UniqueConstraint(condition=models.Q(('status', 'pending')), fields=('campaign', 'user'), name='application_one_pending'),
                ),
                migrations.AddConstraint(
                    model_name='warpause',
                    constraint=models.UniqueConstraint(condition=models.Q(('ended_at__isnull', True)), fields=('campaign',), name='warpause_one_open'),
                ),
            ],
            database_operations=[],
        ),
    ]

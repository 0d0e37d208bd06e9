# The API's access tokens, moved here from `campaign` (campaign 0019_accesstoken_moves_to_accounts)
# on the table they always had (`campaign_accesstoken`): only the migration state changes here,
# the database not at all.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('campaign', '0019_accesstoken_moves_to_accounts'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='AccessToken',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=60, verbose_name='name')),
                        ('scope', models.CharField(choices=[('read', 'read only'), ('act', 'read and act')], max_length=4, verbose_name='scope')),
                        ('prefix', models.CharField(max_length=12, verbose_name='prefix')),
                        ('digest', models.CharField(max_length=64, unique=True, verbose_name='digest')),
                        ('created_at', models.DateTimeField(verbose_name='created at')),
                        ('last_used_at', models.DateTimeField(blank=True, null=True, verbose_name='last used at')),
                        ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='revoked at')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='access_tokens', to=settings.AUTH_USER_MODEL, verbose_name='user')),
                    ],
                    options={
                        'verbose_name': 'access token',
                        'verbose_name_plural': 'access tokens',
                        'db_table': 'campaign_accesstoken',
                        'indexes': [models.Index(fields=['user', '-created_at'], name='token_user_newest')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]

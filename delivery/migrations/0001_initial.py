# Models moved here from `campaign` (campaign 0020_forum_delivery_and_seasons_move_out) on the
# tables they always had (campaign_*, each model's db_table): only the migration state changes
# here, the database not at all.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0020_forum_delivery_and_seasons_move_out'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='MailSubscription',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('address', models.EmailField(max_length=254, verbose_name='address')),
                        ('confirmed_at', models.DateTimeField(blank=True, null=True, verbose_name='confirmed at')),
                        ('confirm_token', models.CharField(blank=True, max_length=64, null=True, unique=True, verbose_name='confirm token')),
                        ('unsubscribe_token', models.CharField(max_length=64, unique=True, verbose_name='unsubscribe token')),
                        ('kinds', models.JSONField(blank=True, default=list, help_text='duty kinds mailed (battles/selectors/duties.py)', verbose_name='duty kinds')),
                        ('quiet_from', models.PositiveSmallIntegerField(blank=True, help_text='minutes after local midnight', null=True, verbose_name='quiet from')),
                        ('quiet_until', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='quiet until')),
                        ('digest', models.BooleanField(default=False, help_text='one mail a day instead of one per duty', verbose_name='digest')),
                        ('digest_minute', models.PositiveSmallIntegerField(default=480, help_text='when the digest goes, local time', verbose_name='digest minute')),
                        ('language', models.CharField(max_length=10, verbose_name='language')),
                        ('unsubscribed_at', models.DateTimeField(blank=True, null=True, verbose_name='unsubscribed at')),
                        ('bounced_at', models.DateTimeField(blank=True, null=True, verbose_name='bounced at')),
                        ('last_digest_on', models.DateField(blank=True, help_text='the local day of the last digest', null=True, verbose_name='last digest on')),
                        ('digest_claimed_at', models.DateTimeField(blank=True, null=True, verbose_name='digest claimed at')),
                        ('officer', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='mail', to='campaign.officer', verbose_name='officer')),
                    ],
                    options={
                        'verbose_name': 'mail subscription',
                        'verbose_name_plural': 'mail subscriptions',
                        'db_table': 'campaign_mailsubscription',
                    },
                ),
                migrations.CreateModel(
                    name='PushSubscription',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=60, verbose_name='name')),
                        ('endpoint', models.CharField(max_length=1000, verbose_name='endpoint')),
                        ('p256dh', models.CharField(help_text="the device's public key", max_length=100, verbose_name='key')),
                        ('auth', models.CharField(max_length=40, verbose_name='authentication secret')),
                        ('language', models.CharField(max_length=10, verbose_name='language')),
                        ('created_at', models.DateTimeField(verbose_name='created at')),
                        ('sent_at', models.DateTimeField(blank=True, null=True, verbose_name='last sent at')),
                        ('officer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='devices', to='campaign.officer', verbose_name='officer')),
                    ],
                    options={
                        'verbose_name': 'push subscription',
                        'verbose_name_plural': 'push subscriptions',
                        'db_table': 'campaign_pushsubscription',
                    },
                ),
                migrations.CreateModel(
                    name='PushDelivery',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('state', models.CharField(blank=True, choices=[('', 'waiting'), ('sent', 'sent'), ('skip', 'not wanted'), ('void', 'not sent: the duty was gone'), ('held', 'held for the digest'), ('digested', 'sent in a digest'), ('refused', 'refused by the push service')], default='', max_length=8, verbose_name='state')),
                        ('claimed_at', models.DateTimeField(blank=True, help_text='a delivery under way (a lease)', null=True, verbose_name='claimed at')),
                        ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='attempts')),
                        ('next_at', models.DateTimeField(help_text='not tried again before', verbose_name='next try at')),
                        ('sent_at', models.DateTimeField(blank=True, null=True, verbose_name='sent at')),
                        ('notice', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='campaign.notice', verbose_name='notice')),
                        ('subscription', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='delivery.pushsubscription', verbose_name='device')),
                    ],
                    options={
                        'verbose_name': 'push delivery',
                        'verbose_name_plural': 'push deliveries',
                        'db_table': 'campaign_pushdelivery',
                    },
                ),
                migrations.AddConstraint(
                    model_name='pushsubscription',
                    constraint=models.UniqueConstraint(fields=('officer', 'endpoint'), name='push_device_once_per_officer'),
                ),
                migrations.AddIndex(
                    model_name='pushdelivery',
                    index=models.Index(condition=models.Q(('state__in', ['', 'held'])), fields=['next_at'], name='push_delivery_waiting'),
                ),
                migrations.AddConstraint(
                    model_name='pushdelivery',
                    constraint=models.UniqueConstraint(fields=('notice', 'subscription'), name='push_once_per_device'),
                ),
            ],
            database_operations=[],
        ),
    ]

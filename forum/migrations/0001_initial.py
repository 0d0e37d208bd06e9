# Models moved here from `campaign` (campaign 0020_forum_delivery_and_seasons_move_out) on the
# tables they always had (campaign_*, each model's db_table): only the migration state changes
# here, the database not at all.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('campaign', '0020_forum_delivery_and_seasons_move_out'),
        ('cities', '0007_every_city_placed'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Board',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('city', 'city board'), ('palace', 'palace board')], max_length=8, verbose_name='kind')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='boards', to='campaign.campaign', verbose_name='campaign')),
                        ('city', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='board', to='cities.city', verbose_name='city')),
                        ('kingdom', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='palace', to='campaign.kingdom', verbose_name='kingdom')),
                    ],
                    options={
                        'verbose_name': 'board',
                        'verbose_name_plural': 'boards',
                        'db_table': 'campaign_board',
                    },
                ),
                migrations.CreateModel(
                    name='BoardModerator',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('appointed_at', models.DateTimeField(verbose_name='appointed at')),
                        ('appointed_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.officer', verbose_name='appointed by')),
                        ('board', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='moderators', to='forum.board', verbose_name='board')),
                        ('officer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='moderating', to='campaign.officer', verbose_name='officer')),
                    ],
                    options={
                        'verbose_name': 'board moderator',
                        'verbose_name_plural': 'board moderators',
                        'db_table': 'campaign_boardmoderator',
                    },
                ),
                migrations.CreateModel(
                    name='Letter',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('subject', models.CharField(max_length=120, verbose_name='subject')),
                        ('body', models.TextField(verbose_name='text')),
                        ('html', models.TextField(verbose_name='rendered text')),
                        ('sent_at', models.DateTimeField(verbose_name='sent at')),
                        ('read_at', models.DateTimeField(blank=True, null=True, verbose_name='read at')),
                        ('sender_removed', models.BooleanField(default=False, verbose_name='removed by the sender')),
                        ('recipient_removed', models.BooleanField(default=False, verbose_name='removed by the recipient')),
                        ('event_key', models.CharField(blank=True, max_length=64, null=True, unique=True, verbose_name='event key')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='campaign.campaign', verbose_name='campaign')),
                        ('recipient', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='letters_received', to='campaign.officer', verbose_name='recipient')),
                        ('reply_to', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='replies', to='forum.letter', verbose_name='in reply to')),
                        ('sender', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='letters_sent', to='campaign.officer', verbose_name='sender')),
                    ],
                    options={
                        'verbose_name': 'letter',
                        'verbose_name_plural': 'letters',
                        'db_table': 'campaign_letter',
                    },
                ),
                migrations.CreateModel(
                    name='Post',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('is_system', models.BooleanField(default=False, verbose_name='is system')),
                        ('body', models.TextField(verbose_name='text')),
                        ('html', models.TextField(verbose_name='rendered HTML')),
                        ('created_at', models.DateTimeField(verbose_name='created at')),
                        ('edited_at', models.DateTimeField(blank=True, null=True, verbose_name='edited at')),
                        ('hidden', models.BooleanField(default=False, verbose_name='hidden')),
                        ('event_key', models.CharField(blank=True, max_length=120, null=True, unique=True, verbose_name='event key')),
                        ('terms', models.TextField(default='', editable=False, verbose_name='search terms')),
                        ('comment_count', models.PositiveIntegerField(default=0, verbose_name='comment count')),
                        ('score', models.IntegerField(default=0, verbose_name='net pushes')),
                        ('author', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.officer', verbose_name='author')),
                    ],
                    options={
                        'verbose_name': 'post',
                        'verbose_name_plural': 'posts',
                        'db_table': 'campaign_post',
                    },
                ),
                migrations.CreateModel(
                    name='Comment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('push', 'push'), ('boo', 'boo'), ('arrow', '→ (a comment only)')], max_length=8, verbose_name='kind')),
                        ('text', models.CharField(max_length=100, verbose_name='text')),
                        ('created_at', models.DateTimeField(verbose_name='created at')),
                        ('hidden', models.BooleanField(default=False, verbose_name='hidden')),
                        ('author', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.officer', verbose_name='author')),
                        ('post', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='comments', to='forum.post', verbose_name='post')),
                    ],
                    options={
                        'verbose_name': 'comment',
                        'verbose_name_plural': 'comments',
                        'db_table': 'campaign_comment',
                    },
                ),
                migrations.CreateModel(
                    name='ChroniclePin',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('day', models.DateField(verbose_name='day of the war')),
                        ('pinned_at', models.DateTimeField(verbose_name='pinned at')),
                        ('campaign', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chronicle_pins', to='campaign.campaign', verbose_name='campaign')),
                        ('pinned_by', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='campaign.officer', verbose_name='pinned by')),
                        ('post', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='chronicle_pin', to='forum.post', verbose_name='post')),
                    ],
                    options={
                        'verbose_name': 'chronicle pin',
                        'verbose_name_plural': 'chronicle pins',
                        'db_table': 'campaign_chroniclepin',
                    },
                ),
                migrations.CreateModel(
                    name='Thread',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('title', models.CharField(max_length=120, verbose_name='title')),
                        ('is_system', models.BooleanField(default=False, verbose_name='is system')),
                        ('created_at', models.DateTimeField(verbose_name='created at')),
                        ('last_activity_at', models.DateTimeField(verbose_name='last activity at')),
                        ('post_count', models.PositiveIntegerField(default=0, verbose_name='post count')),
                        ('score', models.IntegerField(default=0, verbose_name='net pushes')),
                        ('author', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='campaign.officer', verbose_name='author')),
                        ('board', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='threads', to='forum.board', verbose_name='board')),
                    ],
                    options={
                        'verbose_name': 'thread',
                        'verbose_name_plural': 'threads',
                        'db_table': 'campaign_thread',
                    },
                ),
                migrations.AddField(
                    model_name='post',
                    name='thread',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='posts', to='forum.thread', verbose_name='thread'),
                ),
                migrations.CreateModel(
                    name='ThreadRead',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('read_at', models.DateTimeField(verbose_name='read at')),
                        ('officer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='campaign.officer', verbose_name='officer')),
                        ('thread', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='forum.thread', verbose_name='thread')),
                    ],
                    options={
                        'db_table': 'campaign_threadread',
                    },
                ),
                migrations.AddConstraint(
                    model_name='board',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('city__isnull', False), ('kind', 'city'), ('kingdom__isnull', True)), models.Q(('city__isnull', True), ('kind', 'palace'), ('kingdom__isnull', False)), _connector='OR'), name='board_of_city_or_palace'),
                ),
                migrations.AddConstraint(
                    model_name='boardmoderator',
                    constraint=models.UniqueConstraint(fields=('board', 'officer'), name='moderator_unique'),
                ),
                migrations.AddIndex(
                    model_name='letter',
                    index=models.Index(condition=models.Q(('recipient_removed', False)), fields=['recipient', '-sent_at'], name='letter_inbox'),
                ),
                migrations.AddIndex(
                    model_name='letter',
                    index=models.Index(condition=models.Q(('sender_removed', False)), fields=['sender', '-sent_at'], name='letter_sent'),
                ),
                migrations.AddIndex(
                    model_name='letter',
                    index=models.Index(condition=models.Q(('read_at__isnull', True), ('recipient_removed', False)), fields=['recipient'], name='letter_unread'),
                ),
                migrations.AddConstraint(
                    model_name='letter',
                    constraint=models.CheckConstraint(condition=models.Q(('sender', models.F('recipient')), _negated=True), name='letter_to_another_officer'),
                ),
                migrations.AddIndex(
                    model_name='comment',
                    index=models.Index(fields=['post', 'created_at'], name='comment_post_time'),
                ),
                migrations.AddConstraint(
                    model_name='comment',
                    constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['push', 'boo', 'arrow'])), name='comment_kind_known'),
                ),
                migrations.AddIndex(
                    model_name='thread',
                    index=models.Index(fields=['board', '-last_activity_at'], name='thread_board_activity'),
                ),
                migrations.AddIndex(
                    model_name='post',
                    index=models.Index(fields=['thread', 'created_at'], name='post_thread_time'),
                ),
                migrations.AddConstraint(
                    model_name='threadread',
                    constraint=models.UniqueConstraint(fields=('officer', 'thread'), name='thread_read_once'),
                ),
            ],
            database_operations=[],
        ),
    ]

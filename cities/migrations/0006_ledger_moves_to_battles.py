# The ledger's model moves to the war (battles 0010_ledger_from_cities), which writes it and
# whose armies and games it points at; its table, columns, indexes and constraints stay as
# they are: only the migration state changes here, the database not at all.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('cities', '0005_admin_words'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='LedgerEntry',
                ),
            ],
            database_operations=[],
        ),
    ]

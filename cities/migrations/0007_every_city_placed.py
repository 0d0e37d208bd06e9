"""Every city gets coordinates once: the cities of campaigns made before worlds were laid out
when saved (the map's pages no longer lay out)."""

from django.db import migrations

from cities.layout import placed_everywhere


def place_every_city(apps, schema_editor):
    City = apps.get_model("cities", "City")
    Road = apps.get_model("cities", "Road")
    campaigns = City.objects.filter(map_x__isnull=True).values_list("campaign_id", flat=True).distinct()
    for campaign_id in sorted(set(campaigns)):
        cities = list(City.objects.filter(campaign_id=campaign_id).order_by("position", "pk"))
        roads = list(Road.objects.filter(campaign_id=campaign_id).values_list("a_id", "b_id"))
        placed = {c.pk: (c.map_x, c.map_y) for c in cities if c.map_x is not None and c.map_y is not None}
        spots = placed_everywhere([c.pk for c in cities], roads, placed)
        for city in cities:
            city.map_x, city.map_y = spots[city.pk]
        City.objects.bulk_update(cities, ["map_x", "map_y"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("cities", "0006_ledger_moves_to_battles")]

    operations = [migrations.RunPython(place_every_city, migrations.RunPython.noop)]

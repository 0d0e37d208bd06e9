"""A seek found by its id, 404 otherwise: for the pages and the API."""

from django.shortcuts import get_object_or_404

from room.models import Seek


def seek(seek_id: int) -> Seek:
    return get_object_or_404(Seek.objects.select_related("owner"), pk=seek_id)

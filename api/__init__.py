"""The public JSON API for bots and tools, mounted under /api/v1/: django-ninja over the same services,
selectors and authority checks as the pages. An edge on top of every layer, like the views."""

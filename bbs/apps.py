from django.apps import AppConfig


class BbsConfig(AppConfig):
    name = "bbs"
    verbose_name = "BBS (SSH terminal)"
    default_auto_field = "django.db.models.BigAutoField"

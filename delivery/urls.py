"""The delivery's pages: an officer's mail settings and devices under /c/<slug>/, and the unsubscribe
link. config/urls.py mounts them."""

from django.urls import include, path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from delivery.views import mail, push

campaign_urls = [
    path("mail/settings/", mail.mail_settings, name="mail-settings"),
    path("mail/confirm/", mail.mail_confirm_action, name="mail-confirm"),
    path("mail/confirm/<str:token>/", mail.mail_confirm_page, name="mail-confirm-page"),
    path("push/devices/", push.push_device_add, name="push-device-add"),
    path("push/devices/<id:device_id>/rename/", push.push_device_rename, name="push-device-rename"),
    path("push/devices/<id:device_id>/remove/", push.push_device_remove, name="push-device-remove"),
]

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", mail.mail_unsubscribe_page, name="mail-unsubscribe"),
    path("c/<slug:slug>/", include(campaign_urls)),
]

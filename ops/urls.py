"""The operators' pages and the health check for load balancers and supervisors."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from ops import views

urlpatterns = [
    path("ops/", views.ops_page, name="ops"),
    path("healthz", views.healthz, name="healthz"),
    path("ops/apply-due/", views.ops_apply_due, name="ops-apply-due"),
    path("ops/timers/<id:timer_id>/retry/", views.ops_retry, name="ops-retry"),
]

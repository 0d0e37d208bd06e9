"""Setting a season up and running it: organising (a new campaign, its settings, organisers, world, the
next season), joining (applications, invitations), the season's life (enrolment, start, pauses, the
end). config/urls.py mounts them."""

from django.urls import include, path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from seasons.views import joining, organise, organise_world, season, seasons

campaign_urls = [
    path("join/", joining.join_page, name="join"),
    path("join/apply/", joining.application_submit, name="application-submit"),
    path("join/applications/<id:application_id>/withdraw/", joining.application_withdraw, name="application-withdraw"),
    path("join/<str:secret>/", joining.invitation_page, name="invitation"),
    path("join/<str:secret>/follow/", joining.invitation_follow, name="invitation-follow"),
    path("organise/season/", season.season_page, name="organise-season"),
    path("organise/season/enrolment/", season.season_open_enrolment, name="season-open-enrolment"),
    path("organise/season/start/", season.season_start_set, name="season-start-set"),
    path("organise/season/start-now/", season.season_start_now, name="season-start-now"),
    path("organise/season/pause/", season.season_pause, name="season-pause"),
    path("organise/season/resume/", season.season_resume, name="season-resume"),
    path("organise/season/end-instant/", season.season_end_set, name="season-end-set"),
    path("organise/season/end/", season.season_end_now, name="season-end"),
    path("organise/", organise.organise_hub_page, name="organise-hub"),
    path("organise/settings/", organise.organise_settings, name="organise-settings"),
    path("organise/settings/save/", organise.organise_settings_save, name="organise-settings-save"),
    path("organise/organisers/", organise.organise_organiser_add, name="organise-organiser-add"),
    path(
        "organise/organisers/<id:user_id>/remove/", organise.organise_organiser_remove, name="organise-organiser-remove"
    ),
    path("organise/world/", organise_world.organise_world, name="organise-world"),
    path("organise/world/upload/", organise_world.organise_world_upload, name="organise-world-upload"),
    path("organise/world/kingdoms/", organise_world.organise_kingdom_add, name="organise-kingdom-add"),
    path(
        "organise/world/kingdoms/<id:kingdom_id>/",
        organise_world.organise_kingdom_update,
        name="organise-kingdom-update",
    ),
    path(
        "organise/world/kingdoms/<id:kingdom_id>/remove/",
        organise_world.organise_kingdom_remove,
        name="organise-kingdom-remove",
    ),
    path("organise/world/cities/", organise_world.organise_city_add, name="organise-city-add"),
    path("organise/world/cities/<id:city_id>/", organise_world.organise_city_update, name="organise-city-update"),
    path(
        "organise/world/cities/<id:city_id>/remove/", organise_world.organise_city_remove, name="organise-city-remove"
    ),
    path("organise/world/cities/<id:city_id>/place/", organise_world.organise_city_place, name="organise-city-place"),
    path("organise/world/roads/", organise_world.organise_road_add, name="organise-road-add"),
    path("organise/world/roads/<id:road_id>/remove/", organise_world.organise_road_remove, name="organise-road-remove"),
    path("organise/next-season/", seasons.next_season_page, name="organise-next-season"),
    path("organise/next-season/make/", seasons.next_season_make, name="season-next"),
]

urlpatterns = [
    path("organise/", organise.organise_page, name="organise"),
    path("organise/ask/", organise.organise_ask, name="organise-ask"),
    path("organise/new/", organise.organise_new, name="organise-new"),
    path("organise/new/create/", organise.organise_create, name="organise-create"),
    path("organise/new/upload/", organise.organise_upload, name="organise-upload"),
    path("c/<slug:slug>/", include(campaign_urls)),
]

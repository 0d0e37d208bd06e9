"""What officers and kings order, under /c/<slug>/: moves, personnel (governors, moderators,
promotions), kingdoms (a king, the crown handed on, leaving, admitting applicants, invitations).
config/urls.py mounts them."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from orders.views import kingdoms, moves, personnel

# Under /c/<slug>/ (config/urls.py).
urlpatterns = [
    path("moves/", moves.moves_page, name="moves"),
    path("moves/request/", moves.move_request, name="move-request"),
    path("moves/order/", moves.move_order, name="move-order"),
    path("moves/<id:move_id>/approve/", moves.move_approve, name="move-approve"),
    path("moves/<id:move_id>/reject/", moves.move_reject, name="move-reject"),
    path("moves/<id:move_id>/cancel/", moves.move_cancel, name="move-cancel"),
    path("personnel/", personnel.personnel_page, name="personnel"),
    path("personnel/cities/<id:city_id>/governor/", personnel.governor_appoint, name="governor-appoint"),
    path("personnel/boards/<id:board_id>/moderators/", personnel.moderator_appoint, name="moderator-appoint"),
    path("personnel/moderators/<id:moderator_id>/remove/", personnel.moderator_remove, name="moderator-remove"),
    path("personnel/promotions/", personnel.promotion_recommend, name="promotion-recommend"),
    path("personnel/promotions/<id:promotion_id>/", personnel.promotion_decide, name="promotion-decide"),
    path("kingdoms/", kingdoms.kingdoms_page, name="kingdoms"),
    path("kingdoms/crown/", kingdoms.crown_hand_on, name="crown-hand-on"),
    path("kingdoms/leave/", kingdoms.officer_leave, name="officer-leave"),
    path("kingdoms/<id:kingdom_id>/", kingdoms.kingdom_page, name="kingdom"),
    path("kingdoms/<id:kingdom_id>/king/", kingdoms.king_appoint, name="king-appoint"),
    path("kingdoms/<id:kingdom_id>/invitations/", kingdoms.invitation_new, name="invitation-new"),
    path("invitations/<id:invitation_id>/revoke/", kingdoms.invitation_revoke, name="invitation-revoke"),
    path("applications/<id:application_id>/admit/", kingdoms.officer_admit, name="officer-admit"),
    path("applications/<id:application_id>/refuse/", kingdoms.application_refuse, name="application-refuse"),
]

"""Kingdom admins in the Django admin: they see their own kingdom's private rows only."""

from django.urls import reverse

from orders.services.moves import move_request
from orders.services.personnel import promotion_recommend


def test_r1_2_king_sees_own_palace_and_officers_not_another_kingdoms(world, client):
    promotion_recommend(actor=world["關羽"], officer=world["黃忠"], stars=18, title="")  # 蜀's palace
    promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=13, title="")  # 魏's palace
    client.force_login(world["曹操"].user)
    threads = client.get(reverse("admin:forum_thread_changelist")).content.decode()
    assert "郭嘉" in threads and "黃忠" not in threads
    officers = client.get(reverse("admin:campaign_officer_changelist")).content.decode()
    assert "荀彧" in officers and "諸葛亮" not in officers


def test_the_admin_is_read_only_for_kings(world, client):
    move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    client.force_login(world["曹操"].user)
    officer = world["郭嘉"]
    response = client.post(reverse("admin:campaign_officer_change", args=[officer.pk]), {"name": "x"})
    assert response.status_code == 403
    assert world["郭嘉"].name == "郭嘉"
    assert client.get(reverse("admin:campaign_timer_changelist")).status_code == 403


def test_officers_without_a_post_have_no_admin(world, client):
    client.force_login(world["郭嘉"].user)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302 and "login" in response["Location"]


def test_even_a_site_admin_edits_no_war_state_in_the_admin(world, client):
    """Owners, kings, capitals, walls, governors, stars, whereabouts, moderators and hidden posts
    change only through the services on the site (their rules: R2.3–R2.5, R10.1, R10.5)."""
    from django.contrib import admin

    from campaign.models import Kingdom, Officer
    from cities.models import City, Road
    from forum.models import Board, Post

    protected = {
        City: {"kingdom", "kind", "wall", "wall_max", "wall_start", "governor"},
        Kingdom: {"king", "capital", "status"},
        Officer: {"stars", "title", "kind", "kingdom", "whereabouts", "city", "army", "captor"},
    }
    root = type("Root", (), {"user": type("U", (), {"is_superuser": True, "is_active": True, "is_staff": True})()})
    for model, fields in protected.items():
        assert fields <= set(admin.site._registry[model].get_readonly_fields(root)), model
    board_admin = admin.site._registry[Board]
    moderators = next(i for i in board_admin.inlines if i.model.__name__ == "BoardModerator")(Board, admin.site)
    assert not moderators.has_add_permission(root) and not moderators.has_delete_permission(root)
    thread_admin = admin.site._registry[Post.thread.field.related_model]
    posts = next(i for i in thread_admin.inlines if i.model is Post)(Post.thread.field.related_model, admin.site)
    assert "hidden" in posts.readonly_fields
    assert not admin.site._registry[Road].has_change_permission(root)

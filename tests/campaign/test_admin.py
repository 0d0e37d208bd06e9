"""Kingdom admins in the Django admin: they see their own kingdom's private rows only."""

from django.urls import reverse

from campaign.services.moves import move_request
from campaign.services.personnel import promotion_recommend


def test_r1_2_king_sees_own_palace_and_officers_not_another_kingdoms(world, client):
    promotion_recommend(actor=world["關羽"], officer=world["黃忠"], stars=18, title="")  # 蜀's palace
    promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=13, title="")  # 魏's palace
    client.force_login(world["曹操"].user)
    threads = client.get(reverse("admin:campaign_thread_changelist")).content.decode()
    assert "郭嘉" in threads and "黃忠" not in threads
    officers = client.get(reverse("admin:campaign_officer_changelist")).content.decode()
    assert "荀彧" in officers and "諸葛亮" not in officers


def test_r2_1_admin_is_read_only_for_kings(world, client):
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

"""The matrix's rows for the campaign's actions: boards, moves, personnel, the operators' page,
tokens, feeds and mail."""

from datetime import timedelta

from campaign.models import Timer
from campaign.timers import timer_schedule
from forum.models import BoardModerator
from forum.services.boards import post_reply, thread_create
from orders.services.moves import move_request
from orders.services.personnel import promotion_recommend
from tests.authorization.cases import Case, allow, refuse


def palace_thread(world, clock):
    board = world["曹操"].kingdom.palace
    thread = thread_create(actor=world["荀彧"], board=board, title="軍議", body="出兵漢中")
    return Case(
        [board.pk],
        {"title": "再議", "body": "糧草"},
        {"other": refuse("孫權"), "same": allow("王粲"), "right": allow("荀彧")},
        extra={"thread": thread},
    )


def thread_new(world, clock):
    return palace_thread(world, clock)


def reply_new(world, clock):
    case = palace_thread(world, clock)
    case.args = [case.extra["thread"].pk]
    case.data = {"body": "附議"}
    return case


def post_moderate(world, clock):
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = post_reply(actor=world["郭嘉"], thread=thread, body="再獻一策")
    return Case(
        [post.pk],
        {"hidden": "1"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


def post_edit_case(world, clock):
    """Only the author edits a post: not the board's governor, not another of the kingdom."""
    thread = thread_create(actor=world["郭嘉"], board=world.city("洛陽").board, title="獻策", body="奇謀")
    post = post_reply(actor=world["郭嘉"], thread=thread, body="再獻一策")
    return Case(
        [post.pk],
        {"body": "改獻一策"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("曹仁"), "right": allow("郭嘉")},
    )


def move_request_case(world, clock):
    destination = world.city("許昌")
    return Case([], {"destination": destination.pk}, {"right": allow("郭嘉")})


def move_order(world, clock):
    data = {"officer": world["郭嘉"].pk, "destination": world.city("許昌").pk}
    return Case(
        [],
        data,
        {
            "other": refuse("孫權"),
            "same": refuse("荀彧"),
            "party": refuse("曹仁", {"officer": world["曹仁"].pk, "destination": world.city("許昌").pk}),
            "right": allow("曹仁"),
        },
    )


def requested_move(world, clock):
    move = move_request(actor=world["郭嘉"], destination=world.city("許昌"))
    world.online("曹仁", "夏侯惇")
    return move


def move_approve(world, clock):
    move = requested_move(world, clock)
    return Case(
        [move.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


def move_reject(world, clock):
    return move_approve(world, clock)


def move_cancel(world, clock):
    move = requested_move(world, clock)
    return Case(
        [move.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("曹仁"), "right": allow("郭嘉")},
    )


def governor_appoint(world, clock):
    return Case(
        [world.city("洛陽").pk],
        {"officer": world["郭嘉"].pk},
        {"other": refuse("孫權"), "same": refuse("曹仁"), "party": refuse("郭嘉"), "right": allow("曹操")},
    )


def moderator_appoint(world, clock):
    return Case(
        [world.city("洛陽").board.pk],
        {"officer": world["荀彧"].pk},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("荀彧"), "right": allow("曹仁")},
    )


def moderator_remove(world, clock):
    moderator = BoardModerator.objects.get(officer=world["荀彧"])
    return Case([moderator.pk], {}, {"other": refuse("孫權"), "same": refuse("王粲"), "right": allow("夏侯惇")})


def promotion_recommend_case(world, clock):
    return Case(
        [],
        {"officer": world["郭嘉"].pk, "stars": "13", "title": "軍師"},
        {"other": refuse("孫權"), "same": refuse("王粲"), "party": refuse("郭嘉"), "right": allow("曹仁")},
    )


def promotion_decide(world, clock):
    promotion = promotion_recommend(actor=world["曹仁"], officer=world["郭嘉"], stars=13, title="軍師")
    return Case(
        [promotion.pk],
        {"approve": "1"},
        {"other": refuse("孫權"), "same": refuse("曹仁"), "party": refuse("郭嘉"), "right": allow("曹操")},
    )


def due_timer(world, key: str) -> Timer:
    """A timer of a kind no handler knows: applying it fails and is recorded (R7.5)."""
    from campaign import clock as site_clock

    return timer_schedule(
        campaign=world.campaign,
        key=key,
        kind="no.such.kind",
        object_id=1,
        due_at=site_clock.now() - timedelta(seconds=1),
    )


def ops_apply_due(world, clock):
    due_timer(world, "test:due")
    return Case(
        [], {}, {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("superuser")}, campaign_url=False
    )


def ops_retry(world, clock):
    timer = due_timer(world, "test:aside")
    Timer.objects.filter(pk=timer.pk).update(status=Timer.Status.FAILED, attempts=5, last_error="boom")
    return Case(
        [timer.pk],
        {},
        {"other": refuse("孫權"), "same": refuse("郭嘉"), "right": allow("superuser")},
        campaign_url=False,
    )


def token_new(world, clock):
    """Anyone logged in makes their own API tokens."""
    return Case([], {"name": "bot", "scope": "act"}, {"right": allow("郭嘉")}, campaign_url=False)


def token_revoke(world, clock):
    """Only its owner revokes a token."""
    from accounts.services import token_create

    token, _text = token_create(user=world["郭嘉"].user, name="bot", scope="read")
    return Case(
        [token.pk], {}, {"other": refuse("孫權"), "same": refuse("荀彧"), "right": allow("郭嘉")}, campaign_url=False
    )


def feed_renew(world, clock):
    """Anyone with an officer makes their own feed address; there is nobody else's to make."""
    return Case([], {}, {"right": allow("郭嘉"), "other": refuse("superuser")})


def board_news(world, clock):
    """Anyone with an officer shows or hides the war's news in their own board lists (R1.3)."""
    return Case([], {"news": "0"}, {"right": allow("郭嘉"), "other": refuse("superuser")})


def mail_settings(world, clock):
    """Anyone with an officer sets their own mail; there is nobody else's to set."""
    return Case(
        [], {"address": "guo@example.org", "kinds": ["call"]}, {"right": allow("郭嘉"), "other": refuse("superuser")}
    )


def mail_confirm(world, clock):
    """The confirmation link is the officer's own: another officer following it is refused."""
    from delivery.services.mail import mail_settings_save

    officer = world["郭嘉"]
    saved = mail_settings_save(actor=officer, officer=officer, address="guo@example.org", kinds=["call"])
    return Case([], {"token": saved.confirm_token}, {"right": allow("郭嘉"), "other": refuse("孫權")})

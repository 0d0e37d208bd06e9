"""The authorization matrix: every action that accepts POST, by the name of its URL, with its
row; the roles that try each; who acts as a role; and the war's state, to see that a refused try
changed nothing."""

from django.apps import apps
from django.contrib.auth import get_user_model

from tests.authorization.bbs_acts import BBS_ROWS
from tests.authorization.campaign_acts import (
    board_news,
    feed_renew,
    governor_appoint,
    mail_confirm,
    mail_settings,
    moderator_appoint,
    moderator_remove,
    move_approve,
    move_cancel,
    move_order,
    move_reject,
    move_request_case,
    ops_apply_due,
    ops_retry,
    post_edit_case,
    post_moderate,
    promotion_decide,
    promotion_recommend_case,
    reply_new,
    thread_new,
    token_new,
    token_revoke,
)
from tests.authorization.cases import Case
from tests.authorization.comment_acts import COMMENT_ROWS
from tests.authorization.joining_acts import (
    NEWCOMER,
    application_refuse_case,
    application_submit_case,
    application_withdraw,
    crown_hand_on_case,
    invitation_follow_case,
    invitation_new,
    invitation_revoke,
    king_appoint_case,
    newcomer_user,
    officer_admit_case,
    officer_leave_case,
)
from tests.authorization.letters_acts import LETTERS_ROWS
from tests.authorization.organise_acts import ORGANISE_ROWS
from tests.authorization.push_acts import PUSH_ROWS
from tests.authorization.room_acts import ROOM_ROWS
from tests.authorization.season_acts import (
    season_end,
    season_end_set,
    season_open_enrolment,
    season_pause,
    season_resume,
    season_start_now,
    season_start_set,
)
from tests.authorization.standings_acts import post_pin, season_next
from tests.authorization.tactics_acts import TACTICS_ROWS
from tests.authorization.war_acts import (
    banqi_act,
    battle_advance,
    battle_choose,
    call_answer,
    call_new,
    game_agree,
    game_claim,
    game_report_case,
    march_new,
    pursuit_new,
    ransom_decide,
    reinforce_new,
    result_enter,
    retreat,
    retreat_money,
    roster_edit,
    sortie_new,
    stratagem_answer,
    stratagem_new,
)

MATRIX = {
    "token-new": token_new,
    "token-revoke": token_revoke,
    "feed-renew": feed_renew,
    "board-news": board_news,
    "mail-settings": mail_settings,
    "mail-confirm": mail_confirm,
    "thread-new": thread_new,
    "reply-new": reply_new,
    "post-moderate": post_moderate,
    "post-edit": post_edit_case,
    "move-request": move_request_case,
    "move-order": move_order,
    "move-approve": move_approve,
    "move-reject": move_reject,
    "move-cancel": move_cancel,
    "governor-appoint": governor_appoint,
    "moderator-appoint": moderator_appoint,
    "moderator-remove": moderator_remove,
    "promotion-recommend": promotion_recommend_case,
    "promotion-decide": promotion_decide,
    "march-new": march_new,
    "ransom-decide": ransom_decide,
    "call-new": call_new,
    "call-answer": call_answer,
    "roster-edit": roster_edit,
    "retreat": retreat,
    "retreat-money": retreat_money,
    "stratagem-new": stratagem_new,
    "stratagem-answer": stratagem_answer,
    "banqi-act": banqi_act,
    "game-report": game_report_case,
    "game-claim": game_claim,
    "game-agree": game_agree,
    "result-enter": result_enter,
    "sortie-new": sortie_new,
    "battle-choose": battle_choose,
    "battle-advance": battle_advance,
    "pursuit-new": pursuit_new,
    "reinforce-new": reinforce_new,
    "ops-apply-due": ops_apply_due,
    "ops-retry": ops_retry,
    "application-submit": application_submit_case,
    "application-withdraw": application_withdraw,
    "invitation-follow": invitation_follow_case,
    "invitation-new": invitation_new,
    "invitation-revoke": invitation_revoke,
    "officer-admit": officer_admit_case,
    "application-refuse": application_refuse_case,
    "king-appoint": king_appoint_case,
    "crown-hand-on": crown_hand_on_case,
    "officer-leave": officer_leave_case,
    "season-open-enrolment": season_open_enrolment,
    "season-start-set": season_start_set,
    "season-start-now": season_start_now,
    "season-pause": season_pause,
    "season-resume": season_resume,
    "season-end-set": season_end_set,
    "season-end": season_end,
    "post-pin": post_pin,
    "season-next": season_next,
}
MATRIX.update(ORGANISE_ROWS)  # the organisers' actions (tests/authorization/organise_acts.py)
MATRIX.update(PUSH_ROWS)  # the devices with notifications on (tests/authorization/push_acts.py)
MATRIX.update(COMMENT_ROWS)  # 推/噓/→ under posts (tests/authorization/comment_acts.py)
MATRIX.update(LETTERS_ROWS)  # letters between officers (tests/authorization/letters_acts.py)
MATRIX.update(BBS_ROWS)  # the terminal's SSH keys (tests/authorization/bbs_acts.py)
MATRIX.update(TACTICS_ROWS)  # hero tactics challenges and their answers (tests/authorization/tactics_acts.py)
MATRIX.update(ROOM_ROWS)  # the game room's seeks and challenges (tests/authorization/room_acts.py)


ROLES = ("anonymous", "other", "same", "party", "right")


def acting(world, case: Case, role: str):
    """Who tries as `role` (None: the anonymous visitor, or a role this action does not have),
    whether the rules allow it, and the data they send; they are online (R2.6)."""
    if role == "anonymous" or role not in case.roles:
        return None, False, case.data
    who, allowed, override = case.roles[role]
    if who == "superuser":
        user = get_user_model().objects.create_superuser("root", password="a-long-root-password")
    elif who == NEWCOMER:  # a user with no officer: the applicant
        user = newcomer_user()
    else:
        user = world[who].user
        world.online(who)
    return user, allowed, override or case.data


def snapshot() -> dict:
    """Every row of the war's tables (presence, sessions and log-in records change on any visit)."""
    skip = {"presence", "session", "accessattempt", "accesslog", "accessfailurelog", "logentry"}
    ours = {
        "campaign",
        "forum",
        "delivery",
        "seasons",
        "orders",
        "analysis",
        "live",
        "accounts",
        "cities",
        "play",
        "battles",
        "tactics",
        "friendly",
        "room",
        "bbs",
    }
    state = {}
    for model in apps.get_models(include_auto_created=True):  # (a campaign's organisers are a many-to-many)
        if model._meta.app_label in ours and model._meta.model_name not in skip:
            rows = list(model.objects.order_by("pk").values())
            for row in rows:
                row.pop("last_used_at", None)  # an access token's, written by any API call
            state[model._meta.label] = rows
    return state

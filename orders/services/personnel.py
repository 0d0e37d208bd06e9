"""Posts and promotions (RULES.md §2): governors, board moderators, stars and titles."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from campaign import announcements as texts
from campaign import clock
from campaign.authority import is_king, require_campaign_open
from campaign.errors import NotAllowed, RuleViolation
from campaign.models import Officer, OfficerKind, Promotion, Whereabouts
from campaign.rules.personnel import MAX_BOARD_MODERATORS, valid_stars
from campaign.services.notices import duties_recount, notices_send
from campaign.text_refusals import checked_text
from cities.models import City
from forum.models import Board, BoardModerator
from forum.services.boards import post_system


def _announce(board: Board, key: str, title: str, body: str = "") -> None:
    post_system(board=board, title=title, body=body or title, at=clock.now(), event_key=key)


class VacateUnconfirmed(RuleViolation):
    """An appointment that would vacate the appointee's other post, asked without the word that
    it may (`confirm_vacate`): refused, naming that post, so that the page asks and the API says
    what to send (409, like a state its author has not seen)."""

    status_code = 409

    def __init__(self, message: str, *, vacated: City) -> None:
        super().__init__("R2.4", message)
        self.vacated = vacated


@transaction.atomic
def governor_appoint(*, actor: Officer, city: City, officer: Officer | None, confirm_vacate: bool = False) -> City:
    """R2.4: the king names (or replaces, or with None removes) a city's governor 太守.
    The post does not change the holder's stars. An officer governs one city: appointing one
    who governs another vacates it, only with `confirm_vacate` (else refused, naming the city),
    and that city's board and the palace are told it has no governor now."""
    require_campaign_open(actor.campaign)
    city = (
        City.objects.select_for_update(no_key=True, of=("self",))
        .select_related("kingdom__palace", "board", "governor")
        .get(pk=city.pk)
    )
    if not is_king(actor, city.kingdom):
        raise NotAllowed(
            "R2.4",
            _("Only the king of %(kingdom)s appoints the governor of %(city)s.")
            % {"kingdom": city.kingdom, "city": city.name},
        )
    if officer is not None:
        if officer.kingdom_id != city.kingdom_id:
            raise RuleViolation(
                "R2.4",
                _("%(name)s is not an officer of %(kingdom)s.") % {"name": officer.name, "kingdom": city.kingdom},
            )
        if officer.whereabouts == Whereabouts.PRISONER:
            raise RuleViolation("R10.6", _("%(name)s is a prisoner.") % {"name": officer.name})
        # Two appointments of one officer to two cities at once: the officer's row lock makes
        # the second wait and then move the post (an officer governs one city).
        Officer.objects.select_for_update(no_key=True).filter(pk=officer.pk).first()
        held = City.objects.select_related("board").filter(governor=officer).exclude(pk=city.pk).first()
        if held is not None:
            if not confirm_vacate:
                raise VacateUnconfirmed(
                    _(
                        "%(name)s governs %(held)s: appointed governor of %(city)s, they leave %(held)s without "
                        "a governor. Confirm that %(held)s is vacated to appoint them."
                    )
                    % {"name": officer.name, "held": held.name, "city": city.name},
                    vacated=held,
                )
            _governor_vacate(held, officer, to=city)
    previous = city.governor
    city.governor = officer
    try:
        with transaction.atomic():
            city.save(update_fields=["governor"])
    except IntegrityError:
        assert officer is not None  # only an appointment clashes with another city's governor
        raise RuleViolation(
            "R2.4", _("%(name)s was just appointed to another city; try again.") % {"name": officer.name}
        ) from None
    assert city.kingdom is not None  # its king appoints, checked above
    title, body = texts.governor_appointed(city, officer, previous)
    stamp = clock.now().timestamp()
    for board in (city.board, city.kingdom.palace):
        _announce(board, f"governor:{city.pk}:{stamp}:{board.pk}", title, body)
    return city


def _governor_vacate(city: City, officer: Officer, *, to: City) -> None:
    """The post `officer` leaves for `to`: `city` has no governor now, said on its board and the
    palace's."""
    City.objects.filter(pk=city.pk).update(governor=None)
    title, body = texts.governor_vacated(city, officer, to)
    stamp = clock.now().timestamp()
    assert to.kingdom is not None  # its king appoints
    for board in (city.board, to.kingdom.palace):
        _announce(board, f"governor:{city.pk}:{stamp}:{board.pk}", title, body)


def _may_appoint_moderators(actor: Officer, board: Board) -> bool:
    if board.kind == Board.Kind.PALACE:
        return is_king(actor, board.kingdom)
    assert board.city is not None  # board_of_city_or_palace: a city board has its city
    return is_king(actor, board.city.kingdom) or board.city.governor_id == actor.pk


@transaction.atomic
def moderator_appoint(*, actor: Officer, board: Board, officer: Officer) -> BoardModerator:
    """R2.5: the king or the governor appoints one or two administrator civil officers."""
    require_campaign_open(actor.campaign)
    board = (
        Board.objects.select_for_update(no_key=True, of=("self",))
        .select_related("city__kingdom", "kingdom")
        .get(pk=board.pk)
    )
    if not _may_appoint_moderators(actor, board):
        raise NotAllowed("R2.5", _("Only the king or the city's governor appoints this board's moderators."))
    if board.kind == Board.Kind.PALACE:
        kingdom_id = board.kingdom_id
    else:
        assert board.city is not None  # board_of_city_or_palace: a city board has its city
        kingdom_id = board.city.kingdom_id
    if officer.kind != OfficerKind.ADMINISTRATOR or officer.kingdom_id != kingdom_id:
        raise RuleViolation("R2.5", _("Moderators are administrator civil officers of the kingdom."))
    if board.moderators.filter(officer=officer).exists():
        raise RuleViolation("R2.5", _("%(name)s already moderates this board.") % {"name": officer.name})
    if board.moderators.count() >= MAX_BOARD_MODERATORS:
        raise RuleViolation(
            "R2.5", _("A board has at most %(n)d moderators besides its governor.") % {"n": MAX_BOARD_MODERATORS}
        )
    moderator = BoardModerator.objects.create(
        board=board, officer=officer, appointed_by=actor, appointed_at=clock.now()
    )
    _announce(board, f"moderator:{moderator.pk}:appoint", *texts.moderator_appointed(officer))
    return moderator


@transaction.atomic
def moderator_remove(*, actor: Officer, moderator: BoardModerator) -> None:
    require_campaign_open(actor.campaign)
    if not _may_appoint_moderators(actor, moderator.board):
        raise NotAllowed("R2.5", _("Only the king or the city's governor appoints this board's moderators."))
    BoardModerator.objects.filter(pk=moderator.pk).delete()


def _check_new_rank(officer: Officer, stars: int, title: str) -> None:
    if not valid_stars(stars):
        raise RuleViolation("R1.5", _("A star level is between 1 and 25."))
    if stars == officer.stars and title == officer.title:
        raise RuleViolation("R2.3", _("That is already %(name)s's rank.") % {"name": officer.name})


def _apply_promotion(promotion: Promotion, king: Officer) -> None:
    now = clock.now()
    promotion.status, promotion.decided_by, promotion.decided_at = Promotion.Status.APPROVED, king, now
    promotion.save(update_fields=["status", "decided_by", "decided_at"])
    Officer.objects.filter(pk=promotion.officer_id).update(stars=promotion.stars, title=promotion.title)
    officer = promotion.officer
    assert officer.kingdom is not None  # the king of the officer's kingdom decides, checked by the callers
    title, body = texts.promotion_decided(promotion)
    _announce(officer.kingdom.palace, f"promotion:{promotion.pk}:decided", title, body)


@transaction.atomic
def promotion_recommend(*, actor: Officer, officer: Officer, stars: int, title: str) -> Promotion:
    """R2.3: the governor of the officer's city recommends; the king decides on the palace
    board (R2.2). A king's recommendation is a decision."""
    require_campaign_open(actor.campaign)
    officer = (
        Officer.objects.select_for_update(no_key=True, of=("self",))
        .select_related("city", "kingdom__palace")
        .get(pk=officer.pk)
    )
    king = is_king(actor, officer.kingdom)
    if not king and not (
        officer.city is not None and officer.city.governor_id == actor.pk and actor.kingdom_id == officer.kingdom_id
    ):
        raise NotAllowed(
            "R2.3", _("Only the governor of %(name)s's city recommends a promotion.") % {"name": officer.name}
        )
    checked_text(title, field=pgettext("an officer's title", "title"), clause="R1.5", max_length=50, multiline=False)
    _check_new_rank(officer, stars, title)
    if Promotion.objects.filter(officer=officer, status=Promotion.Status.PENDING).exists():
        raise RuleViolation("R2.3", _("A promotion of %(name)s already awaits the king.") % {"name": officer.name})
    promotion = Promotion.objects.create(
        campaign=officer.campaign,
        officer=officer,
        stars=stars,
        title=title,
        previous_stars=officer.stars,
        previous_title=officer.title,
        recommended_by=actor,
        created_at=clock.now(),
    )
    if king:
        _apply_promotion(promotion, actor)
        return promotion
    assert officer.kingdom is not None  # the governor who recommends is of the officer's kingdom
    _announce(
        officer.kingdom.palace,
        f"promotion:{promotion.pk}:recommended",
        *texts.promotion_recommended(actor, officer, stars),
    )
    king_id = officer.kingdom.king_id if officer.kingdom else None
    notices_send(campaign_id=officer.campaign_id, officer_ids=[king_id], key=f"promotion:{promotion.pk}:recommend")
    return promotion


@transaction.atomic
def promotion_decide(*, actor: Officer, promotion: Promotion, approve: bool) -> Promotion:
    require_campaign_open(actor.campaign)
    promotion = (
        Promotion.objects.select_for_update(no_key=True, of=("self",))
        .select_related("officer__kingdom__palace")
        .get(pk=promotion.pk)
    )
    if not is_king(actor, promotion.officer.kingdom):
        raise NotAllowed("R2.3", _("Only the king decides promotions."))
    if promotion.status != Promotion.Status.PENDING:
        raise RuleViolation("R2.3", _("This promotion has already been decided."))
    if approve:
        _apply_promotion(promotion, actor)
    else:
        promotion.status, promotion.decided_by, promotion.decided_at = Promotion.Status.REJECTED, actor, clock.now()
        promotion.save(update_fields=["status", "decided_by", "decided_at"])
    duties_recount(key=f"promotion:{promotion.pk}:recommend")
    return promotion

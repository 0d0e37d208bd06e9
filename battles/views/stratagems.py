"""Stratagems (§9): the challenge form, answers, and the dark-chess board (R11.7)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from battles.games.banqi import FILES, RANKS, layout_hash
from battles.models import BanqiGame, Stratagem
from battles.services import stratagems as services
from campaign import clock
from campaign.authority import officer_online
from campaign.models import Officer, OfficerKind, Whereabouts
from campaign.views.common import campaign_action, campaign_page, require_officer
from campaign.views.forms import posted_object

NAMES = {
    "K": "帥",
    "A": "仕",
    "E": "相",
    "R": "俥",
    "H": "傌",
    "C": "炮",
    "P": "兵",
    "k": "將",
    "a": "士",
    "e": "象",
    "r": "車",
    "h": "馬",
    "c": "包",
    "p": "卒",
}


@login_required
@campaign_page
def stratagems_page(request, campaign):
    officer = require_officer(request)
    now = clock.now()
    targets = [
        o
        for o in Officer.objects.filter(campaign=campaign, kind=OfficerKind.GENERAL, whereabouts=Whereabouts.CITY)
        .exclude(kingdom=officer.kingdom)
        .exclude(kingdom__isnull=True)
        .select_related("user__presence", "campaign", "kingdom", "city")
        if officer_online(o, now)
    ]
    mine = (
        Stratagem.objects.filter(Q(schemer=officer) | Q(target=officer) | Q(substitute=officer))
        .select_related("schemer", "target", "substitute", "player", "beneficiary")
        .order_by("-challenged_at")[:30]
    )
    return render(
        request,
        "battles/stratagems.html",
        {
            "campaign": campaign,
            "officer": officer,
            "targets": targets,
            "stratagems": mine,
            "now": now,
            "generals": Officer.objects.filter(kingdom=officer.kingdom, kind=OfficerKind.GENERAL),
            "civil": Officer.objects.filter(kingdom=officer.kingdom).exclude(kind=OfficerKind.GENERAL),
            "kinds": Stratagem.Kind.choices,
            "may_scheme": officer.kind != OfficerKind.GENERAL,
        },
    )


@campaign_action
def stratagem_new(request, campaign):
    actor = require_officer(request)
    target = posted_object(request.POST, "target", Officer.objects.filter(campaign=campaign), "R9.1")
    beneficiary = None
    if request.POST.get("beneficiary"):
        beneficiary = posted_object(request.POST, "beneficiary", Officer.objects.filter(campaign=campaign), "R9.2")
    services.stratagem_challenge(actor=actor, target=target, kind=request.POST.get("kind", ""), beneficiary=beneficiary)
    messages.success(request, _("The challenge is posted; the general has 10 minutes to take it."))
    return redirect("stratagems", slug=campaign.slug)


@campaign_action
def stratagem_answer(request, campaign, stratagem_id):
    actor = require_officer(request)
    stratagem = get_object_or_404(Stratagem, pk=stratagem_id, campaign=campaign)
    if request.POST.get("substitute"):
        substitute = posted_object(request.POST, "substitute", Officer.objects.filter(campaign=campaign), "R9.3")
        services.stratagem_name_substitute(actor=actor, stratagem=stratagem, substitute=substitute)
        return redirect("stratagems", slug=campaign.slug)
    stratagem = services.stratagem_accept(actor=actor, stratagem=stratagem)
    return redirect("banqi", slug=campaign.slug, game_id=stratagem.banqi_id)


def _board_context(game: BanqiGame) -> dict:
    engine = services.replay(game)
    rows = []
    for rank in reversed(RANKS):
        row = []
        for file in FILES:
            square = engine.board[RANKS.index(rank) * 8 + FILES.index(file)]
            row.append(
                {
                    "name": file + rank,
                    "up": square.up,
                    "piece": square.piece if square.up else None,
                    "char": NAMES.get(square.piece, "") if square.up else "",
                    "empty": square.piece is None,
                    "red": bool(square.piece and square.piece.isupper()),
                }
            )
        rows.append(row)
    over = bool(game.result)
    return {
        "game": game,
        "rows": rows,
        "turn": engine.turn,
        "colours": engine.colours,
        "over": over,
        "layout": "".join(game.layout) if over else None,
        "verified": over and layout_hash(game.layout, game.salt) == game.layout_hash,
    }


@campaign_page
def banqi_page(request, campaign, game_id):
    game = get_object_or_404(BanqiGame.objects.select_related("first", "second"), pk=game_id, campaign=campaign)
    context = {"campaign": campaign, **_board_context(game)}
    template = "battles/_banqi_board.html" if request.htmx else "battles/banqi.html"
    return render(request, template, context)


@campaign_action
def banqi_action(request, campaign, game_id):
    actor = require_officer(request)
    game = get_object_or_404(BanqiGame, pk=game_id, campaign=campaign)
    services.banqi_act(actor=actor, game=game, action=request.POST.get("action", "").strip())
    return redirect("banqi", slug=campaign.slug, game_id=game.pk)

"""What a refused dark-chess action says (R11.7): the pure rules give the reason as a code with
the squares and pieces concerned; this puts it in the reader's language, so that the player
learns what is wrong (not their turn, not their piece, a rank too high, a cannon without its
one screen …) and not only that the action was refused."""

from django.utils.translation import gettext_lazy as _

from games.banqi import BanqiError

REASONS = {
    "turn": _("It is not your turn."),
    "over": _("This game is over."),
    "revealed": _("The piece on %(from)s is already face up: flip a face-down piece, or act with one of yours."),
    "flip_empty": _("There is no piece on %(from)s to flip."),
    "unreadable": _("Write a flip as b3, a move as b3-b4 and a capture as b3xb1."),
    "empty": _("There is no piece on %(from)s."),
    "face_down": _("The piece on %(from)s is face down: flip it first (write %(from)s), then it may move."),
    "not_yours": _("The %(piece)s on %(from)s is not yours: you move only pieces of your colour."),
    "occupied": _("%(to)s is taken: a move goes to an empty square; a capture is written %(from)sx%(to)s."),
    "one_step": _("A piece moves or captures one square along a row or a column: %(from)s to %(to)s is not."),
    "capture_empty": _("There is nothing on %(to)s to capture: a move to an empty square is written %(from)s-%(to)s."),
    "capture_face_down": _("The piece on %(to)s is face down: only a face-up piece can be captured."),
    "own_piece": _("The %(target)s on %(to)s is your own piece."),
    "cannon_adjacent": _("A cannon does not capture the piece next to it: it jumps exactly one piece to take one."),
    "cannon_screen": _(
        "A cannon captures only by jumping exactly one piece (face up or down) along a row or a column:"
        " from %(from)s to %(to)s it does not."
    ),
    "general_soldier": _("The general cannot capture a soldier (a soldier can capture the general)."),
    "rank": _(
        "The %(piece)s cannot capture the %(target)s: a piece captures only one of equal or lower rank"
        " (帥/將 > 仕/士 > 相/象 > 俥/車 > 傌/馬 > 炮/包 > 兵/卒)."
    ),
}


def banqi_refusal(exc: BanqiError) -> str:
    """The refusal's words for the reader, with its squares and pieces filled in."""
    reason = REASONS.get(exc.code)
    if reason is None:
        return str(_("That action is not legal now."))
    return str(reason) % exc.detail

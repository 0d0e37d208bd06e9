"""The websocket of a hero tactics game's page (`ws/tactics/<id>/`): any signed-in account may
follow a game; its two players send their picks, deployment, actions and resignation here, each
passed to the services with the version they saw (compare-and-set: T18.3). On every change the
group `tactics.<id>` is told (tactics/fanout.py) and each follower reads its own view again
(tactics/selectors.py): a reader is never sent another's secrets (T2.3, T2.5, T18.1). A refusal is
the services' message, in the reader's language, and changes nothing."""

import json

from django.utils import translation
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from campaign.sockets import CLOSE_UNKNOWN, MAX_FRAME, LiveConsumer, database_sync_to_async, reader_language
from tactics.board_reads import tactics_legal_costed, tactics_preview, tactics_roll_steps
from tactics.fanout import group
from tactics.models import TacticsGame
from tactics.selectors import tactics_view
from tactics.services.clock import tactics_settled
from tactics.services.play import tactics_act, tactics_resign
from tactics.services.setup import tactics_deploy, tactics_pick

CLOSE_SIGNED_OUT = 4403  # only signed-in accounts follow a game
# A fast player's page sends more than a xiangqi page: an attack or a skill is two frames (its
# preview, then the act), and a move, a turn begun and a turn ended are one each. 60 frames in
# FLOOD_SECONDS (campaign/sockets.py) lets anyone play as fast as they can click; a flood still closes.
TACTICS_FLOOD_FRAMES = 60
ACTIONS = ("state", "preview", "act", "picks", "deploy", "resign")


def _version(frame: dict) -> int | None:
    value = frame.get("version")
    return value if type(value) is int else None


class TacticsConsumer(LiveConsumer):
    flood_frames = TACTICS_FLOOD_FRAMES

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user")
        self.language = reader_language(self.scope)
        if not await database_sync_to_async(TacticsGame.objects.filter(pk=self.game_id).exists)():
            await self.close(code=CLOSE_UNKNOWN)  # as every socket of the site with an id that names nothing
            return
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_SIGNED_OUT)
            return
        self.joined = True
        await self.channel_layer.group_add(group(self.game_id), self.channel_name)
        await self.accept()
        await self._send_view()

    async def disconnect(self, code):
        if hasattr(self, "joined"):
            await self.channel_layer.group_discard(group(self.game_id), self.channel_name)

    async def tactics_changed(self, event):
        await self._send_view()

    async def receive(self, text_data=None, bytes_data=None):
        with translation.override(self.language):
            try:
                frame = json.loads(text_data) if text_data and len(text_data) <= MAX_FRAME * 4 else None
            except ValueError:
                frame = None
            if not isinstance(frame, dict) or frame.get("action") not in ACTIONS:
                await self._send({"type": "refused", "clause": "", "message": _("Unknown action.")})
                return
        if frame["action"] == "state":
            await self._send_view()
            return
        answer = await database_sync_to_async(self._act)(frame)
        if answer is not None:
            await self._send(answer)

    def _act(self, frame: dict) -> dict | None:
        """The frame through the services (a preview through its read): the refusal or the
        preview to send back, or None when a change was made (the fan-out tells everyone)."""
        user, game_id, version = self.user, self.game_id, _version(frame)
        with translation.override(self.language):
            try:
                if frame["action"] == "preview":
                    game = tactics_settled(TacticsGame.objects.get(pk=game_id))
                    return {
                        "type": "preview",
                        "action": frame.get("act"),
                        **tactics_preview(game, user, frame.get("act")),
                    }
                if frame["action"] == "act":
                    if version is None:
                        raise RuleViolation("T18.3", _("Send the game's version with your action."))
                    tactics_act(user=user, game_id=game_id, action=frame.get("act"), expected_version=version)
                elif frame["action"] == "picks":
                    picks = {"heroes": frame.get("heroes")}
                    tactics_pick(user=user, game_id=game_id, picks=picks, expected_version=version)
                elif frame["action"] == "deploy":
                    tactics_deploy(user=user, game_id=game_id, cells=frame.get("cells"), expected_version=version)
                else:
                    tactics_resign(user=user, game_id=game_id)
            except RuleViolation as refused:
                return {"type": "refused", "clause": refused.clause, "message": refused.refusal}
        return None

    def _read(self) -> dict:
        game = tactics_settled(TacticsGame.objects.select_related("challenger", "opponent").get(pk=self.game_id))
        with translation.override(self.language):
            return {
                "type": "view",
                "view": tactics_view(game, self.user),
                "legal": tactics_legal_costed(game, self.user),
                "roll_steps": tactics_roll_steps(game),  # the action each roll served
            }

    async def _send_view(self) -> None:
        await self._send(await database_sync_to_async(self._read)())

    async def _send(self, message: dict) -> None:
        await self.send(text_data=json.dumps(message, ensure_ascii=False))

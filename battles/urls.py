from django.urls import path

from battles.views import army, games, siege, stratagems, war

urlpatterns = [
    path("war/", war.war_page, name="war"),
    path("war/march/", war.march_new, name="march-new"),
    path("prisoners/", war.prisoners_page, name="prisoners"),
    path("prisoners/<int:ransom_id>/", war.ransom_decide, name="ransom-decide"),
    path("sieges/<int:siege_id>/", siege.siege_page, name="siege"),
    path("sieges/<int:siege_id>/calls/", siege.call_new, name="call-new"),
    path("sieges/<int:siege_id>/games/<int:game_id>/answer/", siege.call_answer, name="call-answer"),
    path("stratagems/", stratagems.stratagems_page, name="stratagems"),
    path("stratagems/new/", stratagems.stratagem_new, name="stratagem-new"),
    path("stratagems/<int:stratagem_id>/answer/", stratagems.stratagem_answer, name="stratagem-answer"),
    path("banqi/<int:game_id>/", stratagems.banqi_page, name="banqi"),
    path("banqi/<int:game_id>/act/", stratagems.banqi_action, name="banqi-act"),
    path("games/", games.games_list, name="games"),
    path("games/<int:game_id>/", games.game_page, name="game"),
    path("games/<int:game_id>/report/", games.game_report_view, name="game-report"),
    path("games/<int:game_id>/claim/", games.game_claim_view, name="game-claim"),
    path("games/<int:game_id>/agree/", games.game_agree_view, name="game-agree"),
    path("games/<int:game_id>/pgn/", games.game_pgn, name="game-pgn"),
    path("games/<int:game_id>/result/", army.result_enter, name="result-enter"),
    path("armies/<int:army_id>/", army.army_page, name="army"),
    path("armies/<int:army_id>/sortie/", army.sortie_new, name="sortie-new"),
    path("armies/<int:army_id>/battle/choose/", army.battle_choose, name="battle-choose"),
    path("armies/<int:army_id>/battle/advance/", army.battle_advance, name="battle-advance"),
    path("armies/<int:army_id>/pursuit/", army.pursuit_new, name="pursuit-new"),
    path("armies/<int:army_id>/reinforce/", army.reinforce_new, name="reinforce-new"),
    path("sieges/<int:siege_id>/roster/", siege.roster_edit, name="roster-edit"),
    path("sieges/<int:siege_id>/retreat/", siege.retreat, name="retreat"),
    path("sieges/<int:siege_id>/retreat-money/", siege.retreat_money, name="retreat-money"),
]

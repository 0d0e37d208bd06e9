"""The war's pages under /c/<slug>/ (mounted by config/urls.py after the campaign's): duties,
officers, the war, prisoners, sieges, stratagems, armies (and a game's result entered by its
battle's authority). The games' own pages are play's (play/urls.py). The dashboard and the map are
the dashboard app's, the standings, the calendar and the archive the record's."""

from django.urls import path

from battles.views import army, duties, officers, siege, stratagems, war
from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)

urlpatterns = [
    path("duties/", duties.duties_page, name="duties"),
    path("officers/<id:officer_id>/", officers.officer_page, name="officer"),
    path("war/", war.war_page, name="war"),
    path("war/march/", war.march_new, name="march-new"),
    path("war/march/preview/", war.march_preview, name="march-preview"),
    path("prisoners/", war.prisoners_page, name="prisoners"),
    path("prisoners/<id:ransom_id>/", war.ransom_decide, name="ransom-decide"),
    path("sieges/<id:siege_id>/", siege.siege_page, name="siege"),
    path("sieges/<id:siege_id>/calls/", siege.call_new, name="call-new"),
    path("sieges/<id:siege_id>/games/<id:game_id>/answer/", siege.call_answer, name="call-answer"),
    path("stratagems/", stratagems.stratagems_page, name="stratagems"),
    path("stratagems/new/", stratagems.stratagem_new, name="stratagem-new"),
    path("stratagems/<id:stratagem_id>/answer/", stratagems.stratagem_answer, name="stratagem-answer"),
    path("banqi/<id:game_id>/", stratagems.banqi_page, name="banqi"),
    path("banqi/<id:game_id>/act/", stratagems.banqi_action, name="banqi-act"),
    path("games/<id:game_id>/result/", army.result_enter, name="result-enter"),
    path("armies/<id:army_id>/", army.army_page, name="army"),
    path("armies/<id:army_id>/sortie/", army.sortie_new, name="sortie-new"),
    path("armies/<id:army_id>/battle/choose/", army.battle_choose, name="battle-choose"),
    path("armies/<id:army_id>/battle/advance/", army.battle_advance, name="battle-advance"),
    path("armies/<id:army_id>/pursuit/", army.pursuit_new, name="pursuit-new"),
    path("armies/<id:army_id>/reinforce/", army.reinforce_new, name="reinforce-new"),
    path("armies/<id:army_id>/reinforce/preview/", army.reinforce_preview, name="reinforce-preview"),
    path("sieges/<id:siege_id>/roster/", siege.roster_edit, name="roster-edit"),
    path("sieges/<id:siege_id>/retreat/", siege.retreat, name="retreat"),
    path("sieges/<id:siege_id>/retreat-money/", siege.retreat_money, name="retreat-money"),
]

"""The demo campaign: the Three Kingdoms 魏, 蜀, 吳 around a ring of roads.

Capitals (800), buffer cities where two kingdoms touch (500), frontier cities (300);
29 officers of every kind and star range, each kingdom with its king, governors and
administrator moderators.
"""

from typing import Any

DEMO_SLUG = "three-kingdoms"
DEMO_PASSWORD = "siege-demo-2026"

CITIES = [
    ("許昌", "魏", "capital"),
    ("洛陽", "魏", "frontier"),
    ("長安", "魏", "buffer"),
    ("合肥", "魏", "buffer"),
    ("成都", "蜀", "capital"),
    ("江州", "蜀", "frontier"),
    ("漢中", "蜀", "buffer"),
    ("永安", "蜀", "buffer"),
    ("建業", "吳", "capital"),
    ("柴桑", "吳", "frontier"),
    ("江陵", "吳", "buffer"),
    ("濡須", "吳", "buffer"),
]

# Where each city lies (east longitude, north latitude, made into map units: x grows east,
# y grows south), so that the demo's map looks like the land it is set in.
LONGITUDE_LATITUDE = {
    "許昌": (113.8, 34.0),
    "洛陽": (112.4, 34.6),
    "長安": (108.9, 34.3),
    "合肥": (117.3, 31.8),
    "成都": (104.1, 30.7),
    "江州": (106.5, 29.6),
    "漢中": (107.0, 33.1),
    "永安": (109.5, 31.0),
    "建業": (118.8, 32.1),
    "柴桑": (116.0, 29.7),
    "江陵": (112.2, 30.3),
    "濡須": (118.0, 30.9),
}
PLACES = {
    name: {"x": round(lon * 100), "y": round((40 - lat) * 100)} for name, (lon, lat) in LONGITUDE_LATITUDE.items()
}

ROADS = [
    ("許昌", "洛陽"),
    ("洛陽", "長安"),
    ("許昌", "合肥"),
    ("長安", "漢中"),  # 長安–漢中: 魏/蜀 border
    ("漢中", "成都"),
    ("成都", "江州"),
    ("江州", "永安"),
    ("永安", "江陵"),  # 永安–江陵: 蜀/吳 border
    ("江陵", "柴桑"),
    ("柴桑", "建業"),
    ("建業", "濡須"),
    ("濡須", "合肥"),  # 濡須–合肥: 吳/魏 border
]

# username, name, kingdom, stars, kind, city, title, extras
OFFICERS: list[tuple[str, str, str, int, str, str, str, dict[str, Any]]] = [
    ("caocao", "曹操", "魏", 25, "general", "許昌", "魏王", {"king": True}),
    ("simayi", "司馬懿", "魏", 22, "strategist", "許昌", "太尉", {}),
    ("xiahoudun", "夏侯惇", "魏", 21, "general", "許昌", "大將軍", {"governs": "許昌"}),
    ("caoren", "曹仁", "魏", 18, "general", "洛陽", "征南將軍", {"governs": "洛陽"}),
    ("xuhuang", "徐晃", "魏", 16, "general", "長安", "右將軍", {"governs": "長安"}),
    ("zhangliao", "張遼", "魏", 19, "general", "合肥", "前將軍", {"governs": "合肥"}),
    ("xunyu", "荀彧", "魏", 14, "administrator", "許昌", "尚書令", {"moderates": ["許昌"]}),
    ("chenqun", "陳群", "魏", 11, "administrator", "合肥", "侍中", {"moderates": ["合肥"]}),
    ("wangcan", "王粲", "魏", 8, "historian", "許昌", "侍中", {}),
    ("guojia", "郭嘉", "魏", 12, "strategist", "洛陽", "軍師祭酒", {}),
    ("xuchu", "許褚", "魏", 9, "general", "長安", "虎賁", {}),
    ("liubei", "劉備", "蜀", 25, "general", "成都", "漢中王", {"king": True}),
    ("zhugeliang", "諸葛亮", "蜀", 24, "strategist", "成都", "丞相", {"governs": "成都"}),
    ("guanyu", "關羽", "蜀", 23, "general", "江州", "前將軍", {"governs": "江州"}),
    ("zhangfei", "張飛", "蜀", 20, "general", "漢中", "車騎將軍", {"governs": "漢中"}),
    ("zhaoyun", "趙雲", "蜀", 19, "general", "永安", "翊軍將軍", {"governs": "永安"}),
    ("fazheng", "法正", "蜀", 13, "administrator", "成都", "尚書令", {"moderates": ["成都"]}),
    ("maliang", "馬良", "蜀", 10, "administrator", "永安", "侍中", {"moderates": ["永安"]}),
    ("qiaozhou", "譙周", "蜀", 6, "historian", "成都", "勸學從事", {}),
    ("weiyan", "魏延", "蜀", 15, "general", "漢中", "牙門將軍", {}),
    ("huangzhong", "黃忠", "蜀", 17, "general", "江州", "後將軍", {}),
    ("sunquan", "孫權", "吳", 25, "general", "建業", "吳王", {"king": True}),
    ("zhouyu", "周瑜", "吳", 23, "general", "柴桑", "大都督", {"governs": "柴桑"}),
    ("lusu", "魯肅", "吳", 18, "administrator", "建業", "贊軍校尉", {"governs": "建業", "moderates": ["建業"]}),
    ("lvmeng", "呂蒙", "吳", 17, "general", "濡須", "虎威將軍", {"governs": "濡須"}),
    ("ganning", "甘寧", "吳", 15, "general", "江陵", "折衝將軍", {"governs": "江陵"}),
    ("zhangzhao", "張昭", "吳", 12, "administrator", "江陵", "輔吳將軍", {"moderates": ["江陵"]}),
    ("weizhao", "韋昭", "吳", 5, "historian", "建業", "太史令", {}),
    ("kanze", "闞澤", "吳", 9, "strategist", "柴桑", "中書令", {}),
]


def demo_spec() -> dict:
    return {
        "name": "三國攻城戰 · 第一季",
        "slug": DEMO_SLUG,
        "password": DEMO_PASSWORD,
        "kingdoms": [
            {"name": "魏", "colour": "#2f5d9e", "capital": "許昌"},
            {"name": "蜀", "colour": "#2e8b57", "capital": "成都"},
            {"name": "吳", "colour": "#b8402f", "capital": "建業"},
        ],
        "cities": [{"name": n, "kingdom": k, "kind": kind, **PLACES[n]} for n, k, kind in CITIES],
        "roads": list(ROADS),
        "officers": [
            {"username": u, "name": n, "kingdom": k, "stars": s, "kind": kind, "city": c, "title": t, **extra}
            for u, n, k, s, kind, c, t, extra in OFFICERS
        ],
    }


def demo_usernames() -> list[str]:
    return [username for username, *_ in OFFICERS]

"""The words the rules search knows, per language: what to drop, what to merge, the games' names.

Plain data for :mod:`.questions`. Every entry is folded (lower case, no accents, see
``questions.fold``) when it is read, so it may be written as people spell it. The languages are
the app's: en it ro ko nb cs vi de.

- ``STOP_WORDS``: the words around a question that say nothing about the rule asked: question
  words ("how many", "kolik", "wie viele"), pronouns, articles, auxiliaries ("need", "braucht",
  "can", "zum", "beim").
- ``PHRASES``: what players say for the book's words ("throw away" = discard, "put down" =
  meld, "opening" = first meld, "rauskommen" = Erstauslage). Applied to questions and book
  alike, longest first, so both sides say the book's word.
- ``SYNONYMS``: single words, the same way.
- ``GAME_NAMES``: every game's names and aliases in every language and script, beside the
  names the book itself gives (the variant's name and aliases, rendered in each language).
"""

from __future__ import annotations

STOP_WORDS: dict[str, str] = {
    "en": """a an the and or but of to in on at by for with from is are be been being was were
        am do does did done doing can could may might must shall should will would i me my mine
        myself you your yours we our us they them their he him she her it its his who whom
        whose what which when where why how if then than that this these those there here any
        some all no not yes so as up out about into over have has had
        having one's ones need needs needed allowed allow able let lets okay ok really actually
        just still also too very much many does anyone someone somebody something anything
        guy guys friend friends mate buddy people player's we're i'm it's that's what's
        there's don't doesn't isn't aren't can't cannot won't didn't im dont cant whats
        before after again else ever every each other another""",
    "it": """il lo la i gli le un uno una un' di a da in con su per tra fra e ed o ma se che chi
        cosa come quando dove perche perché posso puoi puo può possiamo potete io tu lui lei
        noi voi loro mio mia miei mie tuo tua tuoi suo sua suoi del dello della dei degli
        delle al allo alla ai agli alle dal dallo dalla dai dagli dalle nel nello nella nei
        negli nelle sul sullo sulla sui sugli sulle non si ci mi ti vi ne è e sono sei siamo
        siete ha hanno ho hai abbiamo avete l dell all dall nell sull c qual quale quali
        quanto quanta quanti quante serve servono bisogna devo deve devono devi dobbiamo
        quindi allora anche ancora gia già poi mai sempre molto tanto proprio vero ok
        essere avere fare fa faccio fanno""",
    "ro": """un o unei unui si și sau dar de la in în pe cu din pentru ca că ce cine cand când
        unde cum pot poti poți poate putem puteti puteți pot eu tu el ea noi voi ei ele meu
        mea mei mele tau tău ta sau său sa să al a ale este e esti ești sunt suntem nu se ma
        mă imi îmi iti îți ii îi il îl le ne va vă am ai au are avem aveti aveți cat cât cata
        câtă cati câți cate câte trebuie trebui care fie daca dacă atunci deja tot toti toți
        toate mai foarte doar chiar inca încă asa așa acest aceasta acesta acel aceea ok
        tocmai voie""",
    "nb": """en ei et den det de og eller men av til i pa på med for fra som hva hvem nar når
        hvor hvordan hvorfor hvilken hvilket hvilke kan kunne jeg du han hun vi dere min mitt
        mine din ditt dine sin sitt sine er var ikke seg meg deg oss dem man må ma skal
        skulle vil ville bli blir ble har hadde mye mange noe noen alle selv da sa så om ja
        nei bare ogsa også enda allerede litt veldig ha""",
    "cs": """a i o u v ve na do z ze s se k ke po pro za od ale nebo co kdo kdy kde jak jaky
        jaký jaka jaká jake jaké muzu můžu muze může mohu muzeme můžeme muzete můžete mam mám
        ma má mame máme mate máte maji mají je jsou byt být jsem jsi jsme jste ja já ty on ona
        ono my vy oni muj můj moje moji mé sve své svou svuj svůj si ne tak kolik kolika
        proc proč musim musím musi musí musime musíme musite musíte smim smím smi smí lze
        jestli jestlize jestliže kdyz když pak uz už jeste ještě taky take také jen tedy
        ten ta to ti ty tu toho tom tomu tim tím mi mne mně me mě nam nám vam vám jim jej
        ho mu bych by abych aby nic nikdo neco něco nejaky nějaký nejakou nějakou mit mít""",
    "de": """der die das den dem des ein eine einen einem einer eines und oder aber von vom zu
        zum zur in im an am auf mit fur für aus bei beim nach ist sind bin bist war waren
        wird werden wer was wann wo wie warum weshalb welche welcher welches kann kannst
        konnen können darf darfst durfen dürfen muss musst mussen müssen soll sollen ich du
        er sie es wir ihr mein meine meinen meiner meinem dein deine sein seine ihre nicht
        sich mir mich dir dich uns man viel viele wieviel wieviele braucht brauche brauchen
        schon noch auch nur denn doch mal ja nein gibt gilt eigentlich überhaupt uberhaupt
        jemand jeder jede jedes etwas was's da dann wenn ob also kriegt kriegen krieg""",
    # Vietnamese small words keep their tones: folded, "là" (is) would be "lá" (a card).
    "vi": """tôi bạn có thể không là và hay của cho với trong trên ở thì ai gì nào khi đâu
        như được mình em anh chị ta chúng này đó một các những mấy bao nhiêu phải vậy sao hả
        à nhỉ ơi rồi chưa cũng đã sẽ đang mọi""",
    "ko": """나 내 제 저 너 그 이 것 수 있나요 있어요 있습니까 되나요 돼요 누가 무엇 뭐 언제 어디 어떻게 왜
        몇 얼마 얼마나 어느 무슨 해요 하나요 해야 해야해요 돼 되 되요 그럼 그러면 근데 그런데 혹시 꼭
        있으면 없으면 하면 같아요 인가요 이에요 예요 에요 건가요 거예요 거에요 나요 까요 할까요""",
}

# Multi-word phrases and word forms players use, with the book's word for each: applied
# longest first, on folded text, to questions and book texts alike.
PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "play to": "target", "playing to": "target", "up to how many": "target",
        "throw away": "discard", "throw out": "discard", "get rid of": "discard",
        "put down": "meld", "lay down": "meld", "laid down": "meld", "putting down": "meld",
        "opening meld": "first meld", "opening": "first meld", "open": "first meld",
        "initial meld": "first meld", "go down": "meld", "went down": "meld",
        "pick up": "draw", "picked up": "draw", "take": "draw", "took": "draw",
        "go out": "going out", "goes out": "going out", "went out": "going out",
        "finish": "going out", "close out": "going out",
        "how low": "limit", "low enough": "limit", "below zero": "negative",
        "minus": "negative", "less than zero": "negative", "wrap around": "around the corner",
        "wraparound": "around the corner", "turn the corner": "around the corner",
        "go around": "around the corner", "go round": "around the corner",
        "three of a kind": "set", "four of a kind": "set", "trips": "set",
        "sequence": "run", "straight": "run", "combo": "meld", "combination": "meld",
        "first player": "plays first", "goes first": "plays first", "starts": "plays first",
        "unmatched": "deadwood", "left over": "deadwood", "leftover": "deadwood",
        "points in hand": "deadwood", "tie": "same", "tied": "same", "equal": "same",
        "even": "same", "wild card": "joker", "wildcard": "joker",
        "whole hand": "all cards", "at once": "once", "knocker": "knock",
        "decks": "packs", "deck": "pack",
        "knocker's": "knock", "same card": "one card", "a set and a run": "two melds",
    },
    "cs": {
        "do kolika bodu": "cil bodu", "do kolika": "cil",
        "pravou kartu": "prirozenou kartu", "pravou": "prirozenou", "pravy": "prirozeny",
        "klepal": "zaklepal", "klepe": "zaklepal", "klepnul": "zaklepal", "klepat": "klepani",
                "prilozit": "prikladat", "prilozim": "prikladat", "prilozil": "prikladat",
        "rozdava": "rozdava", "rozdavaji": "rozdava", "rozdat": "rozdava",
        "stejne bodu": "stejny soucet", "stejny pocet bodu": "stejny soucet",
        "zustane v ruce": "v ruce", "zbyde": "zustane",
        "odhazovaciho balicku": "odhazovaci balicek", "ze stredu": "z prostredka",
        "pod nulu": "zaporne", "do minusu": "zaporne", "minus": "zaporne",
        "trojice": "skupina", "postupce": "postupka", "cizi": "ostatnich hracu",
        "zadnou kombinaci": "bez kombinace", "ani jednu kombinaci": "bez kombinace",
        "zacina": "hraje prvni", "zacne": "hraje prvni",
    },
    "de": {
        "bis wie viel": "ziel", "bis wieviel": "ziel", "bis zu wie viel": "ziel",
        "rauskommen": "erstauslage", "rausgehen": "ausmachen", "ersten auslegen": "erstauslage",
        "erstes auslegen": "erstauslage", "erste auslage": "erstauslage",
        "erstmeldung": "erstauslage", "auslage": "kombination", "ablegen": "abwerfen",
        "wegwerfen": "abwerfen", "klopfer": "wer klopft", "geklopft": "klopft",
        "dame konig ass": "q-k-a", "konig ass zwei": "k-a-2", "ass zwei drei": "a-2-3",
        "auf der hand": "in der hand", "ubrig": "in der hand", "bleibt": "in der hand",
        "wenigsten": "niedrigste", "meisten": "hochste", "weniger als null": "negativ",
        "unter null": "negativ", "minus": "negativ", "runden": "runde", "fertig": "endet",
        "vorbei": "endet", "aus ist": "endet", "extra": "bonus", "zusatzlich": "bonus",
        "gleich viele punkte": "gleich viel", "gleichstand": "gleich viel",
        "reihe": "folge", "strasse": "folge", "drilling": "satz", "anfangen": "spielt zuerst",
        "fangt an": "spielt zuerst",
    },
    "it": {
        "fino a quanti punti": "punteggio obiettivo", "a quanti punti si": "punteggio obiettivo si",
        "aprire": "apertura", "apro": "apertura", "aperto": "apertura", "apre": "apertura",
        "prima calata": "apertura", "chiudere": "chiusura", "chiude": "chiusura",
        "chiudo": "chiusura", "scartare": "scarto", "scarto": "scarto",
        "punti in mano": "carte spaiate", "stessi punti": "stesso punteggio",
        "sotto zero": "negativo", "meno di zero": "negativo", "sequenza": "scala",
        "rimasto in mano": "in mano", "rimasta in mano": "in mano", "resta in mano": "in mano",
        "girare": "gira", "inizia": "gioca per primo", "comincia": "gioca per primo",
        "carte uguali": "carte identiche", "due carte uguali": "carte identiche",
        "a testa": "ciascuno", "si danno": "riceve", "chi chiude": "vincitore",
        "uguali": "identiche",
    },
    "ro": {
        "pana la cate puncte": "tinta puncte", "pana la cate": "tinta",
        "am aruncat-o": "aruncare", "aruncat-o": "aruncare", "aruncat": "aruncare",
        "strig": "striga", "strigi": "striga", "bate": "bataie", "batut": "bataie",
        "a batut": "bataie", "lipeasca": "lipire", "lipesc": "lipire", "lipi": "lipire",
        "etalare": "etalare", "etalez": "etalare", "face gin": "gin", "faci gin": "gin",
        "primeste": "primeste", "primesti": "primeste", "valoreaza": "valoare",
        "rams in mana": "in mana", "ramas in mana": "in mana", "aceleasi puncte": "egalitate",
        "acelasi numar de puncte": "egalitate", "nicio formatie": "fara formatie",
        "nu are nicio formatie": "fara formatie", "se termina": "sfarsit",
        "incepe": "joaca primul",
    },
    "nb": {
        "spiller vi til": "mal", "spiller til": "mal", "spille til": "mal",
        "legge pa": "legge til", "lagt ut": "utlegg", "legge ut": "utlegg",
        "forste utlegget": "forste utlegg", "kaste": "kast", "kastet": "kast",
        "banket": "banker", "banke": "banker", "like mye": "likt", "like mange": "likt",
        "rundt hjornet": "rundt hjornet", "runder": "runder", "begynner": "spiller forst",
        "starter": "spiller forst", "igjen pa handen": "pa handen",
        "blir igjen": "igjen", "esset": "ess",
    },
    "ko": {
        "몇 점까지": "목표 점수",
        "나눠줘요": "받아요", "나눠 줘요": "받아요", "나눠줘": "받아", "나눠": "받아",
        "마이너스": "0보다 낮을", "음수": "0보다 낮을", "같으면": "같으면 동점",
        "남으면": "남은", "버려야": "버리기", "시작해요": "먼저", "먼저 해요": "먼저",
        "첫 멜드": "첫 등록", "오프닝": "첫 등록",
    },
    "vi": {
        "choi den bao nhieu diem": "moc diem", "den bao nhieu diem": "moc diem",
        "chia may la": "chia la", "may la": "la", "bang diem": "bang tong",
        "xep tren": "xep cao hon", "danh truoc": "mo dau", "di truoc": "mo dau",
        "an bai": "an", "bi phat": "phat", "an cua": "an", "het van": "het",
        "may van": "so van", "bao nhieu van": "so van", "thi het": "ket thuc",
        "tinh bao nhieu diem": "tinh", "trong rac": "rac", "la rac": "rac",
        "gui bai": "gui", "o luot cuoi": "luot cuoi",
    },
}  # fmt: skip

# Number words, cardinal and ordinal: each becomes its digits.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {
        **dict.fromkeys(["one", "first"], 1), **dict.fromkeys(["two", "second"], 2),
        **dict.fromkeys(["three", "third"], 3), **dict.fromkeys(["four", "fourth"], 4),
        **dict.fromkeys(["five", "fifth"], 5), **dict.fromkeys(["six", "sixth"], 6),
        **dict.fromkeys(["seven", "seventh"], 7), **dict.fromkeys(["eight", "eighth"], 8),
        **dict.fromkeys(["nine", "ninth"], 9), **dict.fromkeys(["ten", "tenth"], 10),
        **dict.fromkeys(["eleven", "eleventh"], 11), **dict.fromkeys(["twelve", "twelfth"], 12),
        **dict.fromkeys(["thirteen", "thirteenth"], 13), "zero": 0, "nothing": 0,
    },
    "de": {
        "null": 0, "eins": 1, "erste": 1, "ersten": 1, "erstes": 1, "zwei": 2, "zweite": 2,
        "zweiten": 2, "drei": 3, "dritte": 3, "dritten": 3, "vier": 4, "vierte": 4, "funf": 5,
        "funfte": 5, "sechs": 6, "sechste": 6, "sieben": 7, "siebte": 7, "acht": 8, "achte": 8,
        "neun": 9, "neunte": 9, "zehn": 10, "zehnte": 10, "zehnten": 10, "elf": 11, "elfte": 11,
        "zwolf": 12, "zwolfte": 12, "dreizehn": 13,
    },
    "it": {
        "zero": 0, "uno": 1, "primo": 1, "prima": 1, "due": 2, "secondo": 2, "tre": 3,
        "terzo": 3, "quattro": 4, "quarto": 4, "cinque": 5, "quinto": 5, "sei": 6, "sesto": 6,
        "sette": 7, "settimo": 7, "otto": 8, "ottavo": 8, "nove": 9, "nono": 9, "dieci": 10,
        "decimo": 10, "decima": 10, "undici": 11, "dodici": 12, "tredici": 13,
    },
    "ro": {
        "zero": 0, "unu": 1, "primul": 1, "prima": 1, "doi": 2, "doua": 2, "trei": 3,
        "patru": 4, "cinci": 5, "sase": 6, "sapte": 7, "opt": 8, "noua": 9, "zece": 10,
        "zecea": 10, "zecelea": 10, "unsprezece": 11, "doisprezece": 12, "treisprezece": 13,
    },
    "nb": {
        "null": 0, "forste": 1, "to": 2, "andre": 2, "tre": 3, "tredje": 3, "fire": 4,
        "fjerde": 4, "fem": 5, "femte": 5, "seks": 6, "sjette": 6, "sju": 7, "syv": 7,
        "sjuende": 7, "atte": 8, "attende": 8, "ni": 9, "niende": 9, "ti": 10, "tiende": 10,
        "elleve": 11, "tolv": 12, "tretten": 13,
    },
    "cs": {
        "nula": 0, "nulu": 0, "jedna": 1, "prvni": 1, "dva": 2, "dve": 2, "druhy": 2,
        "druha": 2, "tri": 3, "treti": 3, "ctyri": 4, "ctvrty": 4, "pet": 5, "paty": 5,
        "sest": 6, "sesty": 6, "sedm": 7, "sedmy": 7, "osm": 8, "osmy": 8, "devet": 9,
        "devaty": 9, "deset": 10, "desaty": 10, "desata": 10, "desatou": 10, "desate": 10,
        "jedenact": 11, "dvanact": 12, "trinact": 13,
    },
    "vi": {"mot": 1, "hai": 2, "ba": 3, "bon": 4, "tu": 4, "nam": 5, "sau": 6, "bay": 7,
           "tam": 8, "chin": 9, "muoi": 10},
}  # fmt: skip

# The language's word for "the same", added when a question says one number twice ("I knocked
# with 7 and he had 7 too": a tie).
SAME: dict[str, str] = {
    "en": "same", "cs": "stejny", "de": "gleich", "it": "stesso", "nb": "likt", "ro": "egalitate",
    "ko": "같으면", "vi": "bang",
}  # fmt: skip

# Korean particles and verb endings, longest first: a word keeps its stem (카드를 → 카드).
KOREAN_ENDINGS = tuple(
    sorted(
        """에서는 으로는 에게서 에서도 이라도 이에요 예요 에요 인가요 이나요 나요 까요 어요 아요 해요
        했어요 돼요 되나요 될까요 할까요 하나요 해도 돼도 어도 아도 으면 면 에게 에서 으로 까지 부터
        이랑 랑 하고 은 는 이 가 을 를 에 의 로 와 과 도 만 요""".split(),
        key=len,
        reverse=True,
    )
)

# Names a table may use for a game beyond what the book calls it (the variant's name and
# aliases, in each language): other spellings, other scripts, the names in other languages.
# A weak name (marked "?") names the game only when no other game is named: "phỏm" is also
# the Vietnamese word for a meld. A name marked "+" is also a word of the rules ("gin": a hand
# melded whole), so it stays a word of the question.
GAME_NAMES: dict[str, tuple[str, ...]] = {
    "standard-rummy": ("standard rummy", "standard-rommé", "standard rommé", "remi standard",
                       "standard-rummy", "basic rummy", "스탠다드 러미", "표준 러미",
                       "rummy standard", "rummy classico", "standardní rummy",
                       # local names (issue 32, the seeds)
                       "vanlig rummy", "vanlig rommé", "vanlig romme", "obyčejné rummy",
                       "klasické rummy", "remi clasic", "remi obișnuit", "remi obisnuit",
                       "plain rummy", "regular rummy", "normal rummy", "normales rommé",
                       "ramino classico", "ramino normale"),
    "rummy-complete": ("rummy complete", "러미 컴플리트", "ramino completo", "rummy completo",
                       "remi complet", "komplett rummy", "kompletní rummy", "rummy kompletní"),
    "block-rummy": ("block rummy", "block-rommé", "blokk-rummy", "blokkrummy", "remi blocat",
                    "블록 러미", "rummy bloccato", "blokové rummy", "blocco ramino",
                    "ramino bloccato", "blokk rummy"),
    "throw-down-rummy": ("throw down rummy", "throw down", "throw-down", "스로 다운 러미",
                         "쓰로우다운 러미", "쓰로우 다운 러미", "쓰로우다운", "스로다운",
                         "throwdown", "arunca jos rummy", "kast ned rummy", "던져 다운 러미"),
    "boat-house-rum": ("boat house rum", "boat house", "boathouse", "보트 하우스", "båthus rum",
                       "båthus-rum", "båthusrum", "båthus rummy", "båthus"),
    "caloochi": ("caloochi", "kaluki", "kaloochi", "kalougi", "kalooki", "칼루키", "칼루치",
                 "kalukі"),
    "double-rum": ("double rum", "double rummy", "더블 럼", "더블 러미", "doppio rum", "rom dublu",
                   "dvojitý rum", "dobbel rum", "dobbelt rummy", "doppel-rum"),
    "knock-rummy": ("knock rummy", "klopf-rommé", "klopfrommé", "klopf rommé", "banke-rummy",
                    "bankerummy", "remi cu bătaie", "remi cu bataie", "노크 러미", "knock-rummy",
                    "rummy a bussare", "klepací rummy"),
    "gin-rummy": ("gin rummy", "+gin", "gin-rommé", "gin rommé", "gin-rummy", "진 러미",
                  "진러미", "remi gin", "rummy gin"),
    "continental-rum": ("continental rum", "continental rummy", "continental", "콘티넨탈",
                        "콘티넨털", "kontinentál", "kontinental", "rum continentale",
                        "rom continental", "kontinentální rum", "kontinental rum"),
    "queen-city-rum": ("queen city rum", "queen city", "퀸 시티", "퀸시티", "퀸 도시 럼",
                       "città regina"),
    "phom": ("?phỏm", "tá lả", "ta la", "vietnamese rummy", "vietnamesisches rommé",
             "vietnamské rummy", "rummy vietnamita", "remi vietnamez", "퐁", "폼", "베트남 러미"),
    "german-rummy": ("german rummy", "rommé", "romme", "remi german", "německé rummy",
                     "rommé tedesco", "rummy tedesco", "독일 러미", "tysk rummy",
                     "deutsches rommé", "rommee", "německém rummy", "tysk rommé",
                     "tysk romme", "německá rummy", "rummy german", "remi nemțesc",
                     "remi nemtesc", "ramino tedesco"),
    "nowrang": ("nowrang", "나우랑"),
    "oklahoma-gin": ("오클라호마 진", "오클라호마"),
    "straight-gin": ("스트레이트 진",),
    "rummy-500": ("rummy 500", "500 rum", "500 rummy", "러미 500", "500 러미", "remi 500",
                  "rummy500", "rum 500", "ramino 500", "500 rommé", "rommé 500", "500er rommé", "500 romme"),
}  # fmt: skip

/// Word lists for fictional titles, people and companies. Combinations are invented; none is a real film.
enum DemoNames {
    static let titleHeads = [
        "밤의", "마지막", "푸른", "잃어버린", "붉은", "조용한", "검은", "하얀", "여름의", "겨울",
        "바다의", "비밀의", "달빛", "새벽의", "은밀한", "뜨거운", "차가운", "끝없는", "작은", "먼"
    ]
    static let titleHeadsEn = [
        "Night", "Last", "Blue", "Lost", "Red", "Quiet", "Black", "White", "Summer", "Winter",
        "Sea", "Secret", "Moonlit", "Dawn", "Hidden", "Burning", "Cold", "Endless", "Little", "Distant"
    ]
    static let titleTails = [
        "정원", "추격자", "항해", "계절", "도시", "약속", "증인", "편지", "거짓말", "탈출",
        "기억", "왕국", "수사", "형제", "손님", "전쟁", "노래", "궤도", "섬", "열쇠"
    ]
    static let titleTailsEn = [
        "Garden", "Chaser", "Voyage", "Season", "City", "Promise", "Witness", "Letter", "Lie", "Escape",
        "Memory", "Kingdom", "Inquiry", "Brothers", "Guest", "War", "Song", "Orbit", "Island", "Key"
    ]
    /// Sequels and subtitles, with the punctuation KOBIS titles really carry (`:`, `!`, `「」`).
    static let titleSuffixes: [(ko: String, en: String)] = [
        ("", ""), ("", ""), ("", ""), ("", ""), (" 2", " 2"), (": 귀환", ": The Return"),
        (": 최후의 날", ": Final Day"), ("!", "!"), (" 3", " 3"), ("", ""),
    ]

    static let surnames: [(String, String)] = [("김", "Kim"), ("이", "Lee"), ("박", "Park"), ("최", "Choi"), ("정", "Jung"),
                                               ("강", "Kang"), ("조", "Cho"), ("윤", "Yoon"), ("장", "Jang"), ("임", "Lim"),
                                               ("한", "Han"), ("오", "Oh"), ("서", "Seo"), ("신", "Shin"), ("권", "Kwon"),
                                               ("황", "Hwang"), ("안", "Ahn"), ("송", "Song"), ("류", "Ryu"), ("홍", "Hong")]
    static let syllables: [(String, String)] = [("민", "min"), ("서", "seo"), ("지", "ji"), ("현", "hyun"), ("준", "jun"),
                                                ("우", "woo"), ("하", "ha"), ("윤", "yoon"), ("도", "do"), ("재", "jae"),
                                                ("수", "su"), ("영", "young"), ("태", "tae"), ("은", "eun"), ("희", "hee"),
                                                ("성", "sung"), ("진", "jin"), ("혜", "hye"), ("주", "ju"), ("원", "won")]
    /// Foundation's `capitalized` of each syllable, worked out once instead of once per name
    /// (names draw the syllable's index, which is what `pick` draws).
    static let capitalizedSyllables = syllables.map(\.1.capitalized)
    static let westernFirst: [(String, String)] = [
        ("존", "John"), ("에밀리", "Emily"), ("마크", "Mark"), ("소피", "Sophie"),
        ("데이비드", "David"), ("안나", "Anna"), ("토마스", "Thomas"), ("클레어", "Claire"),
        ("루카", "Luca"), ("마리", "Marie"), ("올리버", "Oliver"), ("노라", "Nora")
    ]
    static let westernLast: [(String, String)] = [
        ("하퍼", "Harper"), ("블레이크", "Blake"), ("모건", "Morgan"), ("엘리스", "Ellis"),
        ("카터", "Carter"), ("와일드", "Wilde"), ("펜윅", "Fenwick"), ("로웰", "Lowell"),
        ("베넷", "Bennett"), ("크레인", "Crane")
    ]
    static let distributors: [(code: String, name: String, en: String)] = [
        ("20990101", "(주)한빛픽처스", "HANBIT PICTURES"), ("20990102", "누리엔터테인먼트(주)", "NURI ENTERTAINMENT"),
        ("20990103", "(주)별빛배급", "BYEOLBIT DISTRIBUTION"), ("20990104", "청람시네마(주)", "CHEONGRAM CINEMA"),
        ("20990105", "(주)미리내필름", "MIRINAE FILM"), ("20990106", "오름스튜디오", ""),
    ]
    static let producers: [(code: String, name: String)] = [
        ("20990201", "(주)가람영화사"), ("20990202", "다온필름"), ("20990203", "(주)시월프로덕션"), ("20990204", "한결스튜디오(주)"),
    ]
    static let genreSets: [[String]] = [["드라마"], ["범죄", "액션"], ["코미디"], ["스릴러"], ["애니메이션", "가족"],
                                        ["멜로/로맨스", "드라마"], ["SF", "액션"], ["공포(호러)"], ["사극", "드라마"], ["다큐멘터리"],
                                        ["판타지", "어드벤처"], ["미스터리", "스릴러"]]
    static let grades = ["전체관람가", "12세이상관람가", "12세이상관람가", "15세이상관람가", "15세이상관람가", "15세이상관람가", "청소년관람불가"]
    static let foreignNations = ["미국", "미국", "일본", "프랑스", "영국", "이탈리아"]
}

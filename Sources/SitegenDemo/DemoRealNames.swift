/// The real-sized world's word lists: wide enough for KOBIS's tens of thousands of credited
/// people and hundreds of distributors (the small world's 120 Western names would put one
/// 「John Harper」 in hundreds of films). Combinations are invented; none is a real person.
enum DemoRealNames {
    static let surnames = DemoNames.surnames + [
        ("배", "Bae"), ("백", "Baek"), ("허", "Heo"), ("남", "Nam"), ("심", "Sim"),
        ("노", "Noh"), ("하", "Ha"), ("곽", "Kwak"), ("성", "Sung"), ("차", "Cha"),
    ]
    static let syllables = DemoNames.syllables + [
        ("연", "yeon"), ("아", "a"), ("예", "ye"), ("승", "seung"), ("동", "dong"), ("경", "kyung"), ("상", "sang"),
        ("혁", "hyuk"), ("나", "na"), ("소", "so"), ("유", "yu"), ("미", "mi"), ("선", "sun"), ("호", "ho"),
        ("석", "seok"), ("규", "kyu"), ("빈", "bin"), ("람", "ram"), ("인", "in"), ("채", "chae"),
    ]
    static let capitalizedSyllables = syllables.map(\.1.capitalized)

    /// Western names from parts, each in Hangul as KOBIS writes it and in Latin letters:
    /// 16 × 12 first names and 16 × 12 family names.
    static let firstStarts = [
        ("마", "Ma"), ("레", "Le"), ("다", "Da"), ("로", "Ro"), ("카", "Ca"), ("니", "Ni"), ("세", "Se"), ("알", "Al"),
        ("조", "Jo"), ("라", "Ra"), ("리", "Li"), ("베", "Ve"), ("토", "To"), ("미", "Mi"), ("엘", "El"), ("페", "Fe"),
    ]
    static let firstEnds = [
        ("나", "na"), ("린", "rin"), ("라", "ra"), ("렌", "len"), ("몬", "mon"), ("코", "ko"), ("비아", "via"),
        ("론", "ron"), ("리", "lie"), ("단", "dan"), ("셀", "sel"), ("토", "to"),
    ]
    static let lastStarts = [
        ("하", "Har"), ("벨", "Bel"), ("코", "Cor"), ("마", "Mar"), ("웨스", "Wes"), ("던", "Dun"), ("홀", "Hol"),
        ("애시", "Ash"), ("핀", "Fin"), ("가", "Gar"), ("린", "Lin"), ("프레스", "Pres"), ("로", "Row"),
        ("스탠", "Stan"), ("휘트", "Whit"), ("켈", "Kel"),
    ]
    static let lastEnds = [
        ("리", "ley"), ("턴", "ton"), ("퍼드", "ford"), ("우드", "wood"), ("너", "ner"), ("비", "by"), ("웰", "well"),
        ("먼", "man"), ("리지", "ridge"), ("슨", "son"), ("필드", "field"), ("모어", "more"),
    ]

    static let staffRoles = [
        "촬영", "조명", "편집", "음악", "미술", "의상", "분장", "특수효과", "음향", "제작부", "연출부", "각본", "프로듀서", "무술",
    ]
    static let companyParts = ["공동제공", "공동제작사", "제공", "해외세일즈사", "수입사"]
    /// Distributors and producers beyond the small world's few: 20 names × 8 kinds of company.
    static let companyStems = [
        "가온", "나래", "다솜", "라온", "마루", "바림", "사랑채", "아라", "자람", "차오름",
        "타래", "파랑", "하람", "새봄", "온새", "윤슬", "이든", "한울", "볕뉘", "늘봄",
    ]
    static let companyStemsEn = [
        "GAON", "NARAE", "DASOM", "RAON", "MARU", "BARIM", "SARANGCHAE", "ARA", "JARAM", "CHAOREUM",
        "TARAE", "PARANG", "HARAM", "SAEBOM", "ONSAE", "YUNSEUL", "IDEN", "HANUL", "BYEOTNUI", "NEULBOM",
    ]
    static let companyKinds: [(prefix: String, suffix: String, en: String)] = [
        ("(주)", "픽처스", "PICTURES"), ("", "필름", "FILM"), ("(주)", "엔터테인먼트", "ENTERTAINMENT"),
        ("", "시네마", "CINEMA"), ("(주)", "스튜디오", "STUDIO"), ("", "컴퍼니", "COMPANY"),
        ("(주)", "미디어", "MEDIA"), ("", "프로덕션", "PRODUCTION"),
    ]

    /// Extra films' titles, in words the small world's titles never use, so no extra film takes
    /// a small one's title: 25 × 25 × 10 suffixes.
    static let titleHeads: [(ko: String, en: String)] = [
        ("그날의", "That Day's"), ("낯선", "Strange"), ("눈부신", "Dazzling"), ("어두운", "Dark"), ("오래된", "Old"),
        ("황금", "Golden"), ("고요한", "Still"), ("위험한", "Dangerous"), ("슬픈", "Sad"), ("첫", "First"),
        ("두 번째", "Second"), ("보이지 않는", "Unseen"), ("사라진", "Vanished"), ("별빛", "Starlit"), ("봄날의", "Spring"),
        ("가을의", "Autumn"), ("안개 속", "Misty"), ("빛나는", "Shining"), ("거친", "Rough"), ("외로운", "Lonely"),
        ("부서진", "Broken"), ("숨겨진", "Concealed"), ("영원한", "Eternal"), ("한밤의", "Midnight"), ("작은 마을의", "Small Town"),
    ]
    static let titleTails: [(ko: String, en: String)] = [
        ("사냥꾼", "Hunter"), ("여행", "Journey"), ("비행", "Flight"), ("소녀", "Girl"), ("소년", "Boy"),
        ("연인", "Lovers"), ("가족", "Family"), ("집", "House"), ("거리", "Street"), ("강", "River"),
        ("숲", "Forest"), ("별", "Star"), ("그림자", "Shadow"), ("목소리", "Voice"), ("시간", "Time"),
        ("꿈", "Dream"), ("바람", "Wind"), ("불꽃", "Flame"), ("계약", "Contract"), ("고백", "Confession"),
        ("복수", "Revenge"), ("초대", "Invitation"), ("방문자", "Visitor"), ("유산", "Inheritance"), ("기적", "Miracle"),
    ]

    /// Every one another, so that a title's words and suffix name one film.
    static let titleSuffixes: [(ko: String, en: String)] = [
        ("", ""), (" 2", " 2"), (": 귀환", ": The Return"), (": 최후의 날", ": Final Day"), ("!", "!"), (" 3", " 3"),
        (": 파이널", ": Finale"), (" 두 번째 이야기", ": Second Story"), (": 새로운 시작", ": A New Beginning"), (" 4", " 4"),
    ]

    /// The word that tells the `order`th title apart from the same title `cycle` titles before.
    static func round(_ order: Int, of cycle: Int) -> (String, String) {
        let rounds = [("", ""), (" 리턴즈", " Returns"), (" 레거시", " Legacy"), (" 비긴즈", " Begins"),
                      (" 리부트", " Reboot"), (" 오리진", " Origins")]
        let round = order >= 0 ? order / cycle : (order + 1) / cycle - 1
        return rounds[(round % rounds.count + rounds.count) % rounds.count]
    }
}

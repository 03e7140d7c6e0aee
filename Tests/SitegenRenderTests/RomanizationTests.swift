import Testing
@testable import SitegenRender

/// Revised Romanization against the standard's own examples (국어의 로마자 표기법, 2000) and
/// well-known titles and names.
@Suite struct RomanizationTests {
    @Test(arguments: [
        ("신라", "Silla"), ("종로", "Jongno"), ("왕십리", "Wangsimni"), ("별내", "Byeollae"), ("백마", "Baengma"),
        ("국립", "Gungnip"), ("설날", "Seollal"), ("추석", "Chuseok"), ("한국어", "Hangugeo"), ("서울", "Seoul"),
        ("부산", "Busan"), ("괴물", "Goemul"), ("기생충", "Gisaengchung"), ("일요일", "Iryoil"), ("좋아", "Joa"),
        ("라디오", "Radio"), ("독립문", "Dongnimmun"), ("극한직업", "Geukhanjigeop"), ("묵호", "Mukho"), ("집현전", "Jiphyeonjeon"),
    ])
    func romanizesWordsWithTheSoundChangesBetweenSyllables(_ korean: String, _ latin: String) {
        #expect(Romanization.text(korean) == latin)
    }

    @Test func keepsWhatIsNotHangulAndCapitalizesEachWord() {
        #expect(Romanization.text("범죄도시 4") == "Beomjoedosi 4")
        #expect(Romanization.text("서울의 봄") == "Seourui Bom")
        #expect(Romanization.text("Mission: Impossible") == "Mission: Impossible")
        #expect(Romanization.text("") == "")
    }

    /// Letters standing alone (issue 62: 「ㅋㅋㅋ」, 「ᄀᄁ」 and a halfwidth 「ﾡ」 stayed Hangul in
    /// English titles): compatibility, conjoining and halfwidth letters by their sounds, and a
    /// title sent decomposed read as its syllables.
    @Test(arguments: [
        ("ㅋㅋㅋ", "Kkk"), ("ᄀᄁ", "Gkk"), ("ﾡ", "G"), ("ﾾ", "H"), ("ﾢﾣ", "Kkks"), ("기생충ㅋㅋ", "Gisaengchungkk"),
        ("ㅇㅇ", "Ngng"), ("ㅠㅠ 슬픔", "Yuyu Seulpeum"), ("ㄳ", "Ks"), ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "Hanguk"),
        ("ᄒᆞ", "Hᆞ"),
    ])
    func romanizesHangulLettersStandingAlone(_ korean: String, _ latin: String) {
        #expect(Romanization.text(korean) == latin)
        #expect(Romanization.hasHangul(korean))
    }

    @Test(arguments: [
        ("봉준호", "Bong Jun-ho"), ("박찬욱", "Park Chan-uk"), ("김민서", "Kim Min-seo"), ("이병헌", "Lee Byeong-heon"),
        ("남궁민", "Namgung Min"), ("선우정아", "Sunwoo Jeong-a"), ("서문희", "Seo Mun-hui"), ("송강호", "Song Gang-ho"),
        ("마동석", "Ma Dong-seok"), ("전도연", "Jeon Do-yeon"),
    ])
    func romanizesNamesFamilyNameFirstAsCreditsWriteIt(_ korean: String, _ latin: String) {
        #expect(Romanization.name(korean) == latin)
    }

    @Test func aNameThatIsNotAllHangulIsRomanizedAsText() {
        #expect(Romanization.name("Tom Cruise") == "Tom Cruise")
        #expect(Romanization.name("아이유 IU") == "Aiyu IU")
    }
}

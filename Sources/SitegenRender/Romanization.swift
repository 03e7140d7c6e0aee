import Foundation

/// Korean in Latin letters by the Revised Romanization of Korean (국어의 로마자 표기법, 2000), for
/// the English edition's names that KOBIS gives only in Hangul. Written here because neither
/// Foundation (ICU's Hangul-Latin transform follows McCune–Reischauer-like ISO 11941 letters,
/// with no sound changes across syllables) nor a maintained Swift package does RR; the rules are
/// a table and a few lines, tested against the standard's own examples.
public enum Romanization {
    static let initials = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t",
                           "p", "h"]
    static let vowels = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we",
                         "wi", "yu", "eu", "ui", "i"]
    /// A final consonant before a pause or another consonant: only seven sounds survive.
    static let finals = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p",
                         "t", "t", "ng", "t", "t", "k", "t", "p", "t"]
    /// A final carried over to a following syllable that starts with silent ㅇ (연음): 한국어 → hangugeo.
    static let carried = ["", "g", "kk", "ks", "n", "nj", "n", "d", "r", "lg", "lm", "lb", "ls", "lt", "lp", "r", "m",
                          "b", "ps", "s", "ss", "ng", "j", "ch", "k", "t", "p", ""]

    /// A title or other text: each run of Hangul romanized with the sound changes between its
    /// syllables (신라 → silla, 종로 → jongno), everything else kept; each word capitalized.
    public static func text(_ korean: String) -> String {
        var out = ""
        var run: [(l: Int, v: Int, t: Int)] = []
        func flush() {
            out += word(run)
            run = []
        }
        // NFC first: a title sent decomposed (ᄒ ᅡ ᆫ) is read as the syllables it spells.
        for scalar in korean.precomposedStringWithCanonicalMapping.unicodeScalars {
            if let syllable = decompose(scalar) { run.append(syllable); continue }
            flush()
            if let letter = letter(scalar) { out += letter; continue }
            out.unicodeScalars.append(scalar)
        }
        flush()
        return out.split(separator: " ", omittingEmptySubsequences: false).map { capitalized(String($0)) }
            .joined(separator: " ")
    }

    /// A person's name: the family name as Korean people write it in passports and film credits
    /// (김 Kim, 이 Lee, 박 Park), then the given name syllable by syllable with a hyphen and no
    /// sound changes, as the standard allows for names: 봉준호 → Bong Jun-ho.
    public static func name(_ korean: String) -> String {
        let trimmed = korean.trimmingCharacters(in: .whitespaces)
        let scalars = Array(trimmed.unicodeScalars)
        guard scalars.count >= 2, scalars.count <= 5, scalars.allSatisfy({ decompose($0) != nil }) else {
            return text(trimmed)
        }
        // 남궁민 is Namgung Min; a rarer double name (서문, 사공) needs two syllables after it.
        let first2 = String(String.UnicodeScalarView(scalars.prefix(2)))
        let double = scalars.count >= (["서문", "사공"].contains(first2) ? 4 : 3) ? first2 : nil
        let (family, given): (String, ArraySlice<Unicode.Scalar>) =
            if let double, let known = familyNames[double] { (known, scalars.dropFirst(2)) } else {
                (familyNames[String(scalars[0])] ?? capitalized(word([decompose(scalars[0])!])), scalars.dropFirst())
            }
        let syllables = given.map { word([decompose($0)!]) }
        return family + " " + capitalized(syllables.joined(separator: "-"))
    }

    /// Whether `korean` reads as a Korean person's name: two to five syllables of Hangul, no
    /// space, starting with a family name. A transliterated foreign name (「키아누 리브스」,
    /// 「크리스토퍼 놀란」) has a space or no family name first, and is not romanized back.
    public static func isKoreanPersonName(_ korean: String) -> Bool {
        let scalars = Array(korean.trimmingCharacters(in: .whitespaces).unicodeScalars)
        guard (2...5).contains(scalars.count), scalars.allSatisfy({ decompose($0) != nil }) else { return false }
        if scalars.count >= 3, familyNames[String(String.UnicodeScalarView(scalars.prefix(2)))] != nil { return true }
        return familyNames[String(scalars[0])] != nil && scalars.count <= 4
    }

    /// Whether any Hangul syllable or letter is in `s`.
    public static func hasHangul(_ s: String) -> Bool {
        s.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value)
            || (0x3130...0x318F).contains($0.value) || (0xFFA0...0xFFDC).contains($0.value) }
    }

    /// A Hangul letter standing alone (ㅋㅋㅋ, a conjoining ᄀ, a halfwidth ﾡ: titles use them for
    /// laughter and sounds) as its sound: an initial consonant as it starts a syllable (ㅋ k, ㄱ g),
    /// a vowel as written, a final by its letters (ㄳ ks); ㅇ alone is "ng", which it is at the end
    /// of a syllable, so it never vanishes; a filler is dropped. Compatibility and halfwidth
    /// letters are mapped to the conjoining ones by NFKC. An archaic letter, which has no
    /// romanization, is kept; nil for anything not a Hangul letter.
    static func letter(_ scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        guard (0x1100...0x11FF).contains(v) || (0x3131...0x318E).contains(v) || (0xFFA0...0xFFDC).contains(v) else {
            return nil
        }
        if v == 0x3164 || v == 0xFFA0 || v == 0x115F || v == 0x1160 { return "" }  // fillers
        let mapped = String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
        guard mapped.count == 1, let jamo = mapped.first?.value else { return String(scalar) }
        switch jamo {
        case 0x1100...0x1112: return jamo == 0x110B ? "ng" : initials[Int(jamo - 0x1100)]
        case 0x1161...0x1175: return vowels[Int(jamo - 0x1161)]
        case 0x11A8...0x11C2: return jamo == 0x11C2 ? "h" : carried[Int(jamo - 0x11A7)]
        default: return String(scalar)
        }
    }

    static func decompose(_ scalar: Unicode.Scalar) -> (l: Int, v: Int, t: Int)? {
        guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        let index = Int(scalar.value) - 0xAC00
        return (index / 588, (index % 588) / 28, index % 28)
    }

    /// One run of syllables, with the sound changes at each boundary.
    static func word(_ syllables: [(l: Int, v: Int, t: Int)]) -> String {
        var out = ""
        for (i, s) in syllables.enumerated() {
            var initial = initials[s.l]
            if i > 0 {
                let before = syllables[i - 1].t
                initial = boundary(final: before, initial: s.l, into: &out) ?? initial
            } else if s.l == 5 {
                initial = "r"
            }
            out += initial + vowels[s.v]
            if i == syllables.count - 1 { out += finals[s.t] }
        }
        return out
    }

    /// Writes the previous syllable's final into `out` and returns the initial to write, when the
    /// pair changes sound; nil keeps the initial as it is (the final is written plainly).
    static func boundary(final t: Int, initial l: Int, into out: inout String) -> String? {
        let plain = finals[t]
        if l == 11 {  // silent ㅇ: the final moves over
            if t == 21 { out += "ng"; return "" }
            return carried[t]
        }
        let nasal = l == 2 || l == 6  // ㄴ, ㅁ
        switch (plain, l) {
        case ("k", _) where nasal: out += "ng"; return nil
        case ("t", _) where nasal: out += "n"; return nil
        case ("p", _) where nasal: out += "m"; return nil
        case ("n", 5): out += "l"; return "l"  // 신라 silla
        case ("l", 2), ("l", 5): out += "l"; return "l"  // 설날 seollal, 별로 byeollo
        case ("m", 5), ("ng", 5): out += plain; return "n"  // 종로 jongno
        case ("k", 5): out += "ng"; return "n"  // 국립 gungnip
        case ("p", 5): out += "m"; return "n"  // 협력 hyeomnyeok
        default: out += plain; return nil
        }
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first, first.isLowercase else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// The spellings Korean family names take in passports and credits, not their strict RR.
    static let familyNames: [String: String] = [
        "김": "Kim", "이": "Lee", "박": "Park", "최": "Choi", "정": "Jung", "강": "Kang", "조": "Cho", "윤": "Yoon",
        "장": "Jang", "임": "Lim", "한": "Han", "오": "Oh", "서": "Seo", "신": "Shin", "권": "Kwon", "황": "Hwang",
        "안": "Ahn", "송": "Song", "류": "Ryu", "유": "Yoo", "홍": "Hong", "전": "Jeon", "고": "Ko", "문": "Moon",
        "양": "Yang", "손": "Son", "배": "Bae", "백": "Baek", "허": "Heo", "남": "Nam", "심": "Shim", "노": "Noh",
        "하": "Ha", "곽": "Kwak", "성": "Sung", "차": "Cha", "주": "Joo", "우": "Woo", "구": "Koo", "민": "Min",
        "나": "Na", "진": "Jin", "지": "Ji", "엄": "Um", "채": "Chae", "원": "Won", "천": "Chun", "방": "Bang",
        "공": "Kong", "현": "Hyun", "함": "Ham", "변": "Byun", "염": "Yeom", "여": "Yeo", "추": "Choo", "도": "Do",
        "석": "Seok", "선": "Sun", "설": "Seol", "마": "Ma", "길": "Gil", "연": "Yeon", "표": "Pyo", "명": "Myung",
        "기": "Ki", "반": "Ban", "왕": "Wang", "금": "Keum", "옥": "Ok", "육": "Yook", "인": "In", "맹": "Maeng",
        "제": "Je", "모": "Mo", "탁": "Tak", "국": "Kook", "은": "Eun", "봉": "Bong", "경": "Kyung", "태": "Tae",
        "형": "Hyung", "두": "Doo", "감": "Kam", "동": "Dong", "호": "Ho", "범": "Beom", "승": "Seung", "상": "Sang",
        "남궁": "Namgung", "황보": "Hwangbo", "제갈": "Jegal", "선우": "Sunwoo", "독고": "Dokgo", "사공": "Sagong",
        "서문": "Seomun",
    ]
}

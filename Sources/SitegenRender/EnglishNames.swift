import Foundation

/// KOBIS's English names in its house style, written as English readers write them: a person's
/// family name comes in capitals (「YOON Jong-seok」, 「SO Ji-sub」) and many companies are all
/// capitals (「CHEONGRAM CINEMA」). Film credits and the English press write 「Yoon Jong-seok」 and
/// 「Cheongram Cinema」; acronyms that are a company's name (CJ, ENM, NEW) stay as they are.
enum EnglishNames {
    /// Words a company writes in capitals: acronyms, not shouting. A word without a vowel (CGV,
    /// JTBC, KT) is read as one too.
    static let acronyms: Set<String> = [
        "CJ", "ENM", "NEW", "E&M", "CGV", "MBC", "KBS", "SBS", "EBS", "JTBC", "TV", "HK", "USA", "UK", "US", "LA",
        "NY", "ABO", "BA", "CNS", "KT", "SK", "LG", "GS", "MK", "IPTV", "OTT", "VOD", "NHN", "HBO", "BBC", "AMC", "STX",
        "YG", "JYP", "SM", "ACE", "II", "III", "IV",
    ]
    static let lowered: [String: String] = ["CO": "Co", "CO.": "Co.", "LTD": "Ltd", "LTD.": "Ltd.", "INC": "Inc",
                                            "INC.": "Inc.", "CORP": "Corp", "CORP.": "Corp.", "AND": "and", "OF": "of"]

    /// 「YOON Jong-seok」 → 「Yoon Jong-seok」: a word of two or more capitals and no small letter is
    /// written with one capital (each part of a hyphenated one); initials (「J.J.」) and names already
    /// in mixed case stay.
    static func person(_ name: String) -> String {
        guard name.contains(where: { $0.isLowercase }) || !name.contains(" ") else {
            // All capitals ("KIM YUN-JIN"): every word is a name part.
            return words(name) { capitalized($0) }
        }
        return words(name) { isShouted($0) ? capitalized($0) : $0 }
    }

    /// 「CHEONGRAM CINEMA」 → 「Cheongram Cinema」, 「CJ ENM」 stays. A name with a small letter
    /// anywhere is the company's own spelling and stays as it is.
    static func company(_ name: String) -> String {
        guard !name.contains(where: { $0.isLowercase }), name.contains(where: { $0.isUppercase }) else { return name }
        var first = true
        return words(name) { word in
            defer { first = false }
            if acronyms.contains(word.trimmingCharacters(in: .punctuationCharacters)) { return word }
            if let low = lowered[word] { return first ? capitalized(low) : low }
            let letters = word.filter(\.isLetter)
            if letters.count >= 2, !letters.contains(where: { "AEIOUY".contains($0) }) { return word }
            return capitalized(word)
        }
    }

    static func isShouted(_ word: String) -> Bool {
        let letters = word.filter(\.isLetter)
        return letters.count >= 2 && letters.allSatisfy(\.isUppercase) && !word.contains(".")
    }

    /// Each letter after a hyphen or apostrophe-free start capital, the rest small: 「JONG-SEOK」 →
    /// 「Jong-seok」 (a Korean given name's second syllable is small), 「MCDONALD」 → 「Mcdonald」.
    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    static func words(_ name: String, _ f: (String) -> String) -> String {
        name.split(separator: " ", omittingEmptySubsequences: false).map { f(String($0)) }.joined(separator: " ")
    }
}

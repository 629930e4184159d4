/// Which language a catalog's unsuffixed files are written in, when the catalog does not
/// say: by the script of their letters, and for Latin letters by the commonest short words.
/// Enough to tell the seed apps' Korean from a French or Japanese museum's catalog.
enum LanguageGuess {
    struct Guess: Equatable {
        var language: Language
        /// In words, for the start-up line: "Hangul letters", "common French words".
        var evidence: String
    }

    private static let scripts: [(name: String, code: String, ranges: [ClosedRange<UInt32>])] = [
        ("Hangul letters", "ko", [0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F]),
        ("kana", "ja", [0x3040...0x30FF]),
        ("Han characters", "zh", [0x4E00...0x9FFF, 0x3400...0x4DBF]),
        ("Arabic letters", "ar", [0x0600...0x06FF, 0x0750...0x077F, 0xFB50...0xFDFF, 0xFE70...0xFEFF]),
        ("Hebrew letters", "he", [0x0590...0x05FF]),
        ("Cyrillic letters", "ru", [0x0400...0x04FF]),
        ("Greek letters", "el", [0x0370...0x03FF]),
        ("Thai letters", "th", [0x0E00...0x0E7F]),
        ("Devanagari letters", "hi", [0x0900...0x097F]),
    ]

    private static let commonWords: [(code: String, words: Set<String>)] = [
        ("en", ["the", "and", "of", "to", "in", "is", "was", "with", "for", "it", "on", "as"]),
        ("fr", ["le", "la", "les", "et", "des", "du", "est", "une", "dans", "pour", "qui", "sur", "au"]),
        ("es", ["el", "los", "las", "y", "del", "que", "en", "una", "por", "con", "es", "se"]),
        ("de", ["der", "die", "das", "und", "ist", "mit", "von", "den", "ein", "eine", "im", "zu", "nicht"]),
        ("it", ["il", "di", "che", "della", "gli", "una", "per", "nel", "sono", "dei", "con", "è"]),
        ("pt", ["o", "os", "da", "do", "que", "uma", "em", "não", "dos", "das", "com", "é"]),
        ("nl", ["de", "het", "en", "van", "een", "is", "dat", "op", "zijn", "met", "voor", "niet"]),
    ]

    static func guess(_ text: String) -> Guess? {
        var counts = [Int](repeating: 0, count: scripts.count)
        var latin = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0xC0...0x24F).contains(value) {
                latin += 1
            } else if let index = scripts.firstIndex(where: { $0.ranges.contains { $0.contains(value) } }) {
                counts[index] += 1
            }
        }
        // Japanese mixes Han characters with kana: any real amount of kana makes it Japanese.
        let kana = counts[1], han = counts[2]
        if kana > 0, kana * 10 >= han { return Guess(language: Language("ja"), evidence: scripts[1].name) }
        if let best = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[best] > 0, counts[best] * 2 >= latin {
            return Guess(language: Language(scripts[best].code), evidence: scripts[best].name)
        }
        guard latin > 0 else { return nil }
        var scores = [Int](repeating: 0, count: commonWords.count)
        for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
            for (index, language) in commonWords.enumerated() where language.words.contains(String(word)) { scores[index] += 1 }
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] > 0 else { return nil }
        let language = Language(commonWords[best].code)
        return Guess(language: language, evidence: "common \(language.englishName) words")
    }
}

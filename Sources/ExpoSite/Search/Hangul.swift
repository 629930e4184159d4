/// The arithmetic of Hangul syllables (U+AC00…U+D7A3): each is an initial consonant, a
/// vowel and an optional final consonant, numbered in that order.
enum Hangul {
    private static let first: UInt32 = 0xAC00
    private static let last: UInt32 = 0xD7A3
    private static let perInitial: UInt32 = 21 * 28

    /// The 19 initial consonants as a keyboard types them (compatibility jamo ㄱ…ㅎ).
    static let initials: [Unicode.Scalar] = [
        "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
    ]

    /// Final consonant number (1…27) → the final left behind and the initial that moves to
    /// the next syllable when a vowel follows (`ㄺ` → `ㄹ` + `ㄱ`).
    private static let finals: [(keep: UInt32, initial: Unicode.Scalar)] = [
        (0, "ㄱ"), (0, "ㄲ"), (1, "ㅅ"), (0, "ㄴ"), (4, "ㅈ"), (4, "ㅎ"), (0, "ㄷ"), (0, "ㄹ"), (8, "ㄱ"), (8, "ㅁ"),
        (8, "ㅂ"), (8, "ㅅ"), (8, "ㅌ"), (8, "ㅍ"), (8, "ㅎ"), (0, "ㅁ"), (0, "ㅂ"), (17, "ㅅ"), (0, "ㅅ"), (0, "ㅆ"),
        (0, "ㅇ"), (0, "ㅈ"), (0, "ㅊ"), (0, "ㅋ"), (0, "ㅌ"), (0, "ㅍ"), (0, "ㅎ"),
    ]

    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool { (first...last).contains(scalar.value) }

    static func isInitialConsonant(_ scalar: Unicode.Scalar) -> Bool { initials.contains(scalar) }

    /// `직` → `ㅈ`; nil for anything but a syllable.
    static func initial(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard isSyllable(scalar) else { return nil }
        return initials[Int((scalar.value - first) / perInitial)]
    }

    /// `강` → (`가`, `ㅇ`); nil for a syllable without a final consonant or anything else.
    static func splitFinal(_ scalar: Unicode.Scalar) -> (syllable: Unicode.Scalar, initial: Unicode.Scalar)? {
        guard isSyllable(scalar) else { return nil }
        let final = (scalar.value - first) % 28
        guard final > 0, let syllable = Unicode.Scalar(scalar.value - final + finals[Int(final) - 1].keep) else { return nil }
        return (syllable, finals[Int(final) - 1].initial)
    }
}

import Foundation

/// How search reads text: folded (lowercase, without accents), cut into words of letters,
/// marks and digits, each word a list of Unicode scalars. search.js reads a query the same
/// way (`fold`, `words`); the two are kept alike by the cases in Tests/Shared/search-cases.json,
/// which both run.
enum SearchText {
    /// Hangul's nineteen initial consonants, as the compatibility letters a visitor types
    /// (ㄱ, not the conjoining ᄀ).
    static let initials: [Unicode.Scalar] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars)

    static func fold(_ text: String) -> String {
        if isPlain(text) { return asciiLowercased(text) }
        let stripped = text.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }
        return String(String.UnicodeScalarView(stripped)).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Whether folding `text` only lowercases its ASCII letters: it has only ASCII, Hangul
    /// syllables and unified Chinese characters, which neither decompose nor change case.
    /// Most catalogs' texts are, and Foundation's normalisation was a quarter of making an
    /// index of 100,000 exhibits.
    private static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x80 || (0xAC00...0xD7A3).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }

    private static func asciiLowercased(_ text: String) -> String {
        guard text.utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return text }
        return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// The folded words of `text`, in order.
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var word: [Unicode.Scalar] = []
        for scalar in fold(text).unicodeScalars {
            if isWordScalar(scalar) {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = []
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// Letters, marks and digits: `[\p{L}\p{M}\p{N}]` in search.js.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0xAC00...0xD7A3: return true
        case 0..<0x80: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// How many letters of a word search keeps: its first 32, and as many from each inner
    /// start. Longer than any word a visitor types whole, and a long word is still found by
    /// its beginning. Without a bound a name of 5,000 syllables filed all 5,000 at each of its
    /// starts, and where those starts shared their letters (가가가…) the shards' tree was
    /// cut one letter a level, 5,000 levels deep, each level naming its whole path in the
    /// manifest: 157 MB of files. search.js cuts a query's words the same (`LONGEST_WORD`).
    static let longestWord = 32

    /// The letters of `word` that the index files and a query looks for.
    static func kept(_ word: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] { Array(word.prefix(longestWord)) }

    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(scalar.value) }

    /// The letter a word is filed under: a Hangul syllable under its initial consonant, so
    /// that 가야금, 가ㅇㄱ and ㄱㅇㄱ all lead to the same shard; any other letter under itself.
    static func pathScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        isSyllable(scalar) ? initials[Int(scalar.value - 0xAC00) / 588] : scalar
    }

    /// Scripts written without spaces between words (Hangul compounds, Chinese, Japanese,
    /// Thai): a query may start inside a written word, so every inner start is indexed too.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x0E00...0x0E7F: return true
        default: return false
        }
    }

    /// Whether query letter `wanted` accepts the word's letter `found`: the same letter, or a
    /// typed initial consonant and a syllable that starts with it.
    static func accepts(_ wanted: Unicode.Scalar, _ found: Unicode.Scalar) -> Bool {
        wanted == found || (isSyllable(found) && initials.contains(wanted) && pathScalar(found) == wanted)
    }
}

extension SearchText {
    /// Hangul final consonants 1…27: what a syllable keeps of it, and the initial it becomes
    /// when the next syllable takes it (강 may be 가 on its way to 가야).
    private static let finals: [(kept: UInt32, initial: Unicode.Scalar)] = Array(zip(
        [0, 0, 1, 0, 4, 4, 0, 0, 8, 8, 8, 8, 8, 8, 8, 0, 0, 17, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        "ㄱㄲㅅㄴㅈㅎㄷㄹㄱㅁㅂㅅㅌㅍㅎㅁㅂㅅㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars))

    /// A word whose last syllable has a final consonant, read as that consonant starting a
    /// syllable still being typed; nil for any other word.
    static func withoutFinal(_ word: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        guard let last = word.last, isSyllable(last) else { return nil }
        let final = Int((last.value - 0xAC00) % 28)
        guard final > 0, let syllable = Unicode.Scalar(last.value - UInt32(final) + finals[final - 1].kept) else { return nil }
        return word.dropLast() + [syllable, finals[final - 1].initial]
    }

    /// Whether the start of `word` is `term` with one letter changed, added, dropped or two
    /// swapped.
    static func startsWithOneTypo(_ word: [Unicode.Scalar], _ term: [Unicode.Scalar]) -> Bool {
        for length in [term.count - 1, term.count, term.count + 1] where length <= word.count {
            if withinOneEdit(Array(word.prefix(length)), term) { return true }
        }
        return false
    }

    static func withinOneEdit(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        if abs(a.count - b.count) > 1 { return false }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        if start == a.count && start == b.count { return true }
        let (restA, restB) = (a[start...], b[start...])
        if a.count == b.count {
            return restA.dropFirst() == restB.dropFirst()
                || (restA.count >= 2 && restA.first == restB.dropFirst().first && restB.first == restA.dropFirst().first
                    && restA.dropFirst(2) == restB.dropFirst(2))
        }
        return a.count > b.count ? restA.dropFirst() == restB : restA == restB.dropFirst()
    }
}

import ExpoCatalog
import Foundation

/// A name a person logs in with: 1–64 characters of letters in any script, digits, `.`,
/// `-` and `_`, with the spaces around it trimmed, and not mixing Latin letters with
/// Cyrillic or Greek ones (an `а` that is Cyrillic would make a second `ada`). Names end up in the audit log, on studio
/// pages and in terminals, so nothing that could act there (a control character, `<`, a
/// bidi override, an invisible joiner) is ever let in.
public struct AccountName: Sendable, Equatable, CustomStringConvertible {
    public static let maximumLength = 64

    /// The name as it is shown, in Unicode's composed form (NFC), so that `é` typed two
    /// ways is one name.
    public let text: String

    public init(_ given: String) throws(StudioError) {
        let trimmed = given.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else { throw .invalidName(given, "is empty") }
        guard trimmed.count <= Self.maximumLength else {
            throw .invalidName(given, "is \(trimmed.count) characters long; a name has at most \(Self.maximumLength)")
        }
        var previous: Unicode.Scalar?
        for scalar in trimmed.unicodeScalars {
            if let problem = Self.problem(scalar, after: previous) { throw .invalidName(given, problem) }
            previous = scalar
        }
        if let mixed = NameScript.mixture(in: Self.canonical(trimmed)) {
            throw .invalidName(given, "mixes \(mixed) letters, which can look alike; write it in one script")
        }
        text = trimmed
    }

    /// The name as it is compared: case folded, so `Anna`, `ANNA` and `anna` are one person,
    /// as are `STRASSE` and `straße`'s upper case. Only this form is unique in the state.
    public var folded: String { Self.canonical(text) }

    /// The one form a name is compared in, for any text given as a name, valid or not (the
    /// login throttle counts names that are no account's too): trimmed of every kind of
    /// space, in compatibility form (NFKC: full-width `ａｄａ` is `ada`) and case folded. A
    /// name written another way is the same name for the lookup, the throttle and uniqueness.
    public static func canonical(_ given: String) -> String {
        given.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCompatibilityMapping
    }

    public var description: String { text }

    /// Why `scalar` may not be in a name, or nil when it may.
    private static func problem(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> String? {
        if ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar) {
            return "holds a control character (\(ControlCharacters.escaped(String(scalar)))); use letters, digits, '.', '-' and '_'"
        }
        if ".-_".unicodeScalars.contains(scalar) { return nil }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return nil
        // Vowel signs and accents (Hindi, Thai, a decomposed Hangul syllable) belong to the
        // letter before them; a name cannot start with one.
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return previous == nil ? "starts with a mark that belongs on a letter" : nil
        default:
            let shown = scalar.properties.generalCategory == .spaceSeparator ? "a space" : "'\(ControlCharacters.escaped(String(scalar)))'"
            return "holds \(shown); use letters, digits, '.', '-' and '_'"
        }
    }
}

import ExpoCatalog
import Foundation

/// A name a person logs in with: 1–64 characters of letters in any script, digits, `.`,
/// `-` and `_`, with the spaces around it trimmed. Names end up in the audit log, on studio
/// pages and in terminals, so nothing that could act there (a control character, `<`, a
/// bidi override, an invisible joiner) is ever let in.
public struct AccountName: Sendable, Equatable, CustomStringConvertible {
    public static let maximumLength = 64

    /// The name as it is shown, in Unicode's composed form (NFC), so that `é` typed two
    /// ways is one name.
    public let text: String

    public init(_ given: String) throws(StudioError) {
        let trimmed = given.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else { throw .invalidName(given, "is empty") }
        guard trimmed.count <= Self.maximumLength else {
            throw .invalidName(given, "is \(trimmed.count) characters long; a name has at most \(Self.maximumLength)")
        }
        var previous: Unicode.Scalar?
        for scalar in trimmed.unicodeScalars {
            if let problem = Self.problem(scalar, after: previous) { throw .invalidName(given, problem) }
            previous = scalar
        }
        text = trimmed
    }

    /// The name as it is compared: case folded, so `Anna`, `ANNA` and `anna` are one person,
    /// as are `STRASSE` and `straße`'s upper case. Only this form is unique in the state.
    public var folded: String {
        text.folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
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

import ExpoCatalog

/// A password as a person chose it, checked before it is hashed. It never prints itself,
/// so that no message, log or test failure can show it.
public struct Password: Sendable, CustomStringConvertible {
    /// Twelve characters: long enough that guessing it offline from a stolen hash at bcrypt's
    /// cost takes years, short enough to type on a gallery's shared computer.
    public static let minimumCharacters = 12
    /// bcrypt reads only the first 72 bytes of a password and ignores the rest silently, so
    /// two passwords alike in those bytes would both open the account. A longer password is
    /// refused rather than cut: hashing it first (SHA-256) would need a package the guide
    /// does not otherwise use. 72 bytes is 72 Latin letters, or 24 Korean syllables (three
    /// bytes each in UTF-8): the message says both.
    public static let maximumBytes = 72

    let text: String

    public init(_ text: String) throws(StudioError) {
        guard !text.isEmpty else { throw .invalidPassword("the password is empty; give at least \(Self.minimumCharacters) characters") }
        if text.unicodeScalars.contains(where: Self.isRefused) {
            throw .invalidPassword("the password holds a control character (a tab, an escape, …); use only characters that can be typed and seen")
        }
        guard text.count >= Self.minimumCharacters else {
            throw .invalidPassword("the password has \(text.count) characters; give at least \(Self.minimumCharacters)")
        }
        guard text.utf8.count <= Self.maximumBytes else {
            throw .invalidPassword(
                "the password is \(text.utf8.count) bytes long; bcrypt reads at most \(Self.maximumBytes) "
                    + "(72 Latin letters, 24 Korean syllables): choose a shorter one")
        }
        self.text = text
    }

    public var description: String { "(a password)" }

    /// A control character (a NUL, a tab, an escape) or a bidi control: never in a password,
    /// neither when it is set nor when one logs in.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar)
    }
}

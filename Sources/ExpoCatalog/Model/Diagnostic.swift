/// A problem found in a catalog, with the file and the place in it.
/// Warnings leave the catalog servable (a default stands in); errors do not. Notes say what
/// the guide chose where a choice was clear (a file it left aside), and are no warning:
/// `validate --strict` passes with them.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case note, warning, error
    }

    public var severity: Severity
    /// The file, relative to the catalog folder (`items.json`).
    public var file: String
    /// Where in the file: a key path (`[3].short_desc`, `.visitors`) or `:line:column`;
    /// empty when the message is about the whole file.
    public var place: String
    public var message: String

    public init(_ severity: Severity, file: String, place: String = "", _ message: String) {
        self.severity = severity
        self.file = file
        self.place = place
        self.message = message
    }

    /// `items.json[3].short_desc: missing`
    public var location: String { file + place }

    /// The diagnostic as one line: whatever the file, place or message quote from the
    /// catalog (an id, a name, a key) has its control characters written out, so that a
    /// catalog can neither act on the terminal nor print a line of its own.
    public var description: String { ControlCharacters.escaped("\(location): \(message)") }

    /// `warning: items.json[3].short_desc: missing`, as the terminal shows it.
    public var line: String { "\(severity.rawValue): \(description)" }
}

/// Reads one field of a JSON object and records what went wrong instead of failing: the
/// seed apps' lesson is that a missing key or a `null` must never take the guide down.
struct FieldReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// What stands between the catalog and publishing it (an image without alt text):
    /// `validate` reports these, the server does not. Folded as they come: a collection
    /// without alt text has one per exhibit.
    private(set) var notes = DiagnosticFold()
    /// Whether notes are made at all: only `validate` reports them, and a collection without
    /// alt text has one per exhibit, so a server's load makes none.
    var keepsNotes = true
    /// The notes, each kind past ten said once with a count.
    var publishingNotes: [Diagnostic] { notes.collapsed }
    /// The keys of texts a translation lacked, where the primary text stands in; one entry
    /// per text, for counting and for marking them with the primary language.
    var untranslated: [String] = []
    /// The entries of a list (by index) that gave a warning, an error, an unknown key or an
    /// untranslated text: a watched catalog reloads an entry on its own only when it had none.
    var entriesWithProblems: Set<Int> = []
    /// A translation's entry for each exhibit id, by its index in the file.
    var entryIndexByID: [String: Int] = [:]
    /// Keys no part of the guide reads, each with where it first appeared and how often.
    private var unknownKeys: [(key: String, place: String, known: [String], count: Int)] = []

    init(file: String) {
        self.file = file
    }

    /// How many problems were recorded so far; an entry read without it growing was clean.
    var problemCount: Int {
        diagnostics.count + untranslated.count + unknownKeys.reduce(0) { $0 + $1.count }
    }

    /// What `part` (a reader of some of the same file's entries, read on another core) found
    /// after the ones already here: its diagnostics in `diagnostics`, and all its notes and
    /// unknown keys (by the first place each was seen, with their counts added up).
    mutating func append(_ diagnostics: ArraySlice<Diagnostic>) {
        self.diagnostics += diagnostics
    }

    mutating func absorbNotesAndKeys(of part: FieldReader) {
        notes += part.notes
        entriesWithProblems.formUnion(part.entriesWithProblems)
        for unknown in part.unknownKeys {
            if let index = unknownKeys.firstIndex(where: { $0.key == unknown.key && $0.known == unknown.known }) {
                unknownKeys[index].count += unknown.count
            } else {
                unknownKeys.append(unknown)
            }
        }
    }

    /// Reads entry `index` with `body`, remembering the entry when it gave a problem.
    mutating func entry<Value>(_ index: Int, _ body: (inout FieldReader) -> Value) -> Value {
        let before = problemCount
        let value = body(&self)
        if problemCount != before { entriesWithProblems.insert(index) }
        return value
    }

    enum Problem: Error {
        case missing, null, wrongType(expected: String, found: String)

        var description: String {
            switch self {
            case .missing: "missing"
            case .null: "null"
            case let .wrongType(expected, found): "expected \(expected), found \(found)"
            }
        }
    }

    static func text(_ object: JSONValue, _ key: String) -> Result<String, Problem> {
        switch object[key] {
        case nil: .failure(.missing)
        case .null?: .failure(.null)
        case let .string(text)?: .success(text)
        case let other?: .failure(.wrongType(expected: "text", found: other.kindDescription))
        }
    }

    static func count(_ object: JSONValue, _ key: String) -> Result<Int, Problem> {
        let expected = "a whole number of 0 or more"
        switch object[key] {
        case nil: return .failure(.missing)
        case .null?: return .failure(.null)
        case let .integer(value)?:
            return value >= 0 ? .success(value) : .failure(.wrongType(expected: expected, found: String(value)))
        case let .number(value)?:
            guard value >= 0, value < 9.0e18, value.rounded() == value else {
                return .failure(.wrongType(expected: expected, found: String(value)))
            }
            return .success(Int(value))
        case let other?: return .failure(.wrongType(expected: expected, found: other.kindDescription))
        }
    }

    /// The text at `key`, or `fallback` with a warning at `place.key`. Control characters
    /// are removed with a warning, except from an id (`keepingControls`), which must be
    /// refused whole rather than quietly become another.
    mutating func text(_ object: JSONValue, _ key: String, at place: String, fallback: String, because note: String = "",
                       keepingControls: Bool = false) -> String {
        switch Self.text(object, key) {
        case let .success(text): return keepingControls ? text : cleaned(text, at: "\(place).\(key)")
        case let .failure(problem):
            warn(at: "\(place).\(key)", problem.description + note)
            if !note.isEmpty { untranslated.append(key) }
            return fallback
        }
    }

    mutating func count(_ object: JSONValue, _ key: String, at place: String, fallback: Int, because note: String = "") -> Int {
        switch Self.count(object, key) {
        case let .success(value): return value
        case let .failure(problem):
            warn(at: "\(place).\(key)", problem.description + note)
            return fallback
        }
    }

    /// A text the catalog may leave out: nil when the key is absent, and a warning when it
    /// holds something else. Numbers are taken as written where a fact may be one (`1377`).
    mutating func optionalText(_ object: JSONValue, _ key: String, at place: @autoclosure () -> String, numbersAsText: Bool = false) -> String? {
        switch object[key] {
        case nil: return nil
        case let .string(text)?: return cleaned(text, at: "\(place()).\(key)")
        case let .integer(value)? where numbersAsText: return String(value)
        case let .number(value)? where numbersAsText: return String(value)
        case .null?:
            warn(at: "\(place()).\(key)", "null; left out")
            return nil
        case let other?:
            warn(at: "\(place()).\(key)", "expected text, found \(other.kindDescription); left out")
            return nil
        }
    }

    /// A translation of an optional text: the primary text, with a warning, when the
    /// translation lacks one the primary has or holds something other than text.
    mutating func translatedText(_ object: JSONValue, _ key: String, at place: String, primary: String?,
                                 note: String, numbersAsText: Bool = false) -> String? {
        let given = primary.map { !$0.isEmpty } ?? false
        let translated = switch object[key] {
        case .string?: true
        case .integer?, .number?: numbersAsText
        default: false
        }
        if given, !translated { untranslated.append(key) }
        switch object[key] {
        case nil:
            if given { warn(at: "\(place).\(key)", "missing" + note) }
            return primary
        case let .string(text)?: return cleaned(text, at: "\(place).\(key)")
        case let .integer(value)? where numbersAsText: return String(value)
        case let .number(value)? where numbersAsText: return String(value)
        case .null?:
            warn(at: "\(place).\(key)", given ? "null" + note : "null; left out")
            return primary
        case let other?:
            warn(at: "\(place).\(key)", "expected text, found \(other.kindDescription)" + (given ? note : "; left out"))
            return primary
        }
    }

    /// A name (an exhibit's, the exposition's title): text as `text` reads it, with a
    /// warning when it holds bidi controls, which can make it read as something else.
    mutating func name(_ object: JSONValue, _ key: String, at place: String, fallback: String, because note: String = "") -> String {
        let name = text(object, key, at: place, fallback: fallback, because: note)
        if case .string? = object[key] {
            let controls = Set(name.unicodeScalars.filter(ControlCharacters.isBidiControl)).sorted()
            if !controls.isEmpty {
                warn(at: "\(place).\(key)", "holds \(ControlCharacters.named("bidi control", controls)), which can make the name read as "
                     + "something else; it is shown isolated from the text around it (remove it unless the name needs it)")
            }
        }
        return name
    }

    /// `text` without the control characters no page can show (NUL, ESC …), with a warning
    /// naming the place. A large catalog with one stray character from a copy and paste stays
    /// servable; tab and line breaks are white space and stay.
    /// The place is made only when there is something to say: every text of a catalog
    /// passes here, and making its place each time was a tenth of loading 400,000 records.
    mutating func cleaned(_ text: String, at place: @autoclosure () -> String) -> String {
        guard let (kept, found) = ControlCharacters.removingForbidden(text) else { return text }
        warn(at: place(), "holds \(ControlCharacters.named("control character", found)), which no page can show; removed")
        return kept
    }

    /// Notes each key of `object` that is not among `known`: a misspelt key would
    /// otherwise be ignored without a word.
    mutating func checkKeys(_ object: JSONValue, known: [String], at place: @autoclosure () -> String) {
        guard case let .object(members) = object else { return }
        for member in members where !known.contains(member.key) {
            if let index = unknownKeys.firstIndex(where: { $0.key == member.key && $0.known == known }) {
                unknownKeys[index].count += 1
            } else {
                unknownKeys.append((member.key, "\(place()).\(member.key)", known, 1))
            }
        }
    }

    /// One warning per unknown key, at its first place, with the nearest known key.
    mutating func reportUnknownKeys() {
        for (key, place, known, count) in unknownKeys {
            let more = count > 1 ? " (and \(count - 1) more like it)" : ""
            warn(at: place, "unknown key; ignored\(more)" + NearestName.hint(for: key, among: known))
        }
        unknownKeys = []
    }

    mutating func warn(at place: String, _ message: String) {
        diagnostics.append(Diagnostic(.warning, file: file, place: place, message))
    }

    /// The place and message are made only when notes are kept.
    mutating func note(at place: @autoclosure () -> String, _ message: @autoclosure () -> String) {
        guard keepsNotes else { return }
        notes.append(Diagnostic(.warning, file: file, place: place(), message()))
    }

    mutating func fail(at place: String, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, place: place, message))
    }
}

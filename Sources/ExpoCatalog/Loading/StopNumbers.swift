import Foundation

/// Reads an exhibit's `stop`, the number on its wall label, and finds the numbers two
/// exhibits share. A stop that is not a number, or one another exhibit has too, is a
/// warning rather than an error: one mistyped cell in a spreadsheet of thousands must not
/// take the guide down, and the exhibit stays reachable by its list and its default number.
enum StopNumbers {
    /// Nine digits: more than any gallery numbers, and a number every field holds as typed.
    static let largest = 999_999_999

    /// What a `stop` value says.
    enum Reading: Equatable {
        case stop(Int)
        /// Why the value is no stop number.
        case problem(String)
    }

    /// What a `stop` value says: nil when the entry has none.
    static func read(_ value: JSONValue?) -> Reading? {
        let number: Int?
        switch value {
        case nil: return nil
        case .null?: return .problem("null")
        case let .integer(given)?: number = given
        case let .number(given)?: number = given.rounded() == given && abs(given) < 1e12 ? Int(given) : nil
        case let .string(text)?:
            // A spreadsheet's cell, or a label's number with its leading zeros ("012").
            let digits = text.trimmingSpaces
            number = !digits.isEmpty && digits.utf8.count <= 18 && digits.utf8.allSatisfy { (0x30...0x39).contains($0) } ? Int(digits) : nil
            if number == nil { return .problem("\"\(text.prefix(40))\" is not a number") }
        case let other?: return .problem("expected a whole number, found \(other.kindDescription)")
        }
        guard let number else { return .problem("\(value.map(describe) ?? "") is not a whole number") }
        guard number >= 1 else { return .problem("\(number) is not a stop number (they start at 1)") }
        guard number <= largest else { return .problem("\(number) is larger than \(largest), the largest stop number") }
        return .stop(number)
    }

    private static func describe(_ value: JSONValue) -> String {
        if case let .number(number) = value { return String(number) }
        return value.kindDescription
    }

    /// The stop of the entry at `index`: its `stop`, else (with a warning when it holds
    /// something else) its place in the list, from 1.
    static func stop(_ entry: JSONValue, index: Int, at place: String, reader: inout FieldReader) -> Int {
        let placeInList = index + 1
        switch read(entry["stop"]) {
        case nil: return placeInList
        case let .stop(stop)?: return stop
        case let .problem(problem)?:
            reader.warn(at: "\(place).stop", "\(problem); the exhibit's place in the list, \(placeInList), is its stop instead")
            return placeInList
        }
    }

    /// What the shared-stops check needs of an entry, kept by a reader that lets the entries go.
    struct EntryShape: Sendable, Equatable {
        var isObject: Bool
        var givesStop: Bool

        init(isObject: Bool, givesStop: Bool) {
            self.isObject = isObject
            self.givesStop = givesStop
        }

        init(_ entry: JSONValue) {
            if case .object = entry { isObject = true } else { isObject = false }
            givesStop = isGiven(entry)
        }
    }

    /// A warning for each exhibit whose stop an earlier one has, naming both places (as
    /// `place` names a key path in the file, `:5 (stop)` for a spreadsheet). `shapes` are
    /// the items file's entries the exhibits were read from, in order.
    static func duplicates(_ exhibits: ExhibitTable, shapes: [EntryShape], file: String, place: (String) -> String) -> [Diagnostic] {
        // Entries that are no object were skipped, so an exhibit's entry is found by counting.
        let entryIndex = shapes.count == exhibits.count ? Array(shapes.indices) : shapes.indices.filter { shapes[$0].isObject }
        guard entryIndex.count == exhibits.count else { return [] }
        var first: [Int: Int] = [:]
        first.reserveCapacity(exhibits.count)
        var diagnostics: [Diagnostic] = []
        for position in exhibits.indices {
            // Only the stop: a packed exhibit decoded whole is an allocation for each text.
            let stop = exhibits.stop(at: position)
            guard let earlier = first[stop] else {
                first[stop] = position
                continue
            }
            let exhibit = exhibits[position]
            let (this, that) = (entryIndex[position], entryIndex[earlier])
            let thisGiven = shapes[this].givesStop, thatGiven = shapes[that].givesStop
            let thatPlace = file + place(thatGiven ? "[\(that)].stop" : "[\(that)]") + (thatGiven ? "" : " (its place in the list)")
            var message = "stop \(exhibit.stop)\(thisGiven ? "" : " (its place in the list)") is also the stop of \(thatPlace); "
                + "/stop/\(exhibit.stop) leads to that one, the first"
            if !thisGiven || !thatGiven {
                message += "; give a stop to every exhibit or to none, as those without one are numbered by their place in the list"
            }
            diagnostics.append(Diagnostic(.warning, file: file, place: place(thisGiven ? "[\(this)].stop" : "[\(this)]"), message))
        }
        return diagnostics
    }

    fileprivate static func isGiven(_ entry: JSONValue) -> Bool {
        if case .stop? = read(entry["stop"]) { return true }
        return false
    }
}

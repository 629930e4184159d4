import Foundation

/// Reads an exhibit's position (`floor`, `x`, `y`) from its entry. Any problem is a warning
/// and the exhibit has no position: it stays in the guide, only off the plan.
enum PositionDecoder {
    static let keys = ["floor", "x", "y"]

    /// The floors an exhibit may stand on, and the file that gives them, for messages.
    struct KnownFloors: Sendable {
        var ids: Set<String>
        var file: String

        static let none = KnownFloors(ids: [], file: "floors.json")
    }

    /// The entry's position, or nil. One pass over the entry's keys: a catalog without
    /// positions pays no more than that.
    static func position(_ entry: JSONValue, at place: String, floors: KnownFloors, reader: inout FieldReader) -> ExhibitPosition? {
        guard case let .object(members) = entry else { return nil }
        var floorValue: JSONValue?, xValue: JSONValue?, yValue: JSONValue?
        for member in members {
            switch member.key {
            case "floor": floorValue = floorValue ?? member.value
            case "x": xValue = xValue ?? member.value
            case "y": yValue = yValue ?? member.value
            default: continue
            }
        }
        guard floorValue != nil || xValue != nil || yValue != nil else { return nil }
        let missing = zip(keys, [floorValue, xValue, yValue]).filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let floorValue, let xValue, let yValue else {
            let given = zip(keys, [floorValue, xValue, yValue]).filter { $0.1 != nil }.map(\.0)
            reader.warn(at: "\(place).\(given[0])", "only \(given.joined(separator: " and ")) given, without \(missing.joined(separator: " and ")); "
                        + "a position needs floor, x and y, so the exhibit is not shown on the plan")
            return nil
        }
        let x = coordinate(xValue, "x", at: place, reader: &reader)
        let y = coordinate(yValue, "y", at: place, reader: &reader)
        guard let floor = floorID(floorValue, at: place, floors: floors, reader: &reader), let x, let y else { return nil }
        return ExhibitPosition(floor: floor, x: x, y: y)
    }

    private static func floorID(_ value: JSONValue, at place: String, floors: KnownFloors, reader: inout FieldReader) -> String? {
        let id: String
        switch value {
        case let .string(text): id = text.trimmingSpaces
        case let .integer(number): id = String(number)
        case let .number(number) where number.rounded() == number && abs(number) < 1e15: id = String(Int(number))
        default:
            reader.warn(at: "\(place).floor", "expected a floor's id, found \(value.kindDescription); the exhibit is not shown on the plan")
            return nil
        }
        guard floors.ids.contains(id) else {
            let listed = floors.ids.isEmpty ? "the catalog has no \(floors.file)" : "\(floors.file) has no floor with this id"
            reader.warn(at: "\(place).floor", "\"\(id.prefix(40))\": \(listed); the exhibit is not shown on the plan")
            return nil
        }
        return id
    }

    /// A percentage of the plan: a JSON number, or text holding one (a spreadsheet's cell).
    private static func coordinate(_ value: JSONValue, _ key: String, at place: String, reader: inout FieldReader) -> Double? {
        let number: Double?
        switch value {
        case let .integer(given): number = Double(given)
        case let .number(given): number = given
        case let .string(text): number = Double(text.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
        default: number = nil
        }
        guard let number else {
            let found = if case let .string(text) = value { "\"\(text.prefix(40))\"" } else { value.kindDescription }
            reader.warn(at: "\(place).\(key)", "\(found) is not a number; \(key) is a percentage of the plan's "
                        + "\(key == "x" ? "width" : "height") (0 to 100), so the exhibit is not shown on the plan")
            return nil
        }
        guard (0...100).contains(number) else {
            reader.warn(at: "\(place).\(key)", "\(format(number)) is outside the plan: \(key) is a percentage of its "
                        + "\(key == "x" ? "width" : "height"), from 0 to 100; the exhibit is not shown on the plan")
            return nil
        }
        return number
    }

    /// A translation's entry may not move the exhibit: a warning when it gives a position.
    static func checkTranslation(_ entry: JSONValue, at place: String, reader: inout FieldReader) {
        guard case let .object(members) = entry, let key = members.first(where: { keys.contains($0.key) })?.key else { return }
        reader.warn(at: "\(place).\(key)", "a position is the same in every language; the main language's is used")
    }

    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// Where an exhibit stands: on a floor, at `x` and `y` percent (0–100) of its plan's width
/// and height from the plan's top-left corner as drawn. The same in every language.
public struct ExhibitPosition: Sendable, Equatable {
    public var floor: String
    public var x: Double
    public var y: Double

    public init(floor: String, x: Double, y: Double) {
        self.floor = floor
        self.x = x
        self.y = y
    }
}

/// A position behind one reference: most exhibits of a large collection have none, and an
/// exhibit is copied many times while a catalog loads and renders, so a nil pointer is all
/// they carry; a translation shares its primary exhibit's box.
final class PositionBox: Sendable, Equatable {
    let position: ExhibitPosition

    init(_ position: ExhibitPosition) {
        self.position = position
    }

    static func == (left: PositionBox, right: PositionBox) -> Bool {
        left === right || left.position == right.position
    }
}

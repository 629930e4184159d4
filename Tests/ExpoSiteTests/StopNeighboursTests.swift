import ExpoCatalog
import Testing
@testable import ExpoSite

/// The stops before and after an exhibit's own, which the lock screen's previous and next
/// buttons follow: by stop number, not by place in the list.
@Suite struct StopNeighboursTests {
    private static func exhibit(_ id: String, stop: Int) -> Exhibit {
        Exhibit(id: id, stop: stop, name: id, shortDescription: "", description: "", images: [ExhibitImage(name: id)])
    }

    /// Packed, as a load holds them: the directory reads each exhibit's stop from its record.
    private static func packed(_ exhibits: [Exhibit]) -> ExhibitTable {
        var table = ExhibitTable(exhibits)
        table.pack()
        return table
    }

    @Test func neighboursFollowTheNumbersWhateverTheListsOrder() {
        // In the list: stops 30, 10, 20, 50 (places 0, 1, 2, 3).
        let directory = StopDirectory(Self.packed([("a", 30), ("b", 10), ("c", 20), ("d", 50)].map(Self.exhibit)))
        #expect(directory.neighbours(of: 10) == (nil, 2))
        #expect(directory.neighbours(of: 20) == (1, 0))
        #expect(directory.neighbours(of: 30) == (2, 3))
        #expect(directory.neighbours(of: 50) == (0, nil))
    }

    @Test func aStopLeadsToTheFirstExhibitWithItsNumber() {
        // Places 0 to 5: stops 7, 3, 7, 12, 3, 1. The second 7 and the second 3 lead nowhere.
        let directory = StopDirectory(Self.packed([("a", 7), ("b", 3), ("c", 7), ("d", 12), ("e", 3), ("f", 1)].map(Self.exhibit)))
        #expect([1, 3, 7, 12].map(directory.position) == [5, 1, 0, 3])
        #expect([0, 2, 4, 8, 13, -1, Int.max].map(directory.position) == Array(repeating: nil, count: 7))
        #expect(directory.stops.map(\.stop) == [1, 3, 7, 12])
        #expect(directory.neighbours(of: 7) == (1, 3))
        // In order, numbered from 1 as a catalog without stops is: each number its place.
        let inOrder = StopDirectory(Self.packed((1...5000).map { Self.exhibit("e\($0)", stop: $0) }))
        #expect((1...5000).allSatisfy { inOrder.position($0) == $0 - 1 })
        #expect(inOrder.position(5001) == nil)
    }
}

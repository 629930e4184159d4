import ExpoCatalog
import Testing
@testable import ExpoSite

/// The stops before and after an exhibit's own, which the lock screen's previous and next
/// buttons follow: by stop number, not by place in the list.
@Suite struct StopNeighboursTests {
    private static func exhibit(_ id: String, stop: Int) -> Exhibit {
        Exhibit(id: id, stop: stop, name: id, shortDescription: "", description: "", images: [ExhibitImage(name: id)])
    }

    @Test func neighboursFollowTheNumbersWhateverTheListsOrder() {
        // In the list: stops 30, 10, 20, 50 (places 0, 1, 2, 3).
        let directory = StopDirectory([("a", 30), ("b", 10), ("c", 20), ("d", 50)].map(Self.exhibit))
        #expect(directory.neighbours(of: 10) == (nil, 2))
        #expect(directory.neighbours(of: 20) == (1, 0))
        #expect(directory.neighbours(of: 30) == (2, 3))
        #expect(directory.neighbours(of: 50) == (0, nil))
    }
}

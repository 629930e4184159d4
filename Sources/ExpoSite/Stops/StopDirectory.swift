import ExpoCatalog

/// Which exhibit each stop number leads to: the first in the list with that number (the
/// catalog warns about the others). Made once per site, so that `/stop/12` is a search of
/// 19 steps among 400,000 stops. A table by number beside the list was 17 MB at that size.
struct StopDirectory: Sendable {
    /// Every stop, in increasing order, with its exhibit's place in every edition's list.
    let stops: [(stop: Int, position: Int)]

    init(_ exhibits: ExhibitTable) {
        var stops: [(stop: Int, position: Int)] = []
        stops.reserveCapacity(exhibits.count)
        // Only the stops: a packed exhibit decoded whole is an allocation for each text.
        for position in exhibits.indices {
            stops.append((exhibits.stop(at: position), position))
        }
        // Stops are mostly the list's order already, and checking that is quick. Otherwise,
        // sorted by stop and then place, the first of each number is the one kept.
        if !stops.indices.dropFirst().allSatisfy({ stops[$0 - 1].stop < stops[$0].stop }) {
            stops.sort { ($0.stop, $0.position) < ($1.stop, $1.position) }
            var kept = 0
            for index in stops.indices where kept == 0 || stops[kept - 1].stop != stops[index].stop {
                stops[kept] = stops[index]
                kept += 1
            }
            stops.removeLast(stops.count - kept)
        }
        self.stops = stops
    }

    /// The place in the list of the exhibit at stop `number`, or nil.
    func position(_ number: Int) -> Int? {
        let index = firstIndex(notBefore: number)
        return index < stops.count && stops[index].stop == number ? stops[index].position : nil
    }

    /// The index of the first stop at `number` or after it.
    private func firstIndex(notBefore number: Int) -> Int {
        var low = 0, high = stops.count
        while low < high {
            let middle = (low + high) / 2
            if stops[middle].stop < number { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The places in the list of the exhibits at the stops before and after `number`: where
    /// a visitor walking the stops in order goes next (the lock screen's previous and next).
    func neighbours(of number: Int) -> (previous: Int?, next: Int?) {
        let low = firstIndex(notBefore: number)
        let after = low < stops.count && stops[low].stop == number ? low + 1 : low
        return (low > 0 ? stops[low - 1].position : nil, after < stops.count ? stops[after].position : nil)
    }

    /// The stop a visitor typed (`12`, ` 012 `), read as a number, or nil when it is none.
    static func number(_ typed: Substring) -> Int? {
        var digits = typed.drop { $0 == " " }
        while digits.last == " " { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(digits)
    }
}

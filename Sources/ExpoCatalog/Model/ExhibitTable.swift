/// An edition's exhibits in catalog order, read and changed like an array. Behind it, the
/// exhibits a load has packed (`PackedExhibits`), each decoded when it is asked for, then
/// those added since, held whole. 400,000 museum records held decoded were most of a
/// gigabyte; packed, they are their texts' bytes.
///
/// A change to a packed exhibit is held beside the packed runs, which are shared and never
/// change; an insertion or removal among them unpacks the whole table, as the studio's
/// rare reordering may, and the next load packs it again.
public struct ExhibitTable: Sendable {
    private var runs: [PackedExhibits] = []
    /// Where each packed run starts in the table.
    private var runStarts: [Int] = []
    private var packedCount = 0
    /// Packed exhibits changed since they were packed, by their place.
    private var changed: [Int: Exhibit] = [:]
    /// The exhibits after the packed ones.
    private var tail: [Exhibit] = []

    public init() {}

    public init(_ exhibits: [Exhibit]) {
        tail = exhibits
    }

    /// Packs the exhibits added since the last time: a load does so as it reads, so that a
    /// large catalog is never held decoded whole.
    public mutating func pack() {
        guard !tail.isEmpty else { return }
        runStarts.append(packedCount)
        runs.append(PackedExhibits(tail))
        packedCount += tail.count
        tail = []
    }

    /// Adds a packed run after the exhibits held now.
    mutating func append(_ run: PackedExhibits) {
        // An empty run would start where the next one does, and be found in its place.
        guard run.count > 0 else { return }
        pack()
        runStarts.append(packedCount)
        runs.append(run)
        packedCount += run.count
    }

    /// Adds `exhibit`, packing the exhibits not yet packed once they are a run's worth: a
    /// table made one exhibit at a time holds at most a run of them decoded.
    public mutating func appendPacking(_ exhibit: Exhibit) {
        tail.append(exhibit)
        if tail.count >= Self.runLength { pack() }
    }

    /// Exhibits packed together by `appendPacking`.
    static let runLength = 8192

    /// How many exhibits are held packed, for tests and measurements.
    public var packed: Int { packedCount }

    /// The stop of the exhibit at `position`: a pass over every exhibit's stop decodes
    /// only that much of each.
    public func stop(at position: Int) -> Int {
        read(position, \.stop) { $0.stop(at: $1) }
    }

    /// The id of the exhibit at `position`, decoding only that much of it.
    public func id(at position: Int) -> String {
        read(position, \.id) { $0.id(at: $1) }
    }

    /// The id and name of the exhibit at `position`, decoding only that much of it: a page
    /// names its neighbours, and decoding them whole was a tenth of an export's time.
    public func heading(at position: Int) -> ExhibitHeading {
        read(position, ExhibitHeading.init) { $0.heading(at: $1) }
    }

    /// Whether the exhibit at `position` is only texts, a stop and facts
    /// (`Exhibit.isPlain`), which every packed record is.
    func isPlain(at position: Int) -> Bool {
        read(position, \.isPlain) { $0.whole(at: $1)?.isPlain ?? true }
    }

    /// Whether the exhibit at `position` has images of its own (`Exhibit.hasOwnImages`):
    /// a packed record has none, so nothing is decoded.
    func hasOwnImages(at position: Int) -> Bool {
        read(position, \.hasOwnImages) { $0.whole(at: $1)?.hasOwnImages ?? false }
    }

    /// The exhibits that are more than texts, a stop and facts (images of their own, a
    /// recording, versions, a place on a plan), in order: a pass over what only they have
    /// reads none of the packed records.
    public var richExhibits: [Exhibit] {
        var positions = zip(runs, runStarts).flatMap { run, start in run.wholePositions.map { $0 + start } }
        positions += changed.keys
        positions = Set(positions).sorted()
        return positions.map { self[$0] }.filter { !$0.isPlain } + tail.filter { !$0.isPlain }
    }

    /// The places where the exhibits differ from `other`'s, which has as many. Tables made
    /// from the same packed runs (a catalog and the studio's changes to it) compare only
    /// the exhibits changed since, not every record decoded twice.
    public func differingPositions(from other: ExhibitTable) -> [Int] {
        precondition(count == other.count, "tables of as many exhibits")
        let sharesRuns = packedCount == other.packedCount && runs.count == other.runs.count
            && zip(runs, other.runs).allSatisfy { $0 === $1 }
        let candidates = sharesRuns ? Set(changed.keys).union(other.changed.keys).sorted() + Array(packedCount..<endIndex) : Array(indices)
        return candidates.filter { self[$0] != other[$0] }
    }

    /// Every exhibit's id, in order.
    public var ids: [String] { indices.map(id(at:)) }

    private func element(_ position: Int) -> Exhibit {
        read(position, { $0 }) { $0[$1] }
    }

    private func read<Value>(_ position: Int, _ part: (Exhibit) -> Value, packed: (PackedExhibits, Int) -> Value) -> Value {
        precondition(position >= 0 && position < endIndex, "an exhibit's place is within the table")
        if position >= packedCount { return part(tail[position - packedCount]) }
        if !changed.isEmpty, let exhibit = changed[position] { return part(exhibit) }
        var run = runs.count - 1
        if run > 0 {
            // The last run that starts at or before `position`.
            var (low, high) = (0, run)
            while low < high {
                let middle = (low + high + 1) / 2
                if runStarts[middle] <= position { low = middle } else { high = middle - 1 }
            }
            run = low
        }
        return packed(runs[run], position - runStarts[run])
    }
}

extension ExhibitTable: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { packedCount + tail.count }

    public subscript(position: Int) -> Exhibit {
        get { element(position) }
        _modify {
            precondition(position >= 0 && position < endIndex, "an exhibit's place is within the table")
            if position >= packedCount {
                yield &tail[position - packedCount]
            } else {
                var exhibit = element(position)
                yield &exhibit
                changed[position] = exhibit
            }
        }
    }
}

extension ExhibitTable: RangeReplaceableCollection {
    public mutating func replaceSubrange<C: Collection<Exhibit>>(_ range: Range<Int>, with exhibits: C) {
        if range.lowerBound < packedCount {
            tail = Array(self)
            runs = []
            runStarts = []
            packedCount = 0
            changed = [:]
        }
        tail.replaceSubrange((range.lowerBound - packedCount)..<(range.upperBound - packedCount), with: exhibits)
    }

    public mutating func reserveCapacity(_ count: Int) {
        tail.reserveCapacity(Swift.max(count - packedCount, 0))
    }
}

extension ExhibitTable: ExpressibleByArrayLiteral {
    public init(arrayLiteral exhibits: Exhibit...) {
        tail = exhibits
    }
}

extension ExhibitTable: Equatable {
    public static func == (left: ExhibitTable, right: ExhibitTable) -> Bool {
        guard left.count == right.count else { return false }
        // The same packed runs, shared by copies of one table: only what changed since.
        if left.runs.count == right.runs.count, zip(left.runs, right.runs).allSatisfy({ $0 === $1 }),
           left.changed == right.changed, left.tail == right.tail {
            return true
        }
        return left.elementsEqual(right)
    }
}

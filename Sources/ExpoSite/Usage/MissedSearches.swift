/// Searches that found nothing, kept so that no one's words are: a query is stored only once
/// it has been asked at least `threshold` times (folded, so "Gayageum" and "gayageum" are one),
/// and held in memory until then, so a name typed once never reaches the disk. A query that
/// looks like an e-mail address or a telephone number is never kept at all.
public struct MissedSearches: Sendable {
    public struct Query: Hashable, Sendable {
        public let language: String
        public let text: String

        public init(language: String, text: String) {
            self.language = language
            self.text = text
        }
    }

    public static let threshold = 5
    /// The longest query kept, in characters: longer ones are sentences, not searches.
    public static let longest = 80
    /// Queries held in memory below the threshold; past it, new ones are not held, so a
    /// flood of made-up queries cannot grow the memory.
    public let pendingLimit: Int
    /// Queries past the threshold, whose misses are stored as they come; past it, new ones stay pending.
    public let keptLimit: Int
    /// Days a pending query is held before it is forgotten.
    public static let pendingDays = 30

    private var pending: [Query: (count: Int, firstDay: Int)] = [:]
    private var kept: Set<Query> = []

    public init(pendingLimit: Int = 10_000, keptLimit: Int = 10_000, kept: some Sequence<Query> = []) {
        self.pendingLimit = pendingLimit
        self.keptLimit = keptLimit
        for query in kept.prefix(keptLimit) { self.kept.insert(query) }
    }

    /// The query as it would be kept: folded, spaces collapsed; nil for one never kept
    /// (empty, too long, an e-mail address, a telephone number).
    public static func keptForm(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let joined = words.joined(separator: " ")
        guard !joined.isEmpty, joined.count <= longest, !looksPersonal(joined) else { return nil }
        guard !joined.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) else { return nil }
        return SearchText.fold(joined)
    }

    /// An e-mail address (anything with an `@`), or a telephone number (seven digits or more
    /// among only digits, spaces, dots and + - ( )).
    static func looksPersonal(_ text: String) -> Bool {
        if text.contains("@") || text.contains("＠") { return true }
        let digits = text.unicodeScalars.filter { $0.properties.numericType == .decimal }.count
        let phoneLike = text.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal || " .+-()/".unicodeScalars.contains($0) }
        return digits >= 7 && phoneLike
    }

    /// Notes one miss on `day`; the number of misses to store now (0 while the query is
    /// pending, `threshold` when it has just reached it, then 1 a miss).
    public mutating func note(_ query: Query, day: Int) -> Int {
        if kept.contains(query) { return 1 }
        var entry = pending[query] ?? (0, day)
        if entry.count == 0, pending.count >= pendingLimit { return 0 }
        entry.count += 1
        guard entry.count >= Self.threshold, kept.count < keptLimit else {
            pending[query] = entry
            return 0
        }
        pending[query] = nil
        kept.insert(query)
        return entry.count
    }

    /// Forgets pending queries first asked more than `pendingDays` before `day`.
    public mutating func forget(before day: Int) {
        pending = pending.filter { $0.value.firstDay > day - Self.pendingDays }
    }

    public var pendingCount: Int { pending.count }
}

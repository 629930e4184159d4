/// The known name a mistyped one was most likely meant to be (`shortdesc` → `short_desc`),
/// for "did you mean" in messages.
enum NearestName {
    static func suggestion(for name: String, among known: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        // Only close names: a third of the name's letters at most, so `colour` finds
        // nothing rather than a random key.
        guard let best, best.distance <= max(2, typed.count / 3) else { return nil }
        return best.name
    }

    static func hint(for name: String, among known: some Sequence<String>) -> String {
        suggestion(for: name, among: known).map { "; did you mean \($0)?" } ?? ""
    }

    /// Levenshtein distance, with one row kept.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}

/// The known name a mistyped one was most likely meant to be (`shortdesc` → `short_desc`),
/// for "did you mean" in messages.
enum NearestName {
    static func suggestion(for name: String, among known: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        // Only close names: a third of the name's letters at most, so `colour` finds
        // nothing rather than a random key.
        let limit = max(2, typed.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in known {
            // The lengths' difference is the least the distance can be: most candidates are
            // ruled out without computing it (a spreadsheet may have 100,000 unknown columns).
            guard abs(candidate.count - typed.count) <= min(limit, (best?.distance ?? .max) - 1) else { continue }
            let distance = editDistance(typed, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.name
    }

    static func hint(for name: String, among known: some Sequence<String>) -> String {
        suggestion(for: name, among: known).map { "; did you mean \($0)?" } ?? ""
    }

    /// Levenshtein distance, with one row kept; plain loops, as it runs for every unknown
    /// name against every known one.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = [Int](repeating: 0, count: b.count + 1)
        var k = 0
        while k <= b.count { row[k] = k; k += 1 }
        var i = 1
        while i <= a.count {
            var diagonal = row[0]
            row[0] = i
            var j = 1
            while j <= b.count {
                let above = row[j]
                var best = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)
                if above + 1 < best { best = above + 1 }
                if row[j - 1] + 1 < best { best = row[j - 1] + 1 }
                row[j] = best
                diagonal = above
                j += 1
            }
            i += 1
        }
        return row[b.count]
    }
}

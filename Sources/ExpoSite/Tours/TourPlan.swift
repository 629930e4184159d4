import ExpoCatalog

/// The tours' pages in a `SitePlan`: `tours/`, each tour, each of its stops in every
/// language, and each tour's IIIF collection. Read back from a path without a table of
/// paths, like the exhibits' pages; a catalog without tours has none of them.
struct TourPlan: Sendable {
    let ids: [String]
    /// Each tour's place in every edition's list, by id.
    let positions: [String: Int]
    let stopCounts: [Int]

    init(_ tours: [Tour]) {
        ids = tours.map(\.id)
        stopCounts = tours.map(\.stops.count)
        var positions: [String: Int] = [:]
        for (index, id) in ids.enumerated() { positions[id] = index }
        self.positions = positions
    }

    /// How many pages one language has.
    var pageCount: Int { ids.isEmpty ? 0 : 1 + ids.count + stopCounts.reduce(0, +) }

    func jobs(_ language: Language, routes: Routes) -> [(path: String, job: PageJob)] {
        guard !ids.isEmpty else { return [] }
        var jobs: [(path: String, job: PageJob)] = [(routes.tours(language), .tours(language))]
        for (index, id) in ids.enumerated() {
            jobs.append((routes.tour(id, language), .tour(language, index: index)))
            for number in stride(from: 1, through: stopCounts[index], by: 1) {
                jobs.append((routes.tourStop(id, number, language), .tourStop(language, tour: index, stop: number)))
            }
        }
        return jobs
    }

    func iiifJobs(routes: Routes) -> [(path: String, job: PageJob)] {
        ids.enumerated().map { (routes.iiifTourCollection($1), .iiifTourCollection(tour: $0)) }
    }

    /// The page at `rest`, what follows `tours/` in a language's folder.
    func job(_ language: Language, _ rest: Substring) -> PageJob? {
        guard !ids.isEmpty else { return nil }
        if rest.isEmpty { return .tours(language) }
        guard rest.hasSuffix("/") else { return nil }
        let parts = rest.dropLast().split(separator: "/", omittingEmptySubsequences: false)
        guard let id = parts.first, let index = positions[String(id)] else { return nil }
        if parts.count == 1 { return .tour(language, index: index) }
        // Only the number as Routes writes it: `02/` is not stop 2.
        guard parts.count == 2, let number = Int(parts[1]), String(number) == parts[1],
              number >= 1, number <= stopCounts[index] else { return nil }
        return .tourStop(language, tour: index, stop: number)
    }

    func iiifJob(_ path: String) -> PageJob? {
        let prefix = "/iiif/tours/", suffix = "/collection.json"
        guard path.hasPrefix(prefix), path.hasSuffix(suffix), path.count > prefix.count + suffix.count else { return nil }
        let id = String(path.dropFirst(prefix.count).dropLast(suffix.count))
        return positions[id].map { .iiifTourCollection(tour: $0) }
    }
}

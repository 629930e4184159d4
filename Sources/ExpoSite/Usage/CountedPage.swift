import ExpoCatalog

/// A page whose views are counted: an exhibit's, the exposition's, or a tour's stop. Worked
/// out once, when the page is made or first served, so that counting a view costs the
/// server a lookup it has already done.
public struct CountedPage: Sendable, Equatable {
    /// The exhibit's id; "" for the exposition.
    public let subject: String
    public let language: String
    /// A tour's stop: the subject of its funnel (`UsageSubject.tourStop`), and the route
    /// that led in, whatever the referrer says.
    public let tourStop: String?
}

/// What a count is about, as stored: an exhibit's id, "" for the exposition, or a tour's
/// stop. Exhibit ids cannot hold a colon (`Tour.untranslatedKey` relies on it too), so the
/// two kinds never meet.
public enum UsageSubject {
    public static let exposition = ""
    /// A folded month's counts of every subject together (the routes that led in); no
    /// exhibit id is `*`, as ids are letters, digits, - and _.
    public static let everything = "*"

    public static func tourStop(_ tour: String, _ number: Int) -> String { "tour:\(tour)#\(number)" }

    /// The tour and stop number of a subject made by `tourStop`, else nil.
    public static func tourStop(of subject: String) -> (tour: String, number: Int)? {
        guard subject.hasPrefix("tour:"), let hash = subject.lastIndex(of: "#"),
              let number = Int(subject[subject.index(after: hash)...]) else { return nil }
        return (String(subject[subject.index(subject.startIndex, offsetBy: 5)..<hash]), number)
    }
}

extension Site {
    /// The counted page at `path`, or nil for every other file (assets, lists, labels).
    public func countedPage(at path: String) -> CountedPage? {
        switch plan.job(at: path) {
        case let .exhibit(language, index):
            return CountedPage(subject: plan.exhibitIDs[index], language: language.code, tourStop: nil)
        case let .exposition(language):
            return CountedPage(subject: UsageSubject.exposition, language: language.code, tourStop: nil)
        case let .tourStop(language, tour, stop):
            let tours = context.catalog.primary.tours
            guard tours.indices.contains(tour), tours[tour].stops.indices.contains(stop - 1) else { return nil }
            return CountedPage(subject: tours[tour].stops[stop - 1], language: language.code,
                               tourStop: UsageSubject.tourStop(tours[tour].id, stop))
        default:
            return nil
        }
    }

    /// The route a visitor came in by, from the guide's own path that linked here (the
    /// `Referer`'s path and query, once its origin was found to be this guide's) and the
    /// `from=` a stop's redirect adds. Anything not one of the guide's screens is `other`.
    public func entry(referrerPath: Substring?, referrerQuery: Substring?, from: Substring?) -> UsageEntry {
        if let from, let entry = UsageEntry(rawValue: String(from)), entry == .label || entry == .stop { return entry }
        guard let referrerPath else { return .other }
        switch plan.job(at: String(referrerPath)) {
        case .exhibitList:
            return referrerQuery.map(Self.isSearch) == true ? .search : .list
        case .tours, .tour, .tourStop: return .tour
        case .browse, .facet, .facetValue: return .browse
        case .map: return .map
        case .stops: return .stop
        default: return .other
        }
    }

    /// Whether a list's query string is a search's: a `q=` that is not empty.
    public static func isSearch(_ query: Substring) -> Bool {
        query.split(separator: "&").contains { $0.hasPrefix("q=") && $0.count > 2 }
    }

    /// Whether this site's pages are counted, so that the server works out their routes.
    public var counts: Bool { context.assets.counting != nil }

    /// Whether `id` names an exhibit of the guide: a count about any other is refused.
    public func hasExhibit(_ id: String) -> Bool { plan.positions[id] != nil }

    /// Whether `subject` is a tour's stop this guide has.
    public func hasTourStop(_ subject: String) -> Bool {
        guard let (tour, number) = UsageSubject.tourStop(of: subject), let index = plan.tours.positions[tour] else { return false }
        return number >= 1 && number <= plan.tours.stopCounts[index]
    }

    /// Whether `code` is one of the guide's languages.
    public func hasLanguage(_ code: Substring) -> Bool { languages.contains { $0.code == code } }
}

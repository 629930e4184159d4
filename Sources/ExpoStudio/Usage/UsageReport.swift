import ExpoCatalog
import ExpoServer
import ExpoSite

/// What the dashboard shows for a range of days, worked out from the stored rows and the
/// catalog (which names the exhibits, and knows the ones nobody opened).
public struct UsageReport: Sendable {
    public struct Bar: Sendable, Equatable {
        public let label: String
        public let value: Int
    }

    public struct Plays: Sendable, Equatable {
        public let kind: String
        public let started: Int
        public let finished: Int
    }

    public struct TourFunnel: Sendable, Equatable {
        public let title: String
        public let stops: [Bar]
    }

    public let first: Int
    public let last: Int
    /// Views a day (or, for days already folded, a month), in order.
    public let viewsByPeriod: [Bar]
    public let totalViews: Int
    public let mostOpened: [Bar]
    public let leastOpened: [Bar]
    public let plays: [Plays]
    public let tours: [TourFunnel]
    public let entries: [Bar]
    public let languages: [Bar]
    public let missed: [(language: String, query: String, count: Int)]
    /// Every search that found nothing, its words kept or not.
    public let missedTotal: Int
    /// Speeds, transcripts, captions, versions, saves and installs.
    public let others: [Bar]

    static let listed = 10

    public init(rows: [UsageRow], missed: [(language: String, query: String, count: Int)], catalog: Catalog, first: Int, last: Int) {
        self.first = first
        self.last = last
        self.missed = missed
        var byPeriod: [String: Int] = [:]
        var byExhibit: [String: Int] = [:]
        var byMetric: [UsageMetric: Int] = [:]
        var byLanguage: [String: Int] = [:]
        var byTourStop: [String: Int] = [:]
        for row in rows {
            // A folded month keeps its routes under `everything`, and each subject's views as `viewsFolded`.
            if row.subject == UsageSubject.everything {
                byMetric[row.metric, default: 0] += row.count
                continue
            }
            if !(row.metric.isView && row.period.count == 7) { byMetric[row.metric, default: 0] += row.count }
            guard row.metric.isView else { continue }
            if UsageSubject.tourStop(of: row.subject) != nil {
                byTourStop[row.subject, default: 0] += row.count
                continue
            }
            byPeriod[row.period, default: 0] += row.count
            byLanguage[row.language, default: 0] += row.count
            if row.subject != UsageSubject.exposition { byExhibit[row.subject, default: 0] += row.count }
        }
        // Every day of the range, with 0 where nothing was counted; a month already folded
        // stands as one bar in place of its days.
        let months = byPeriod.keys.filter { $0.count == 7 }
        var periods = months.sorted().map { Bar(label: $0, value: byPeriod[$0] ?? 0) }
        let folded = Set(months)
        for day in first...last {
            let date = UsageDay.date(day)
            if byPeriod[date] != nil || !folded.contains(String(date.prefix(7))) {
                periods.append(Bar(label: date, value: byPeriod[date] ?? 0))
            }
        }
        viewsByPeriod = periods
        totalViews = periods.reduce(0) { $0 + $1.value }
        let exhibits = catalog.primary.exhibits
        var names: [String: String] = [:]
        for exhibit in exhibits { names[exhibit.id] = exhibit.name }
        let opened = exhibits.map { Bar(label: $0.name, value: byExhibit[$0.id] ?? 0) }
        mostOpened = Array(opened.filter { $0.value > 0 }.sorted { $0.value > $1.value }.prefix(Self.listed))
        // The stable sort keeps the catalog's order among exhibits opened as often.
        leastOpened = Array(opened.enumerated().sorted { ($0.element.value, $0.offset) < ($1.element.value, $1.offset) }
            .prefix(Self.listed).map(\.element))
        plays = [("recording", UsageMetric.recordingStarted, UsageMetric.recordingFinished),
                 ("description", .descriptionStarted, .descriptionFinished),
                 ("video", .videoStarted, .videoFinished), ("sign", .signStarted, .signFinished)].map {
            Plays(kind: $0.0, started: byMetric[$0.1] ?? 0, finished: byMetric[$0.2] ?? 0)
        }
        tours = catalog.primary.tours.map { tour in
            TourFunnel(title: tour.title, stops: tour.stops.enumerated().map { index, id in
                Bar(label: "\(index + 1). \(names[id] ?? id)", value: byTourStop[UsageSubject.tourStop(tour.id, index + 1)] ?? 0)
            })
        }
        entries = UsageEntry.allCases.map { Bar(label: $0.rawValue, value: byMetric[UsageMetric.view($0)] ?? 0) }
        languages = catalog.languages.map { Bar(label: $0.code, value: byLanguage[$0.code] ?? 0) }
        missedTotal = byMetric[.searchMissed] ?? 0
        others = UsageMetric.allCases.filter { $0.rawValue >= 20 && $0 != .searchMissed }.map { Bar(label: $0.name, value: byMetric[$0] ?? 0) }
    }
}

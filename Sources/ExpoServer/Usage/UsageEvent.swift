import ExpoSite
import Foundation

/// One event a page sends with `navigator.sendBeacon` (a form-encoded text, so that a
/// static export on another host may send it without asking first):
/// `e=start&x=jikji&l=ko&v=recording`. Every field is checked against a fixed list and
/// against the guide being served: an exhibit it does not have, a language it does not
/// speak, a field or value it does not know, each refuses the whole event.
public enum UsageEvent: Equatable, Sendable {
    case count(UsageTally.Key)
    /// A search that found nothing, to be noted by `MissedSearches`.
    case missed(text: String, language: String)

    /// The endpoint's path; the same on every guide, so an export's `--events-url` names the guide's origin plus this.
    public static let path = "/count"
    /// The largest body taken; a longer one is refused unread.
    public static let largest = 1024

    public enum Refusal: Error, Equatable {
        case malformed(String)
        case unknown(String)
    }

    /// The event in `body`, checked against `site`.
    public static func parse(_ body: some Collection<UInt8>, site: Site) throws(Refusal) -> [UsageEvent] {
        guard body.count <= largest else { throw .malformed("longer than \(largest) bytes") }
        guard let text = String(validating: body, as: UTF8.self) else { throw .malformed("not UTF-8") }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "=") else { throw .malformed("a field without a value") }
            let name = String(pair[..<equals])
            guard ["e", "x", "l", "v", "q", "t"].contains(name) else { throw .unknown("field \(name)") }
            guard fields[name] == nil else { throw .malformed("field \(name) twice") }
            guard let value = String(pair[pair.index(after: equals)...]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                throw .malformed("field \(name) is not percent-encoded")
            }
            fields[name] = value
        }
        guard let event = fields["e"] else { throw .malformed("no event") }
        guard let language = fields["l"], site.hasLanguage(Substring(language)) else { throw .unknown("language") }
        let subject = fields["x"] ?? UsageSubject.exposition
        guard subject == UsageSubject.exposition || site.hasExhibit(subject) else { throw .unknown("exhibit") }
        let value = fields["v"]
        func one(_ metric: UsageMetric?, subject: String = subject) throws(Refusal) -> [UsageEvent] {
            guard let metric else { throw .unknown("value of \(event)") }
            return [.count(UsageTally.Key(subject: subject, language: language, metric: metric))]
        }
        let allowed: Set<String> = switch event {
        case "missed": ["e", "l", "q"]
        case "view": ["e", "l", "x", "v", "t"]
        case "transcript", "captions", "saved", "installed": ["e", "l", "x"]
        default: ["e", "l", "x", "v"]
        }
        guard Set(fields.keys).isSubset(of: allowed) else { throw .unknown("fields of \(event)") }
        switch event {
        case "start", "finish":
            let kinds = ["recording", "description", "video", "sign"]
            guard let value, let kind = kinds.firstIndex(of: value) else { throw .unknown("value of \(event)") }
            return try one(UsageMetric(rawValue: 10 + kind * 2 + (event == "finish" ? 1 : 0)))
        case "speed":
            let speeds: [String: UsageMetric] = ["0.75": .speed075, "1": .speed100, "1.25": .speed125, "1.5": .speed150, "2": .speed200]
            return try one(value.flatMap { speeds[$0] })
        case "transcript": return try one(.transcriptOpened)
        case "captions": return try one(.captionsOpened)
        case "saved": return try one(.savedOffline)
        case "installed": return try one(.installed, subject: UsageSubject.exposition)
        case "version":
            let versions: [String: UsageMetric] = ["standard": .versionStandard, "description": .versionDescription,
                                                   "easy": .versionEasy, "sign": .versionSign]
            return try one(value.flatMap { versions[$0] })
        case "view":
            // Sent only by a static export, whose host counts nothing itself.
            guard let value, let entry = UsageEntry(rawValue: value) else { throw .unknown("value of view") }
            var events = try one(UsageMetric.view(entry))
            if let stop = fields["t"] {
                guard site.hasTourStop(stop) else { throw .unknown("tour stop") }
                events += try one(.viewTour, subject: stop)
            }
            return events
        case "missed":
            guard let query = fields["q"], !query.isEmpty else { throw .malformed("no query") }
            return [.count(UsageTally.Key(subject: UsageSubject.exposition, language: language, metric: .searchMissed)),
                    .missed(text: query, language: language)]
        default:
            throw .unknown("event \(event)")
        }
    }
}

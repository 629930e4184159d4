/// What the guide counts, one number a day for each subject (an exhibit, the exposition, a
/// tour's stop), language and metric. The set is fixed: a count arrives as one of these or
/// is refused, so no visitor can add a kind of row. The raw values are stored: a value, once
/// released, keeps its meaning, and a new metric takes a new number.
public enum UsageMetric: Int, Sendable, CaseIterable, Comparable {
    // A page opened, by the route that led there.
    case viewLabel = 0, viewStop = 1, viewList = 2, viewSearch = 3, viewTour = 4, viewBrowse = 5, viewMap = 6, viewOther = 7
    /// A folded month's views of one subject, whatever route led there: the routes are kept
    /// for the month as a whole, under `UsageSubject.everything`.
    case viewsFolded = 9
    // Media started and played to at least 90 %.
    case recordingStarted = 10, recordingFinished = 11
    case descriptionStarted = 12, descriptionFinished = 13
    case videoStarted = 14, videoFinished = 15
    case signStarted = 16, signFinished = 17
    // A playback speed chosen in the player.
    case speed075 = 20, speed100 = 21, speed125 = 22, speed150 = 23, speed200 = 24
    case transcriptOpened = 30, captionsOpened = 31
    // A version of the guide chosen (`GuideVersion`).
    case versionStandard = 40, versionDescription = 41, versionEasy = 42, versionSign = 43
    case savedOffline = 50, installed = 51
    /// A search that found nothing, counted without its words (they are kept apart, and only
    /// once asked often enough: `MissedSearches`).
    case searchMissed = 52

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name in the CSV and on the dashboard, which stays as it is once released.
    public var name: String {
        switch self {
        case .viewLabel: "view_label"
        case .viewStop: "view_stop"
        case .viewList: "view_list"
        case .viewSearch: "view_search"
        case .viewTour: "view_tour"
        case .viewBrowse: "view_browse"
        case .viewMap: "view_map"
        case .viewOther: "view_other"
        case .viewsFolded: "views"
        case .recordingStarted: "recording_started"
        case .recordingFinished: "recording_finished"
        case .descriptionStarted: "description_started"
        case .descriptionFinished: "description_finished"
        case .videoStarted: "video_started"
        case .videoFinished: "video_finished"
        case .signStarted: "sign_started"
        case .signFinished: "sign_finished"
        case .speed075: "speed_0.75"
        case .speed100: "speed_1"
        case .speed125: "speed_1.25"
        case .speed150: "speed_1.5"
        case .speed200: "speed_2"
        case .transcriptOpened: "transcript_opened"
        case .captionsOpened: "captions_opened"
        case .versionStandard: "version_standard"
        case .versionDescription: "version_description"
        case .versionEasy: "version_easy"
        case .versionSign: "version_sign"
        case .savedOffline: "saved_offline"
        case .installed: "installed"
        case .searchMissed: "search_missed"
        }
    }

    public var isView: Bool { rawValue < 10 }

    /// The view metric of an entry route.
    public static func view(_ entry: UsageEntry) -> UsageMetric {
        switch entry {
        case .label: .viewLabel
        case .stop: .viewStop
        case .list: .viewList
        case .search: .viewSearch
        case .tour: .viewTour
        case .browse: .viewBrowse
        case .map: .viewMap
        case .other: .viewOther
        }
    }
}

/// The route that led a visitor to a page: only which of the guide's own screens it was,
/// never an address outside the guide.
public enum UsageEntry: String, Sendable, CaseIterable {
    /// A wall label's QR code (`/stop/12`, which sends `?from=label` on).
    case label
    /// The go-to-stop form (`/stop/?n=12`, which sends `?from=stop` on).
    case stop
    case list, search, tour, browse, map
    /// Anything else: a link from another exhibit, a bookmark, another site.
    case other
}

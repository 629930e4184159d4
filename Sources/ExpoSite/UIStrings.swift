import ExpoCatalog

/// Every text of the interface in one language, read from the language's interface file
/// (`Resources/Interface/<code>.json` in ExpoCatalog, or the catalog's own) once per site.
///
/// A class, not a struct: its 150 texts are read by every page, and a struct of them copied
/// into a page's model was 150 retains and releases a page, 5 % of an export's time.
public final class UIStrings: Sendable {
    public let language: Language
    public let languageName: String
    /// `rtl` or `ltr`: the interface file's `direction`, else the language's own.
    public let direction: String
    public let skipToContent: String
    public let visitorsLabel: String
    public let locationLabel: String
    public let durationLabel: String
    public let seeExhibits: String
    public let exhibitListTitle: String
    public let backToMain: String
    public let languageSwitchLabel: String
    public let imageMissing: String
    public let notFoundTitle: String
    public let notFoundMessage: String
    public let notFoundLink: String
    public let flagAlt: String
    public let posterAlt: String
    public let siteName: String
    public let pagination: String
    public let previousPage: String
    public let nextPage: String
    public let appDescription: String
    public let offlineNotice: String
    public let searchLabel: String
    public let searchPlaceholder: String
    public let searchNoMatch: String
    /// "출품작 3개" — how many exhibits match; `{n}` is replaced in the browser.
    public let searchCount: String
    public let searchCountOne: String
    /// When more match than a list page shows; `{shown}` and `{n}` are replaced in the browser.
    public let searchMore: String
    public let searchIncomplete: String
    public let searchShowMore: String
    public let searchNeedsScript: String
    public let readAloud: String
    public let pauseReading: String
    public let resumeReading: String
    public let stopReading: String
    public let share: String
    public let linkCopied: String
    public let copyFailed: String
    public let exhibitPager: String
    public let previousExhibit: String
    public let nextExhibit: String
    public let audioGuide: String
    /// "Length: {duration}"; `{duration}` is the recording's length as `2:05`.
    public let audioLength: String
    public let transcript: String
    /// Shown by a browser that cannot play the recording, inside its `<audio>`.
    public let audioUnsupported: String
    /// Open Graph's locale for the language (`ko_KR`).
    public let openGraphLocale: String
    public let exhibit: ExhibitStrings
    public let browse: BrowseStrings
    public let labels: LabelStrings
    public let audio: AudioStrings
    public let versions: VersionStrings
    public let stops: StopStrings
    public let tours: TourStrings
    public let map: MapStrings
    public let front: FrontStrings
    private let text: InterfaceText

    public init(_ text: InterfaceText) {
        self.text = text
        language = text.language
        // A language the guide has no words for still has a name for itself.
        languageName = text.fallback == nil ? text["language_name"] : text.language.autonym
        direction = text.texts["direction"] ?? (text.language.isRightToLeft ? "rtl" : "ltr")
        skipToContent = text["skip_to_content"]
        visitorsLabel = text["visitors_label"]
        locationLabel = text["location_label"]
        durationLabel = text["duration_label"]
        seeExhibits = text["see_exhibits"]
        exhibitListTitle = text["exhibit_list_title"]
        backToMain = text["back_to_main"]
        languageSwitchLabel = text["language_switch_label"]
        imageMissing = text["image_missing"]
        notFoundTitle = text["not_found_title"]
        notFoundMessage = text["not_found_message"]
        notFoundLink = text["not_found_link"]
        flagAlt = text["flag_alt"]
        posterAlt = text["poster_alt"]
        siteName = text["site_name"]
        pagination = text["pagination"]
        previousPage = text["previous_page"]
        nextPage = text["next_page"]
        appDescription = text["app_description"]
        offlineNotice = text["offline_notice"]
        searchLabel = text["search_label"]
        searchPlaceholder = text["search_placeholder"]
        searchNoMatch = text["search_no_match"]
        searchCount = text["search_count"]
        searchCountOne = text["search_count_one"]
        searchMore = text["search_more"]
        searchIncomplete = text["search_incomplete"]
        searchShowMore = text["search_show_more"]
        searchNeedsScript = text["search_needs_script"]
        readAloud = text["read_aloud"]
        pauseReading = text["pause_reading"]
        resumeReading = text["resume_reading"]
        stopReading = text["stop_reading"]
        share = text["share"]
        linkCopied = text["link_copied"]
        copyFailed = text["copy_failed"]
        exhibitPager = text["exhibit_pager"]
        previousExhibit = text["previous_exhibit"]
        nextExhibit = text["next_exhibit"]
        audioGuide = text["audio_guide"]
        audioLength = text["audio_length"]
        transcript = text["transcript"]
        audioUnsupported = text["audio_unsupported"]
        openGraphLocale = text.fallback == nil ? text["open_graph_locale"] : text.language.code.replacingOccurrences(of: "-", with: "_")
        let exhibit = ExhibitStrings(
            moreImages: text["more_images"], viewLarger: text["view_larger"], imageDescription: text["image_description"],
            aboutObject: text["about_object"], date: text["date"], maker: text["maker"], material: text["material"],
            dimensions: text["dimensions"], place: text["place"], creditLine: text["credit_line"], rights: text["rights"], source: text["source"],
            iiifManifest: text["iiif_manifest"], viewer: text["viewer"], close: text["close"], zoomIn: text["zoom_in"],
            zoomOut: text["zoom_out"], zoomLevel: text["zoom_level"], resetZoom: text["reset_zoom"], previousImage: text["previous_image"],
            nextImage: text["next_image"], imageOf: text["image_of"])
        self.exhibit = exhibit
        browse = BrowseStrings(text, exhibit: exhibit)
        labels = LabelStrings(text)
        audio = AudioStrings(text)
        versions = VersionStrings(text)
        stops = StopStrings(text)
        tours = TourStrings(text)
        map = MapStrings(text)
        front = FrontStrings(text)
    }

    /// The guide's own words for a language (tests and tools; pages use the catalog's).
    public static func shipped(_ language: Language) -> UIStrings {
        UIStrings(InterfaceText.shipped(for: language) ?? InterfaceText.english)
    }

    /// "48,130,300 명": the visitor count grouped by thousands, inside the language's unit.
    public func visitors(_ count: Int) -> String {
        text["visitors_value"].replacingOccurrences(of: "{n}", with: NumberFormat.grouped(count, separator: text["thousands_separator"]))
    }

    /// "2 / 100 페이지" — the page and the count.
    public func pageOf(_ page: Int, _ count: Int) -> String {
        text["page_of"].replacingOccurrences(of: "{page}", with: String(page)).replacingOccurrences(of: "{count}", with: String(count))
    }

    /// A date in the language's order and words ("14 avril 1900").
    func date(_ date: CalendarDate) -> String {
        let month = text.months.indices.contains(date.month - 1) ? text.months[date.month - 1] : String(date.month)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return text["date_format"]
            .replacingOccurrences(of: "{yyyy}", with: String(date.year))
            .replacingOccurrences(of: "{mm}", with: twoDigits(date.month))
            .replacingOccurrences(of: "{dd}", with: twoDigits(date.day))
            .replacingOccurrences(of: "{month}", with: month)
            .replacingOccurrences(of: "{m}", with: String(date.month))
            .replacingOccurrences(of: "{d}", with: String(date.day))
    }

    func dateRange(_ start: CalendarDate, _ end: CalendarDate) -> String {
        text["date_range"].replacingOccurrences(of: "{start}", with: date(start)).replacingOccurrences(of: "{end}", with: date(end))
    }
}

import ExpoCatalog

/// Every text of the interface, in each language the guide speaks. A catalog may bring
/// other languages; their interface falls back to English.
public struct UIStrings: Sendable {
    public var languageName: String
    public var skipToContent: String
    public var visitorsLabel: String
    public var locationLabel: String
    public var durationLabel: String
    /// "48,130,300 명": the number and the unit around it.
    public var visitorsValue: @Sendable (String) -> String
    public var seeExhibits: String
    public var exhibitListTitle: String
    public var backToMain: String
    public var languageSwitchLabel: String
    public var imageMissing: String
    public var notFoundTitle: String
    public var notFoundMessage: String
    public var notFoundLink: String
    public var flagAlt: String
    public var posterAlt: String
    public var siteName: String
    public var pagination: String
    public var previousPage: String
    public var nextPage: String
    /// "2 / 100 쪽" — the page and the count.
    public var pageOf: @Sendable (Int, Int) -> String
    public var appDescription: String
    public var offlineNotice: String
    public var searchLabel: String
    public var searchPlaceholder: String
    public var searchNoMatch: String
    /// "출품작 3개" — how many exhibits match; `{n}` is replaced in the browser.
    public var searchCount: String
    public var searchCountOne: String
    /// When more match than a list page shows; `{shown}` and `{n}` are replaced in the browser.
    public var searchMore: String
    public var readAloud: String
    public var pauseReading: String
    public var resumeReading: String
    public var stopReading: String
    public var share: String
    public var linkCopied: String
    public var copyFailed: String
    public var exhibitPager: String
    public var previousExhibit: String
    public var nextExhibit: String
    /// Open Graph's locale for the language (`ko_KR`).
    public var openGraphLocale: String
    public var exhibit: ExhibitStrings

    public static let korean = UIStrings(
        languageName: "한국어",
        skipToContent: "본문으로 건너뛰기",
        visitorsLabel: "방문객 :",
        locationLabel: "개최지 :",
        durationLabel: "개최 기간 :",
        visitorsValue: { "\($0) 명" },
        seeExhibits: "한국의 출품작 보러가기",
        exhibitListTitle: "한국의 출품작",
        backToMain: "메인",
        languageSwitchLabel: "언어",
        imageMissing: "이미지 없음",
        notFoundTitle: "페이지를 찾을 수 없습니다",
        notFoundMessage: "주소가 바뀌었거나 없는 페이지입니다.",
        notFoundLink: "메인으로 돌아가기",
        flagAlt: "대한제국 국기",
        posterAlt: "1900년 파리 만국박람회 포스터",
        siteName: "Expo1900",
        pagination: "목록 페이지",
        previousPage: "이전 페이지",
        nextPage: "다음 페이지",
        pageOf: { "\($0) / \($1) 페이지" },
        appDescription: "1900년 파리 만국박람회와 대한제국관 출품작 안내서",
        offlineNotice: "오프라인 상태입니다. 기기에 저장된 안내서를 보여 드립니다.",
        searchLabel: "출품작 검색",
        searchPlaceholder: "이름·설명 검색",
        searchNoMatch: "일치하는 출품작이 없습니다",
        searchCount: "출품작 {n}개",
        searchCountOne: "출품작 1개",
        searchMore: "출품작 {n}개 가운데 {shown}개를 보여 드립니다. 더 입력해 좁혀 보세요.",
        readAloud: "소리 내어 읽기",
        pauseReading: "일시 정지",
        resumeReading: "이어서 읽기",
        stopReading: "그만 읽기",
        share: "공유하기",
        linkCopied: "링크를 복사했습니다",
        copyFailed: "링크를 복사하지 못했습니다. 주소 표시줄에서 복사해 주세요.",
        exhibitPager: "다른 출품작",
        previousExhibit: "이전 출품작",
        nextExhibit: "다음 출품작",
        openGraphLocale: "ko_KR",
        exhibit: ExhibitStrings(
            moreImages: "다른 이미지", viewLarger: "크게 보기", imageDescription: "이미지 설명",
            aboutObject: "유물 정보", date: "연대", maker: "만든 이", material: "재료", dimensions: "크기",
            place: "장소", creditLine: "소장처", rights: "이용 조건", iiifManifest: "IIIF 매니페스트",
            viewer: "이미지 보기", close: "닫기", zoomIn: "확대", zoomOut: "축소", resetZoom: "원래 크기",
            previousImage: "이전 이미지", nextImage: "다음 이미지", imageOf: "{n} / {count}"))

    public static let english = UIStrings(
        languageName: "English",
        skipToContent: "Skip to content",
        visitorsLabel: "Visitors:",
        locationLabel: "Location:",
        durationLabel: "Dates:",
        visitorsValue: { $0 },
        seeExhibits: "See Korea's exhibits",
        exhibitListTitle: "Korea's Exhibits",
        backToMain: "Main",
        languageSwitchLabel: "Language",
        imageMissing: "No image",
        notFoundTitle: "Page not found",
        notFoundMessage: "The address may have changed, or the page does not exist.",
        notFoundLink: "Back to the main page",
        flagAlt: "Flag of the Korean Empire",
        posterAlt: "Poster of the 1900 Paris Exposition",
        siteName: "Expo1900",
        pagination: "List pages",
        previousPage: "Previous page",
        nextPage: "Next page",
        pageOf: { "Page \($0) of \($1)" },
        appDescription: "A guide to the 1900 Paris Exposition and the Korean Empire's pavilion",
        offlineNotice: "You are offline. This is the guide saved on your device.",
        searchLabel: "Search exhibits",
        searchPlaceholder: "Search",
        searchNoMatch: "No exhibits match",
        searchCount: "{n} exhibits",
        searchCountOne: "1 exhibit",
        searchMore: "Showing {shown} of {n} exhibits. Type more to narrow the search.",
        readAloud: "Read aloud",
        pauseReading: "Pause",
        resumeReading: "Resume",
        stopReading: "Stop reading",
        share: "Share",
        linkCopied: "Link copied",
        copyFailed: "Could not copy the link. Copy it from the address bar.",
        exhibitPager: "More exhibits",
        previousExhibit: "Previous exhibit",
        nextExhibit: "Next exhibit",
        openGraphLocale: "en_US",
        exhibit: ExhibitStrings(
            moreImages: "More images", viewLarger: "View larger", imageDescription: "Image description",
            aboutObject: "About the object", date: "Date", maker: "Maker", material: "Material", dimensions: "Dimensions",
            place: "Place", creditLine: "Credit line", rights: "Rights", iiifManifest: "IIIF manifest",
            viewer: "Image viewer", close: "Close", zoomIn: "Zoom in", zoomOut: "Zoom out", resetZoom: "Actual size",
            previousImage: "Previous image", nextImage: "Next image", imageOf: "{n} of {count}"))

    public static func forLanguage(_ language: Language) -> UIStrings {
        language == .korean ? korean : english
    }
}

/// Everything the guide shows, loaded once and never changed: the text in each language,
/// the images, and the warnings met while loading.
public struct Catalog: Sendable {
    /// The primary edition (the language of the unsuffixed files).
    public var primary: Edition
    /// The other languages, ordered by code.
    public var translations: [Edition]
    public var images: [String: CatalogImage]
    /// Warnings only: a catalog with errors is never built.
    public var diagnostics: [Diagnostic]
    /// Warnings that matter before publishing but not to serving (an image without alt
    /// text); `validate` reports them. Empty unless the catalog was loaded with
    /// `CatalogLoader.Options.publishingCheck`.
    public var publishingNotes: [Diagnostic] = []
    /// The interface's words in each of the catalog's languages.
    public var interface: [Language: InterfaceText] = [:]
    /// How the main language was chosen, for the start-up line.
    public var primaryLanguageChoice: PrimaryLanguageChoice = .assumed
    /// Changes whenever any of the catalog's data files' content does (images are
    /// fingerprinted by their renditions): a site names its service worker's cache after it,
    /// without rendering every page first.
    public var fingerprint = ""
    /// The labels of the free fields a visitor may browse by, beside the fixed facts: the
    /// exposition file's `browse`, each as the exhibits write it.
    public var browsableFields: [String] = []
    /// The recordings the exhibits name, by file name; empty for most catalogs.
    public var recordings: [String: CatalogRecording] = [:]
    /// The videos the exhibits name (`video`, `sign_video`), by file name; empty for most catalogs.
    public var videos: [String: CatalogVideo] = [:]
    /// The WebVTT transcripts the exhibits name, by file name, as read: served beside the
    /// recordings for the player's captions.
    public var webVTTFiles: [String: String] = [:]

    public init(primary: Edition, translations: [Edition], images: [String: CatalogImage], diagnostics: [Diagnostic]) {
        self.primary = primary
        self.translations = translations
        self.images = images
        self.diagnostics = diagnostics
    }

    public var editions: [Edition] { [primary] + translations }

    public var languages: [Language] { editions.map(\.language) }

    /// The edition in `language`, or the primary one when the catalog lacks that language.
    public func edition(_ language: Language) -> Edition {
        translations.first { $0.language == language } ?? primary
    }

    public var exhibitCount: Int { primary.exhibits.count }

    /// The interface's words in `language`: the catalog's, else the guide's own, else English.
    public func interfaceText(_ language: Language) -> InterfaceText {
        interface[language] ?? InterfaceText.shipped(for: language) ?? InterfaceText.english
    }

    /// How many of the exhibits' images have alt text in the primary language, of how many.
    public var altTextCoverage: (described: Int, images: Int) {
        // Counted in place: a list of every image was 35 MB at 400,000 exhibits.
        var described = 0
        var images = 0
        for position in primary.exhibits.indices {
            guard primary.exhibits.hasOwnImages(at: position) else {
                images += 1
                continue
            }
            for image in primary.exhibits[position].images {
                images += 1
                if image.hasAlt { described += 1 }
            }
        }
        return (described, images)
    }
}

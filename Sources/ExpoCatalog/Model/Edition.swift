/// The whole catalog's text in one language: the exposition and the exhibits in catalog
/// order. Every edition has the same exhibits; missing translations hold the primary text.
public struct Edition: Sendable, Equatable {
    public var language: Language
    public var exposition: Exposition
    public var exhibits: ExhibitTable
    /// The catalog's tours (`tours.json`), in every edition in the same order with the same
    /// stops; empty for most catalogs.
    public var tours: [Tour] = []
    /// The texts a translation lacks, where the primary language's text stands in:
    /// `exposition.title`, `jikji.name`. Pages mark them with the primary language.
    public var untranslated: Set<String> = []
    /// How many texts the translation lacks, images' and facts' included.
    public var missingTranslations = 0
    /// The floors and their plans, in `floors.json`'s order: the same floors in every
    /// edition, with this language's names. Empty when the catalog has no floor plan.
    public var floors: [Floor] = []

    public init(language: Language, exposition: Exposition, exhibits: ExhibitTable, tours: [Tour] = []) {
        self.language = language
        self.exposition = exposition
        self.exhibits = exhibits
        self.tours = tours
    }

    public init(language: Language, exposition: Exposition, exhibits: [Exhibit], tours: [Tour] = []) {
        self.init(language: language, exposition: exposition, exhibits: ExhibitTable(exhibits), tours: tours)
    }

    /// Whether the exhibit's (or, with `nil`, the exposition's) text at `key` is the primary language's.
    public func isUntranslated(_ exhibitID: String?, _ key: String) -> Bool {
        untranslated.contains("\(exhibitID ?? "exposition").\(key)")
    }
}

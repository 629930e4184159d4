/// One exhibit as an entry of `items.json` describes it, in one language.
/// Its id is the entry's `image_name`: it names the first image and the exhibit's URL.
public struct Exhibit: Sendable, Equatable, Identifiable {
    public var id: String {
        // The one image was the old id's: it stays what it was.
        didSet { if ownImages == nil, oldValue != id { ownImages = [ExhibitImage(name: oldValue)] } }
    }
    public var name: String
    public var shortDescription: String
    /// May use a small Markdown subset (paragraphs, emphasis, links, lists).
    public var description: String
    /// At least one: the first is always the image named by the id.
    public var images: [ExhibitImage] {
        get { ownImages ?? [ExhibitImage(name: id)] }
        set { ownImages = Self.own(newValue, id: id) }
    }
    /// Nil when the exhibit has only the image its id names, with no words of its own: most
    /// of a museum's records, each of which held a list of one image (112 bytes, 45 MB at
    /// 400,000 exhibits).
    private var ownImages: [ExhibitImage]?

    private static func own(_ images: [ExhibitImage], id: String) -> [ExhibitImage]? {
        images.count == 1 && images[0] == ExhibitImage(name: id) ? nil : images
    }

    /// Whether the exhibit shows more than the one image its id names, or gives it words;
    /// asked of every exhibit of a large catalog without making the list.
    var hasOwnImages: Bool { ownImages != nil }
    public var facts: ObjectFacts {
        // Lent, not copied: pages read an exhibit's facts many times over, one text at a time.
        _read { yield factsBox?.facts ?? Self.noFacts }
        set { factsBox = newValue.isEmpty ? nil : FactsBox(newValue) }
    }
    private static let noFacts = ObjectFacts()
    /// Behind one reference, as the narration is: seven texts and a list inline made every
    /// exhibit twice as large, and a catalog's lists of 100,000 exhibits are copied whole
    /// when one of them changes (a reload, the studio's preview).
    private var factsBox: FactsBox?

    /// Holds `other`'s facts, the same reference, when they are equal to its own.
    mutating func shareFacts(of other: Exhibit) {
        factsBox = other.factsBox
    }
    /// The recording of this language's narration: a file name in `Catalog.recordings`;
    /// nil when the exhibit has none in this language (a translation does not borrow one).
    public var audio: String? {
        get { narration?.audio }
        set { narration = Narration.of(audio: newValue, transcript: transcript) }
    }
    /// What the recording says; nil when the catalog gives none.
    public var transcript: Transcript? {
        get { narration?.transcript }
        set { narration = Narration.of(audio: audio, transcript: newValue) }
    }
    /// Both, held by one reference: most exhibits have neither, and an exhibit is copied
    /// many times while a catalog loads and renders; their five fields inline made each
    /// copy of 69,202 exhibits cost more.
    private var narration: Narration?
    /// The video, sign-language, audio-described and easy-read versions, in this language.
    public var versions: ExhibitVersions {
        get { versionsBox?.versions ?? Self.noVersions }
        set { versionsBox = newValue.isEmpty ? nil : VersionsBox(newValue) }
    }
    private static let noVersions = ExhibitVersions()
    /// Behind one reference, as the narration is: nil for most exhibits.
    private var versionsBox: VersionsBox?
    /// Whether it has any version besides the text: asked of every exhibit of a large
    /// catalog, without copying the versions out.
    public var hasVersions: Bool { versionsBox != nil }
    /// The number on the wall label that leads a visitor here (`/stop/12`): the catalog's
    /// `stop`, else the exhibit's place in the list, from 1. The same in every language.
    public var stop: Int
    /// Where the exhibit stands on a floor's plan; nil when the catalog does not say.
    public var position: ExhibitPosition? {
        get { placement?.position }
        set { placement = newValue.map(PositionBox.init) }
    }
    /// Behind one reference, as the narration is: one pointer, nil for most exhibits, and
    /// the translations share the primary exhibit's.
    var placement: PositionBox?

    public init(id: String, stop: Int, name: String, shortDescription: String, description: String,
                images: [ExhibitImage]? = nil, facts: ObjectFacts = ObjectFacts(),
                audio: String? = nil, transcript: Transcript? = nil, position: ExhibitPosition? = nil,
                versions: ExhibitVersions = ExhibitVersions()) {
        self.id = id
        self.stop = stop
        self.name = name
        self.shortDescription = shortDescription
        self.description = description
        ownImages = images.flatMap { Self.own($0, id: id) }
        factsBox = facts.isEmpty ? nil : FactsBox(facts)
        narration = Narration.of(audio: audio, transcript: transcript)
        self.position = position
        versionsBox = versions.isEmpty ? nil : VersionsBox(versions)
    }

    /// Whether the exhibit is its texts, stop and facts and nothing more: all a packed
    /// record holds (`PackedExhibits`).
    var isPlain: Bool { ownImages == nil && narration == nil && versionsBox == nil && placement == nil }

    /// Whether the exhibit names a recording or a transcript file, which a load finds beside the images.
    var namesFiles: Bool { audio != nil || transcript?.file != nil || versionsBox?.versions.namesFiles == true }

    /// The longest id (or image name), in bytes. Ids name folders and files of the export, the
    /// longest `<id>-2400.<hash>.webp.gz`, 24 bytes more; file systems take 255 bytes for
    /// one name (ext4, APFS, NTFS, FAT's long names), so 200 leaves room for every one of them.
    public static let maximumIDLength = 200

    /// Why `id` is too long to be one, or nil. Ids are ASCII, so bytes and characters agree.
    static func lengthProblem(_ id: String) -> String? {
        let length = id.utf8.count
        guard length > maximumIDLength else { return nil }
        return "\"\(id.prefix(24))…\" is \(length) characters long; an id may have at most \(maximumIDLength), "
            + "as it names the exhibit's folder and image files in the export"
    }

    /// Ids become URL path segments and file names, so only letters, digits, `-` and `_`.
    /// Read as bytes: only ASCII passes, and asking Unicode's tables about every letter of
    /// 100,000 ids was a twentieth of loading them.
    public static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}

/// An exhibit's facts, shared by its copies until one of them changes them.
final class FactsBox: Sendable, Equatable {
    let facts: ObjectFacts

    init(_ facts: ObjectFacts) {
        self.facts = facts
    }

    static func == (left: FactsBox, right: FactsBox) -> Bool {
        left === right || left.facts == right.facts
    }
}

/// A text of an exhibit's entry that the studio edits, named as the spreadsheet's columns
/// name it, with an image named rather than numbered (its name is the same in every
/// language, its place in a translation's list need not be): `desc`, `date`,
/// `images.jikji-colophon.alt`, `fields.2.value`.
public struct EntryField: Hashable, Sendable {
    public let name: String
    /// The key that says what the text is (`desc`, `alt`, `label`).
    public let key: String
    /// The image the text describes, or nil.
    public let image: String?
    /// The free fact (from 1) the text belongs to, or nil.
    public let fact: Int?
    /// The tour or floor the text belongs to, by its id, or nil.
    public let item: String?
    let path: [JSONStep]

    /// The texts of an exhibit's own entry, in the order the studio shows them.
    public static let entryKeys = ["name", "short_desc", "desc", "easy_read"] + ObjectFacts.keys.map(\.key)
    public static let imageKeys = ItemColumn.imageKeys
    public static let factKeys = ["label", "value"]

    public static let stop = EntryField(name: "stop", key: "stop", path: [.key("stop")])

    /// The exposition's texts, in the order the studio shows them; `visitors` is a number,
    /// the same in every language.
    public static let expositionFields = ["title", "visitors", "location", "duration", "description", "easy_read"].map(entry)
    public static let visitors = entry("visitors")
    /// A recording's transcript: the text itself, or the name of its `.vtt` or `.txt` file.
    public static let transcript = entry("transcript")
    /// The recording's file, in each language: set by the studio's upload, not typed.
    public static let audio = entry("audio")
    /// The videos' files, their captions' files and the video's poster, in each language:
    /// set by the studio's video form, not typed among the texts.
    public static let video = entry("video")
    public static let videoCaptions = entry("video_captions")
    public static let videoPoster = entry("video_poster")
    public static let signVideo = entry("sign_video")
    public static let signVideoCaptions = entry("sign_video_captions")
    public static let signVideoPoster = entry("sign_video_poster")
    /// The fields the video form sets.
    public static let videoFields: Set<EntryField> = [.video, .videoCaptions, .videoPoster, .signVideo, .signVideoCaptions, .signVideoPoster]
    /// The exhibit's place on a floor's plan (the main language's entry only): set on the
    /// studio's plan, not among the texts.
    public static let floor = entry("floor")
    public static let x = entry("x")
    public static let y = entry("y")
    /// The text of the transcript file the entry names: kept in that file, not in the entry.
    public static let transcriptText = EntryField(name: "transcript_text", key: "transcript_text", path: [])

    /// The exhibit's pictures in order, one image name a line, its main image (its id)
    /// first: the studio's gallery adds, removes and reorders them as this one text.
    public static let gallery = EntryField(name: "images", key: "images", path: [.key("images")])

    /// Whether the text is kept in a file of its own rather than in the entry.
    public var isFileText: Bool { self == .transcriptText }

    /// The texts of each tour and each floor, by the list they are in (`tours.json`'s
    /// entries are tours): what a translation gives.
    public static let listKeys = ["tours": ["title", "description"], "floors": ["name", "plan_alt"]]
    /// A tour's route, the same in every language: its stops (exhibit ids, one a line) and
    /// its length in whole minutes. Set on the studio's tour page, not among the texts.
    public static let tourRouteKeys = ["stops", "duration"]

    /// Whether this is a tour's stops or length.
    public var isTourRoute: Bool { item != nil && name.hasPrefix("tours.") && Self.tourRouteKeys.contains(key) }

    public static func entry(_ key: String) -> EntryField {
        EntryField(name: key, key: key, path: [.key(key)])
    }

    public static func image(_ image: String, _ key: String) -> EntryField {
        EntryField(name: "images.\(image).\(key)", key: key, image: image, path: [.key("images"), .whose(key: "name", is: image), .key(key)])
    }

    public static func fact(_ number: Int, _ key: String) -> EntryField {
        EntryField(name: "fields.\(number).\(key)", key: key, fact: number, path: [.key("fields"), .index(number - 1), .key(key)])
    }

    /// A text of the tour or floor `id`, in a file that lists them (`list`: `tours`, `floors`).
    public static func listed(_ list: String, _ id: String, _ key: String) -> EntryField {
        EntryField(name: "\(list).\(id).\(key)", key: key, item: id, path: [.whose(key: "id", is: id), .key(key)])
    }

    /// The field a name names, or nil when it names none the studio edits.
    public init?(name: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1, parts[0] == "stop" {
            self = .stop
        } else if parts.count == 1, parts[0] == "transcript_text" {
            self = .transcriptText
        } else if parts.count == 1, parts[0] == "images" {
            self = .gallery
        } else if parts.count == 1, Self.entryKeys.contains(parts[0]) || CatalogData.expositionKeys.contains(parts[0])
                    || parts[0] == "transcript" || parts[0] == "audio" || PositionKeys.all.contains(parts[0])
                    || Self.videoFields.contains(where: { $0.name == parts[0] }) {
            self = .entry(parts[0])
        } else if parts.count == 3, parts[0] == "images", Exhibit.isSafeID(parts[1]), Self.imageKeys.contains(parts[2]) {
            self = .image(parts[1], parts[2])
        } else if parts.count == 3, let keys = Self.listKeys[parts[0]], Exhibit.isSafeID(parts[1]),
                  keys.contains(parts[2]) || (parts[0] == "tours" && Self.tourRouteKeys.contains(parts[2]))
                    || (parts[0] == "floors" && parts[2] == "plan") {
            self = .listed(parts[0], parts[1], parts[2])
        } else if parts.count == 3, parts[0] == "fields", let number = Int(parts[1]), (1...1000).contains(number),
                  String(number) == parts[1], Self.factKeys.contains(parts[2]) {
            self = .fact(number, parts[2])
        } else {
            return nil
        }
    }

    private init(name: String, key: String, image: String? = nil, fact: Int? = nil, item: String? = nil, path: [JSONStep]) {
        self.name = name
        self.key = key
        self.image = image
        self.fact = fact
        self.item = item
        self.path = path
    }

    /// Whether the text is the same in every language (the stop), and so is edited once.
    public var isSameInEveryLanguage: Bool { self == .stop || self == .visitors || (name.hasPrefix("floors.") && key == "plan") }

    /// Whether the text is a whole number, written as one.
    public var isNumber: Bool { self == .stop || self == .visitors }

    /// Whether the text runs to paragraphs, and is edited in a larger box.
    public var isLong: Bool { ["desc", "visual_description", "description", "transcript_text", "easy_read"].contains(key) }

    /// The text as the entry holds it: empty when it has none; a number written as it reads.
    func text(in entry: JSONValue) -> String {
        if self == .gallery { return Self.galleryNames(in: entry).joined(separator: "\n") }
        if isTourRoute, key == "stops" {
            guard let item, case let .array(entries) = entry, let tour = entries.first(where: { $0["id"] == .string(item) }),
                  case let .array(stops)? = tour["stops"] else { return "" }
            return stops.compactMap { if case let .string(id) = $0 { id } else { nil } }.joined(separator: "\n")
        }
        var value: JSONValue? = entry
        for step in path {
            switch step {
            case let .key(key): value = value?[key]
            case let .whose(key, name):
                guard case let .array(elements)? = value else { return "" }
                value = elements.first { $0[key] == .string(name) }
            case let .index(index):
                guard case let .array(elements)? = value, elements.indices.contains(index) else { return "" }
                value = elements[index]
            }
        }
        switch value {
        case let .string(text)?: return text
        case let .integer(number)?: return String(number)
        case let .number(number)?: return String(number)
        default: return ""
        }
    }

    /// What the entry holds for `text`: nothing when it is empty, so that a translation
    /// without the text shows the main language's; a stop of digits as a number, and a
    /// coordinate on the plan as a number.
    func value(_ text: String) -> JSONValue? {
        guard !text.isEmpty else { return nil }
        if isNumber, let number = Int(text), String(number) == text { return .integer(number) }
        if self == .x || self == .y, let number = Double(text), number.isFinite { return .number(number) }
        if isTourRoute {
            if key == "duration" { return Int(text).map { .integer($0) } }
            return .array(text.split(separator: "\n").map { .string(String($0)) })
        }
        return .string(text)
    }

    /// The entry's bytes with this field set to `text`, every other byte kept; nil when
    /// the entry is not an object the field can be set in.
    public func setting(_ text: String, in entry: [UInt8]) -> [UInt8]? {
        guard !isFileText else { return nil }
        if self == .gallery { return Self.settingGallery(text, in: entry) }
        return JSONEdit.setting(path, to: value(text), in: entry)
    }

    /// The fields an exhibit's form shows, in order: the stop, its texts (with the
    /// transcript when it is `narrated`), each image's texts, then each free fact's label
    /// and value; `facts` is how many free facts the longest of its entries has.
    public static func fields(images: [String], facts: Int, narrated: Bool = false) -> [EntryField] {
        [.stop] + entryKeys.map(entry) + (narrated ? [.transcript] : [])
            + images.flatMap { image in imageKeys.map { Self.image(image, $0) } }
            + (facts > 0 ? (1...facts).flatMap { number in factKeys.map { fact(number, $0) } } : [])
    }

    /// The ids of the entries a list (tours, floors) holds, in order.
    static func ids(in list: JSONValue) -> [String] {
        guard case let .array(entries) = list else { return [] }
        return entries.compactMap { entry in
            if case let .string(id)? = entry["id"] { return id }
            return nil
        }
    }

    /// The pictures an entry shows, in order: its main image (`image_name`) first, listed
    /// or not, as the loader shows them.
    static func galleryNames(in entry: JSONValue) -> [String] {
        let listed = imageNames(in: entry)
        guard case let .string(main)? = entry["image_name"], !listed.contains(main) else { return listed }
        return [main] + listed
    }

    /// The entry with its `images` list in the order `text` names them: an image it
    /// listed keeps its object (its alt text, caption, credit), a new one is added by
    /// name, one not named is taken out. The main image is not added to a list that did
    /// not name it: it is shown first either way.
    private static func settingGallery(_ text: String, in bytes: [UInt8]) -> [UInt8]? {
        guard let entry = try? JSONParser.parse(bytes), case .object = entry else { return nil }
        let names = text.split(separator: "\n").map(String.init)
        guard names.allSatisfy(Exhibit.isSafeID), Set(names).count == names.count else { return nil }
        var existing: [String: JSONValue] = [:]
        if case let .array(images)? = entry["images"] {
            for image in images { if case let .string(name)? = image["name"] { existing[name] = existing[name] ?? image } }
        }
        let main: String? = if case let .string(main)? = entry["image_name"] { main } else { nil }
        let list = names.compactMap { name -> JSONValue? in
            if name == main, existing[name] == nil { return nil }
            return existing[name] ?? .object([("name", .string(name))])
        }
        if list.isEmpty, entry["images"] == nil { return bytes }
        return JSONEdit.setting([.key("images")], to: list.isEmpty ? nil : .array(list), in: bytes)
    }

    /// The names of the images an entry lists.
    static func imageNames(in entry: JSONValue) -> [String] {
        guard case let .array(images)? = entry["images"] else { return [] }
        return images.compactMap { image in
            if case let .string(name)? = image["name"] { return name }
            return nil
        }
    }

    /// How many free facts an entry lists.
    static func factCount(in entry: JSONValue) -> Int {
        if case let .array(items)? = entry["fields"] { return items.count }
        return 0
    }

    /// The field a diagnostic's place inside an entry is about (`.desc`, `.images[1].alt`,
    /// `.fields[0].value`), the images' names read from the entry; nil for a place that
    /// is about the whole entry.
    static func at(place: String, in entry: JSONValue) -> EntryField? {
        var rest = Substring(place)
        if rest.hasPrefix("[") , let close = rest.firstIndex(of: "]") { rest = rest[rest.index(after: close)...] }
        guard rest.hasPrefix(".") else { return nil }
        rest = rest.dropFirst()
        for list in ["images", "fields"] where rest.hasPrefix(list + "[") {
            let afterList = rest.dropFirst(list.count + 1)
            guard let close = afterList.firstIndex(of: "]"), let index = Int(afterList[..<close]) else { return nil }
            let key = afterList[afterList.index(after: close)...].drop { $0 == "." }
            if list == "fields" { return key.isEmpty ? nil : EntryField(name: "fields.\(index + 1).\(key)") }
            guard case let .array(images)? = entry["images"], images.indices.contains(index),
                  case let .string(name)? = images[index]["name"] else { return nil }
            return EntryField(name: "images.\(name).\(key.isEmpty ? "alt" : key)")
        }
        let key = rest.prefix { $0 != "." && $0 != "[" }
        return EntryField(name: String(key))
    }

    /// The tour's or floor's field a diagnostic's place in its file is about (`[2].title`),
    /// the ids read from the file's `list`; nil for a place about a whole entry.
    static func atListed(place: String, list: String, in file: JSONValue) -> EntryField? {
        guard place.hasPrefix("["), let close = place.firstIndex(of: "]"),
              let index = Int(place[place.index(after: place.startIndex)..<close]),
              case let .array(entries) = file, entries.indices.contains(index),
              case let .string(id)? = entries[index]["id"] else { return nil }
        let key = place[place.index(after: close)...].drop { $0 == "." }.prefix { $0 != "." && $0 != "[" }
        return EntryField(name: "\(list).\(id).\(key)")
    }

    /// The exposition's field a diagnostic's place is about (`.title`), or nil.
    static func atExposition(place: String) -> EntryField? {
        let key = place.drop { $0 == "." }.prefix { $0 != "." && $0 != "[" }
        return CatalogData.expositionKeys.contains(String(key)) ? .entry(String(key)) : nil
    }
}

/// The keys of an exhibit's place on a plan.
public enum PositionKeys {
    public static let all = PositionDecoder.keys
}

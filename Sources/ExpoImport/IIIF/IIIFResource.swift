/// What the import reads from a IIIF Presentation document, version 2 or 3, in one shape.
enum IIIFResource: Sendable {
    case collection(IIIFCollection)
    case manifest(IIIFManifest)
}

/// A collection: its label, and the collections and manifests it lists, each by its address
/// (an embedded manifest is kept whole, so it is not fetched again).
struct IIIFCollection: Sendable {
    struct Member: Sendable {
        enum Kind: Sendable { case collection, manifest }
        var kind: Kind
        var id: String
        var label: LanguageMap
        /// A member given whole in the collection (`items` with its canvases), not only named.
        var embedded: IIIFManifest?
    }

    var id: String
    var label: LanguageMap
    var members: [Member]
}

/// A manifest: one exhibit.
struct IIIFManifest: Sendable {
    struct Pair: Sendable {
        var label: LanguageMap
        var value: LanguageMap
    }

    var id: String
    var label: LanguageMap
    var summary: LanguageMap
    var metadata: [Pair]
    var requiredStatement: Pair?
    /// A licence or rights statement's address.
    var rights: String?
    /// `navDate`: when the object was made or published, as the document dates it.
    var navDate: String?
    var images: [IIIFImage]
    /// The recordings and videos its canvases paint, in order, each with its captions.
    var media: [IIIFMedia] = []
    /// A canvas's or the manifest's `thumbnail`: the picture of an exhibit that paints
    /// sound or video and no image.
    var thumbnail: IIIFImage?
}

/// A recording or a video a canvas paints (`Sound` or `Video`; Presentation 2's
/// `dctypes:Sound` and `dctypes:MovingImage`), with the WebVTT files that supplement it.
struct IIIFMedia: Sendable, Equatable {
    enum Kind: String, Sendable { case sound = "recording", video }
    var kind: Kind
    var url: String
    var format: String?
    /// Seconds, as the body (else its canvas) declares them.
    var duration: Double?
    /// The language spoken, when the body says; a recording without one serves every language.
    var language: String?
    var captions: [IIIFCaptionFile] = []
}

/// A text file that supplements a recording or a video: its captions or transcript.
struct IIIFCaptionFile: Sendable, Equatable {
    var url: String
    var format: String?
    var language: String?
}

/// One image a canvas paints: the file to fetch, and what is known of its size.
struct IIIFImage: Sendable, Equatable {
    /// The annotation's image (`…/full/max/0/default.jpg`, or a plain file).
    var url: String
    /// The image service's address and version, when the image has one: its largest size
    /// is asked for (`full/max` in version 3, `full/full` in 2).
    var service: String?
    var serviceVersion: Int
    var width: Int?
    var height: Int?
    /// The canvas's label, as a caption.
    var label: LanguageMap

    /// The address to fetch: the service's largest size, else the annotation's file.
    var fetchURL: String {
        guard let service else { return url }
        let base = service.hasSuffix("/") ? String(service.dropLast()) : service
        return base + (serviceVersion >= 3 ? "/full/max/0/default.jpg" : "/full/full/0/default.jpg")
    }
}

import Foundation

/// What a manifest's canvases paint, in order: images, recordings and videos, and the
/// WebVTT files that supplement them. Reads Presentation 3's canvas → annotation page →
/// annotation → body (a body may be one object, a list, or a `Choice`), the `annotations`
/// pages beside a canvas's items, and Presentation 2's sequence → canvas → image → resource,
/// with the `mediaSequences` some version 2 players use for sound and video.
enum IIIFCanvases {
    struct Painted {
        var images: [IIIFImage] = []
        var media: [IIIFMedia] = []
        var thumbnail: IIIFImage?
    }

    typealias Object = [String: Any]

    static func read(_ document: Object) -> Painted {
        var painted = Painted()
        let canvases: [Any] = (document["items"] as? [Any])
            ?? ((document["sequences"] as? [Any])?.first as? Object)?["canvases"] as? [Any] ?? []
        for case let canvas as Object in canvases {
            let label = LanguageMap(canvas["label"]) ?? LanguageMap()
            let pages = objects(canvas["items"]) + objects(canvas["annotations"])
            let annotations = pages.flatMap { objects($0["items"]) }
            var bodies = annotations.filter { motivations($0).contains("painting") || motivations($0).isEmpty }
                .flatMap { paintedBodies($0["body"]) }
            bodies += objects(canvas["images"]).compactMap { $0["resource"] as? Object }
            let captions = annotations.filter { motivations($0).contains("supplementing") }
                .flatMap { captionBodies($0["body"]) }
            for body in bodies {
                switch kind(body) {
                case .image:
                    if let image = image(body, canvas: canvas, label: label) { painted.images.append(image) }
                case let .media(mediaKind):
                    let url = IIIFParser.id(body)
                    guard !url.isEmpty else { continue }
                    painted.media.append(IIIFMedia(kind: mediaKind, url: url, format: body["format"] as? String,
                                                   duration: number(body["duration"]) ?? number(canvas["duration"]),
                                                   language: language(body), captions: captions))
                case .other:
                    continue
                }
            }
            if painted.thumbnail == nil { painted.thumbnail = thumbnail(canvas["thumbnail"], label: label) }
        }
        // Presentation 2 players (the Universal Viewer among them) list sound and video here.
        for sequence in objects(document["mediaSequences"]) {
            for element in objects(sequence["elements"]) {
                guard case let .media(mediaKind) = kind(element) else { continue }
                let url = IIIFParser.id(element)
                guard !url.isEmpty else { continue }
                painted.media.append(IIIFMedia(kind: mediaKind, url: url, format: element["format"] as? String,
                                               duration: number(element["duration"]), language: language(element)))
            }
        }
        if let own = thumbnail(document["thumbnail"], label: LanguageMap()) { painted.thumbnail = own }
        return painted
    }

    enum BodyKind: Equatable {
        case image
        case media(IIIFMedia.Kind)
        case other
    }

    static func kind(_ body: Object) -> BodyKind {
        switch (body["type"] as? String) ?? (body["@type"] as? String) ?? "Image" {
        case "Image", "dctypes:Image", "oa:Image": .image
        case "Sound", "Audio", "dctypes:Sound": .media(.sound)
        case "Video", "dctypes:MovingImage": .media(.video)
        default: .other
        }
    }

    /// A painting body's resources: a `Choice` gives its first image, or the first recording
    /// or video in a format the guide reads (else its first).
    private static func paintedBodies(_ value: Any?) -> [Object] {
        objects(value).compactMap { body in
            guard (body["type"] as? String) == "Choice" || (body["@type"] as? String) == "oa:Choice" else { return body }
            let choices = objects(body["items"]) + objects(body["default"]) + objects(body["item"])
            return choices.first { choice in
                if case .media = kind(choice) { return readable(choice) }
                return true
            } ?? choices.first
        }
    }

    /// A supplementing body's WebVTT files: a `Choice` of them (one per language, as a
    /// player offers) gives each; a text in another format is left for the import to name.
    private static func captionBodies(_ value: Any?) -> [IIIFCaptionFile] {
        objects(value).flatMap { body -> [Object] in
            (body["type"] as? String) == "Choice" ? objects(body["items"]) : [body]
        }.compactMap { body in
            let url = IIIFParser.id(body)
            let type = (body["type"] as? String) ?? (body["@type"] as? String) ?? "Text"
            guard !url.isEmpty, ["Text", "dctypes:Text"].contains(type) else { return nil }
            return IIIFCaptionFile(url: url, format: body["format"] as? String, language: language(body))
        }
    }

    /// Whether a recording's or video's declared format (else its address's extension) is
    /// one the guide's pipeline makes: a choice of ALAC, MP3 and WAV takes the first.
    static func readable(_ body: Object) -> Bool {
        let readableTypes = ["audio/mp4", "audio/m4a", "audio/x-m4a", "audio/aac", "audio/alac", "audio/mpeg", "audio/mp3",
                             "audio/wav", "audio/x-wav", "audio/wave", "audio/flac", "audio/x-flac", "audio/ogg",
                             "audio/opus", "audio/webm", "audio/aiff", "audio/x-aiff", "video/mp4", "video/quicktime",
                             "video/webm", "video/x-matroska", "video/x-msvideo", "video/avi"]
        if let format = (body["format"] as? String)?.lowercased().split(separator: ";").first {
            return readableTypes.contains(format.trimmingCharacters(in: .whitespaces))
        }
        let address = IIIFParser.id(body).lowercased().split(separator: "?").first.map(String.init) ?? ""
        let readableExtensions = ["wav", "aif", "aiff", "flac", "mp3", "m4a", "aac", "mp4", "m4v", "ogg", "oga", "opus",
                                  "webm", "mov", "mkv", "avi"]
        return readableExtensions.contains((address as NSString).pathExtension)
    }

    private static func image(_ body: Object, canvas: Object, label: LanguageMap) -> IIIFImage? {
        let url = IIIFParser.id(body)
        let service = (body["service"] as? [Any])?.first as? Object ?? body["service"] as? Object
        let serviceType = service.map { ($0["type"] as? String) ?? ($0["@type"] as? String) ?? "" } ?? ""
        let profile = service.map { String(describing: $0["profile"] ?? "") } ?? ""
        let version = serviceType == "ImageService3" || profile.contains("/image/3/") || (service?["@context"] as? String)?.contains("/image/3/") == true ? 3 : 2
        let serviceID = service.map(IIIFParser.id).flatMap { $0.isEmpty ? nil : $0 }
        guard !url.isEmpty || serviceID != nil else { return nil }
        return IIIFImage(url: url, service: serviceID, serviceVersion: version,
                         width: body["width"] as? Int ?? canvas["width"] as? Int,
                         height: body["height"] as? Int ?? canvas["height"] as? Int, label: label)
    }

    private static func thumbnail(_ value: Any?, label: LanguageMap) -> IIIFImage? {
        objects(value).lazy.filter { kind($0) == .image }.compactMap { image($0, canvas: [:], label: label) }.first
    }

    /// An object, or the objects of a list: Presentation 3 allows either for a body.
    static func objects(_ value: Any?) -> [Object] {
        if let object = value as? Object { return [object] }
        return (value as? [Any])?.compactMap { $0 as? Object } ?? []
    }

    private static func motivations(_ annotation: Object) -> [String] {
        let value = annotation["motivation"]
        let names = (value as? String).map { [$0] } ?? (value as? [Any])?.compactMap { $0 as? String } ?? []
        // Presentation 2 writes `sc:painting`.
        return names.map { $0.hasPrefix("sc:") ? String($0.dropFirst(3)) : $0 }
    }

    private static func language(_ body: Object) -> String? {
        let value = body["language"] ?? body["@language"]
        let code = (value as? String) ?? (value as? [Any])?.first as? String
        return code.map(LanguageMap.code).flatMap { $0.isEmpty || $0 == LanguageMap.none ? nil : $0 }
    }

    private static func number(_ value: Any?) -> Double? {
        if let double = value as? Double, double.isFinite { return double }
        if let int = value as? Int { return Double(int) }
        if let text = value as? String, let double = Double(text), double.isFinite { return double }
        return nil
    }
}

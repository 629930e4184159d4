import Foundation

/// Reads a IIIF Presentation 2 or 3 document (a collection or a manifest) into
/// `IIIFResource`. What a document lacks is left empty for the import to warn about; what
/// is not IIIF at all is an error naming what was found.
enum IIIFParser {
    struct Failure: Error, Sendable {
        var message: String
    }

    static func parse(_ data: Data) throws(Failure) -> IIIFResource {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Failure(message: "is not JSON")
        }
        guard let document = object as? [String: Any] else { throw Failure(message: "is JSON but not a IIIF document (no object at its top)") }
        return try resource(document)
    }

    static func resource(_ document: [String: Any]) throws(Failure) -> IIIFResource {
        switch kind(document) {
        case "Collection": return .collection(collection(document))
        case "Manifest": return .manifest(manifest(document))
        case let other:
            throw Failure(message: other.isEmpty ? "has no type: not a IIIF collection or manifest" : "is a IIIF \(other), not a collection or manifest")
        }
    }

    /// `Collection` or `Manifest` (Presentation 3's `type`, 2's `@type` as `sc:Collection`).
    static func kind(_ document: [String: Any]) -> String {
        let type = (document["type"] as? String) ?? (document["@type"] as? String) ?? ""
        return type.hasPrefix("sc:") ? String(type.dropFirst(3)) : type
    }

    static func id(_ document: [String: Any]) -> String {
        (document["id"] as? String) ?? (document["@id"] as? String) ?? ""
    }

    private static func collection(_ document: [String: Any]) -> IIIFCollection {
        var members: [IIIFCollection.Member] = []
        // Presentation 3 lists `items`; 2 lists `collections`, `manifests` and `members`.
        let listed = ["items", "members", "collections", "manifests"].flatMap { document[$0] as? [Any] ?? [] }
        for case let item as [String: Any] in listed {
            let kind: IIIFCollection.Member.Kind
            switch Self.kind(item) {
            case "Collection": kind = .collection
            case "Manifest": kind = .manifest
            default: continue
            }
            // A manifest given with its canvases is whole already.
            let whole = kind == .manifest && (item["items"] != nil || item["sequences"] != nil)
            members.append(.init(kind: kind, id: id(item), label: LanguageMap(item["label"]) ?? LanguageMap(),
                                 embedded: whole ? manifest(item) : nil))
        }
        return IIIFCollection(id: id(document), label: LanguageMap(document["label"]) ?? LanguageMap(), members: members)
    }

    private static func manifest(_ document: [String: Any]) -> IIIFManifest {
        let metadata = (document["metadata"] as? [Any] ?? []).compactMap { item -> IIIFManifest.Pair? in
            guard let pair = item as? [String: Any], let label = LanguageMap(pair["label"]), let value = LanguageMap(pair["value"]),
                  !value.isEmpty else { return nil }
            return IIIFManifest.Pair(label: label, value: value)
        }
        // Presentation 3's requiredStatement; 2's attribution.
        var required: IIIFManifest.Pair?
        if let statement = document["requiredStatement"] as? [String: Any], let value = LanguageMap(statement["value"]), !value.isEmpty {
            required = .init(label: LanguageMap(statement["label"]) ?? LanguageMap(), value: value)
        } else if let attribution = LanguageMap(document["attribution"]), !attribution.isEmpty {
            required = .init(label: LanguageMap(), value: attribution)
        }
        let painted = IIIFCanvases.read(document)
        let rights = (document["rights"] as? String) ?? (document["license"] as? String)
            ?? (document["license"] as? [Any])?.first as? String
        return IIIFManifest(
            id: id(document),
            label: LanguageMap(document["label"]) ?? LanguageMap(),
            summary: LanguageMap(document["summary"]) ?? LanguageMap(document["description"]) ?? LanguageMap(),
            metadata: metadata,
            requiredStatement: required,
            rights: rights,
            navDate: document["navDate"] as? String,
            images: painted.images,
            media: painted.media,
            thumbnail: painted.thumbnail)
    }
}

import ExpoCatalog

/// The catalog as IIIF Presentation 3.0, for other viewers and collections: a Manifest
/// per exhibit, with its texts in every language, a Canvas per image painted with the
/// largest file the guide serves, and one Collection of them all. IIIF ids must be
/// absolute, so these exist only when the site's address is known.
struct IIIF {
    static let context = "http://iiif.io/api/presentation/3/context.json"
    static let contentType = "application/ld+json;profile=\"\(context)\""

    let catalog: Catalog
    let routes: Routes
    let assets: SiteAssets
    /// `https://host` of the ids.
    let origin: String
    /// Each exhibit's place in every edition, by id: a manifest looks its exhibit up in
    /// each language, and a search through 100,000 for each would make the collection's
    /// cost grow with the square of the catalog.
    let positions: [String: Int]

    func exhibit(_ id: String, in edition: Edition) -> Exhibit? {
        guard let index = positions[id], index < edition.exhibits.count else { return nil }
        return edition.exhibits[index]
    }

    func absolute(_ path: String) -> String { origin + routes.link(path) }

    /// `{ "ko": ["…"], "en": ["…"] }`, each language once, empty texts left out.
    func languageMap(_ text: (Edition) -> String) -> JSONText? {
        var map = JSONText()
        var any = false
        for edition in catalog.editions {
            let value = text(edition)
            guard !value.isEmpty else { continue }
            map.add(edition.language.code, strings: [value])
            any = true
        }
        return any ? map : nil
    }

    func manifest(_ id: String) -> [UInt8] {
        let primary = exhibit(id, in: catalog.primary)
        var manifest = JSONText()
        manifest.add("@context", Self.context)
        manifest.add("id", absolute(routes.iiifManifest(id)))
        manifest.add("type", "Manifest")
        manifest.add("label", languageMap { exhibit(id, in: $0)?.name ?? "" } ?? Self.noLanguage(id))
        if let summary = languageMap({ exhibit(id, in: $0)?.shortDescription ?? "" }) { manifest.add("summary", summary) }
        var metadata: [JSONText] = []
        for (key, path) in ObjectFacts.keys where key != "credit_line" && key != "rights" {
            guard let value = languageMap({ exhibit(id, in: $0)?.facts[keyPath: path] ?? "" }) else { continue }
            metadata.append(entry(label: languageMap { assets.strings($0.language).exhibit.label(forFact: key) },
                                  value: value))
        }
        for (index, _) in (primary?.facts.fields ?? []).enumerated() {
            func field(_ edition: Edition) -> ObjectFacts.Field? {
                let fields = exhibit(id, in: edition)?.facts.fields ?? []
                return index < fields.count ? fields[index] : nil
            }
            guard let value = languageMap({ field($0)?.value ?? "" }) else { continue }
            metadata.append(entry(label: languageMap { field($0)?.label ?? "" }, value: value))
        }
        if !metadata.isEmpty { manifest.add("metadata", metadata) }
        if let credit = languageMap({ exhibit(id, in: $0)?.facts.creditLine ?? "" }) {
            manifest.add("requiredStatement", entry(label: languageMap { edition in
                assets.strings(edition.language).exhibit.creditLine
            }, value: credit))
        }
        if let rights = primary?.facts.rights, Self.isRightsURI(rights) { manifest.add("rights", rights) }
        var homepage = JSONText()
        homepage.add("id", absolute(routes.exhibit(id, catalog.primary.language)))
        homepage.add("type", "Text")
        homepage.add("format", "text/html")
        if let label = languageMap({ exhibit(id, in: $0)?.name ?? "" }) { homepage.add("label", label) }
        manifest.add("homepage", [homepage])
        var canvases: [JSONText] = []
        for (index, image) in (primary?.images ?? []).enumerated() {
            if let canvas = canvas(id, image: image, index: index + 1) { canvases.append(canvas) }
        }
        canvases += audioCanvases(id, imageCanvas: primary.flatMap { canvas(id, image: $0.images[0], index: 1) })
        manifest.add("items", canvases)
        return Array(manifest.text.utf8)
    }

    private func entry(label: JSONText?, value: JSONText) -> JSONText {
        var entry = JSONText()
        entry.add("label", label ?? value)
        entry.add("value", value)
        return entry
    }

    func canvas(_ id: String, image: ExhibitImage, index: Int) -> JSONText? {
        guard let picture = assets.picture(image.name), let size = picture.size else { return nil }
        let canvasID = absolute(routes.iiifCanvas(id, index))
        // The largest raster the guide serves, or the drawing itself.
        let (link, width, height, format) = picture.largestRaster.map { ($0.link, $0.width, $0.height, $0.format) }
            ?? (picture.largest, size.width, size.height, "image/svg+xml")
        var body = JSONText()
        body.add("id", origin + link)
        body.add("type", "Image")
        body.add("format", format)
        body.add("width", width)
        body.add("height", height)
        // A large photo's tiles: viewers (Mirador, Universal Viewer, Clover) zoom to its last
        // pixel through them, on a canvas of the photo's full size.
        if let tiles = picture.tiles {
            var service = JSONText()
            service.add("id", origin + tiles.link)
            service.add("type", "ImageService3")
            service.add("profile", "level0")
            body.add("service", [service])
        }
        let canvasSize = picture.tiles.map { ($0.width, $0.height) } ?? (width, height)
        var annotation = JSONText()
        annotation.add("id", canvasID + "/annotation/1")
        annotation.add("type", "Annotation")
        annotation.add("motivation", "painting")
        annotation.add("body", body)
        annotation.add("target", canvasID)
        var page = JSONText()
        page.add("id", canvasID + "/page")
        page.add("type", "AnnotationPage")
        page.add("items", [annotation])
        var canvas = JSONText()
        canvas.add("id", canvasID)
        canvas.add("type", "Canvas")
        if let label = languageMap({ edition in
            let translated = exhibit(id, in: edition)?.images.first { $0.name == image.name }
            return translated?.caption ?? ""
        }) { canvas.add("label", label) }
        canvas.add("width", canvasSize.0)
        canvas.add("height", canvasSize.1)
        canvas.add("items", [page])
        return canvas
    }

    func collection() -> [UInt8] {
        var collection = JSONText()
        collection.add("@context", Self.context)
        collection.add("id", absolute(Routes.iiifCollection))
        collection.add("type", "Collection")
        if let label = languageMap({ $0.expositionName ?? assets.strings($0.language).siteName }) {
            collection.add("label", label)
        }
        collection.add("items", catalog.primary.exhibits.map { exhibit in
            var item = JSONText()
            item.add("id", absolute(routes.iiifManifest(exhibit.id)))
            item.add("type", "Manifest")
            item.add("label", languageMap { self.exhibit(exhibit.id, in: $0)?.name ?? "" } ?? Self.noLanguage(exhibit.id))
            return item
        })
        return Array(collection.text.utf8)
    }

    /// `{ "none": [text] }`: a label IIIF requires where the catalog has no text.
    static func noLanguage(_ text: String) -> JSONText {
        var map = JSONText()
        map.add("none", strings: [text])
        return map
    }

    /// IIIF's `rights` takes only Creative Commons and RightsStatements.org addresses.
    static func isRightsURI(_ text: String) -> Bool {
        ["http://creativecommons.org/", "https://creativecommons.org/", "http://rightsstatements.org/", "https://rightsstatements.org/"]
            .contains { text.hasPrefix($0) } && !text.contains(where: \.isWhitespace)
    }
}

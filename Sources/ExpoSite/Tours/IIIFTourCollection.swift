import ExpoCatalog

extension IIIF {
    /// One tour as a IIIF Collection of its exhibits' manifests, in walking order, with its
    /// title and description in every language and its page as the homepage.
    func tourCollection(_ index: Int) -> [UInt8] {
        guard catalog.primary.tours.indices.contains(index) else { return [] }
        let tour = catalog.primary.tours[index]
        func translated(_ edition: Edition) -> Tour? {
            edition.tours.indices.contains(index) ? edition.tours[index] : nil
        }
        var collection = JSONText()
        collection.add("@context", Self.context)
        collection.add("id", absolute(routes.iiifTourCollection(tour.id)))
        collection.add("type", "Collection")
        collection.add("label", languageMap { translated($0)?.title ?? "" } ?? Self.noLanguage(tour.id))
        if let summary = languageMap({ translated($0)?.description ?? "" }) { collection.add("summary", summary) }
        var homepage = JSONText()
        homepage.add("id", absolute(routes.tour(tour.id, catalog.primary.language)))
        homepage.add("type", "Text")
        homepage.add("format", "text/html")
        homepage.add("label", languageMap { translated($0)?.title ?? "" } ?? Self.noLanguage(tour.id))
        collection.add("homepage", [homepage])
        collection.add("items", tour.stops.map { id in
            var item = JSONText()
            item.add("id", absolute(routes.iiifManifest(id)))
            item.add("type", "Manifest")
            item.add("label", languageMap { exhibit(id, in: $0)?.name ?? "" } ?? Self.noLanguage(id))
            return item
        })
        return Array(collection.text.utf8)
    }
}

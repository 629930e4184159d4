import ExpoCatalog

extension Exhibit {
    /// The name a page shows: the exhibit's, or its id when the catalog left it empty.
    var displayName: String { ExhibitHeading(self).displayName }
}

extension ExhibitHeading {
    /// The name a link shows: the exhibit's, or its id when the catalog left it empty.
    var displayName: String { name.isEmpty ? id : name }
}

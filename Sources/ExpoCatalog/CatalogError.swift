/// Why a catalog could not be loaded. Each case reads as one line (or, for `invalid`, one
/// line per problem) for a person, naming the path or the file and the place.
public enum CatalogError: Error, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// Something exists but holds no catalog data; `searched` says where the guide looked
    /// in an app project.
    case notACatalog(path: String, searched: String?)
    /// The catalog was read and has errors; `diagnostics` holds them with every warning.
    case invalid(path: String, diagnostics: [Diagnostic])
    /// The default catalog's resource folder is not beside the program.
    case defaultCatalogMissing
    /// A zip given as the catalog that cannot be unpacked safely: `reason` says why.
    case unusableZip(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notFound(path):
            "\(path): no such file or folder"
        case let .notACatalog(path, searched):
            "\(path): not a catalog (a catalog is a folder with items.json and exposition_universelle_1900.json, "
                + "or items.csv and exposition.csv, or an iPhone app's project)" + (searched.map { "; \($0)" } ?? "")
        case let .invalid(path, diagnostics):
            diagnostics.filter { $0.severity == .error }
                .map { "\(path)/\($0.description)" }
                .joined(separator: "\n")
        case .defaultCatalogMissing:
            "the default catalog is missing: run expo1900 from its build folder, or give --catalog PATH"
        case let .unusableZip(path, reason):
            "\(path): a zip that cannot be read as a catalog: \(reason)"
        }
    }

    /// Every diagnostic the failed load produced, errors and warnings, in file order.
    public var diagnostics: [Diagnostic] {
        if case let .invalid(_, diagnostics) = self { return diagnostics }
        return []
    }
}

/// What a person may do in the studio. Each role may do everything the one before it may,
/// and more: a contributor writes, an editor decides what visitors see, an admin decides
/// who works on the guide.
public enum Role: String, Sendable, CaseIterable, Codable, Comparable, CustomStringConvertible {
    case contributor
    case editor
    case admin

    /// One thing the studio lets a person do; every studio route asks for one of these,
    /// never for a role by name, so that what a role may do is said here and only here.
    public enum Capability: Sendable, CaseIterable {
        case editDrafts
        case submitForReview
        case publish
        case revert
        /// Taking a whole spreadsheet into the catalog, and the whole catalog out as a zip.
        case importCatalog
        case downloadCatalog
        case manageAccounts
        case readAuditLog
        /// The dashboard of how the guide is used, and its CSV.
        case readCounts
        /// Adding an exhibition to a museum's folder (`studio --catalogs`), for an admin of every one.
        case addExhibition
    }

    public func may(_ capability: Capability) -> Bool {
        switch capability {
        case .editDrafts, .submitForReview: true
        case .publish, .revert, .importCatalog, .downloadCatalog, .readCounts: self >= .editor
        case .manageAccounts, .readAuditLog, .addExhibition: self == .admin
        }
    }

    public static func < (left: Role, right: Role) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }

    public var description: String { rawValue }
}

/// Why a site could not be rendered. The templates and styles ship with the program, so
/// these mean a broken build or installation, not a bad catalog.
public enum SiteError: Error, Sendable, CustomStringConvertible {
    case resourceMissing(String)
    case template(name: String, message: String)

    public var description: String {
        switch self {
        case let .resourceMissing(name):
            "the site's resource \(name) is missing beside the program; reinstall or rebuild expo1900"
        case let .template(name, message):
            "template \(name).mustache: \(message)"
        }
    }
}

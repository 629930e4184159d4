import Foundation

/// Where the state folder is, and where it must never be.
extension StudioState {
    /// `$XDG_STATE_HOME/expo1900`, or `~/.local/state/expo1900`. The XDG base directories
    /// put here what a program keeps between runs on this machine and that is not a document
    /// a person opens or carries elsewhere: the studio's accounts and drafts fit, the catalog
    /// (the guide's truth, kept in git or a shared folder) does not. Not the current folder,
    /// which is often the catalog's, where the state must never be. `environment` is passed
    /// in (a command gives its own), so the library reads no global.
    public static func defaultFolder(environment: [String: String]) throws(StudioError) -> URL {
        // The XDG specification ignores a relative XDG_STATE_HOME.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("expo1900")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw .noDefaultFolder }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/expo1900")
    }

    /// Refuses a state folder inside the catalog folder (the served guide and the export
    /// would then be one wrong link away from the password hashes) or a catalog inside the
    /// state folder. Both paths are resolved as the catalog's own boundary resolves them
    /// (`realpath`: symbolic links, `.` and `..`), so a link cannot hide the overlap;
    /// either may not exist yet, and is then resolved as far as it exists.
    public static func checkOutside(catalog: URL, state: URL) throws(StudioError) {
        let realCatalog = resolved(catalog)
        let realState = resolved(state)
        if isInside(realState, realCatalog) {
            throw .stateOverlapsCatalog(state: state.path, catalog: catalog.path, stateInside: true)
        }
        if isInside(realCatalog, realState) {
            throw .stateOverlapsCatalog(state: state.path, catalog: catalog.path, stateInside: false)
        }
    }

    /// `url` with every symbolic link resolved in the part of it that exists, and the rest
    /// added as written.
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL.path
        var rest: [String] = []
        while true {
            if let resolvedPath = realpath(existing, nil) {
                defer { free(resolvedPath) }
                let base = String(cString: resolvedPath)
                return rest.reversed().reduce(base) { ($0 as NSString).appendingPathComponent($1) }
            }
            let parent = (existing as NSString).deletingLastPathComponent
            if parent == existing || parent.isEmpty { return url.standardizedFileURL.path }
            rest.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

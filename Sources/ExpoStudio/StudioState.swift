import ExpoCatalog
import Foundation
import GRDB

/// The studio's own data, in one SQLite file `studio.sqlite` in the state folder: accounts
/// and the audit log now; sessions, drafts, history and counts as the studio grows. The
/// catalog's files stay the guide's truth; this holds only what the studio needs besides.
///
/// A `DatabasePool`, so WAL mode: a reader (a studio page, `users list`) never waits for a
/// writer (a publish, `users add` while the studio runs), and the studio's many reads do
/// not queue behind the counts it writes. The price is two files beside `studio.sqlite`
/// while it is open (`-wal`, `-shm`), which is why docs/studio.md says to back it up with
/// SQLite's `.backup` rather than by copying the file alone.
public struct StudioState: Sendable {
    public static let fileName = "studio.sqlite"

    public let folder: URL
    let database: DatabasePool
    /// The clock every row's time comes from, passed in so tests can hold it still.
    let now: @Sendable () -> Date
    /// The exhibition whose drafts, history and audit lines this reads and writes
    /// (`scoped(to:)`): '' for the one catalog of `studio --catalog`, and for the museum's
    /// own lines (logins, accounts) in a studio over a folder of exhibitions.
    public private(set) var exhibition = ""

    public var file: URL { folder.appendingPathComponent(Self.fileName) }

    /// The same state, reading and writing the drafts, history and audit lines of one
    /// exhibition of a folder. Accounts and sessions are the museum's, shared by all.
    public func scoped(to exhibition: String) -> StudioState {
        var scoped = self
        scoped.exhibition = exhibition
        return scoped
    }

    /// Opens the state in `folder`, bringing its tables up to date. `creating`: make the
    /// folder (0700) and the file (0600) when they are not there yet, as only `users add`
    /// does; otherwise a folder with no `studio.sqlite` is `noState`.
    public init(folder: URL, creating: Bool, now: @escaping @Sendable () -> Date = Date.init) throws(StudioError) {
        self.folder = folder
        self.now = now
        let path = folder.appendingPathComponent(Self.fileName).path
        try Self.prepare(folder: folder, file: path, creating: creating)
        database = try Self.openDatabase(path, migrator: Self.migrator)
    }

    /// The database at `path` with its tables brought up to date by `migrator`; one a
    /// newer guide has written is refused rather than read wrong.
    static func openDatabase(_ path: String, migrator: DatabaseMigrator) throws(StudioError) -> DatabasePool {
        var configuration = Configuration()
        // `users add` from a terminal while the studio writes waits its turn, briefly,
        // instead of failing at once.
        configuration.busyMode = .timeout(5)
        do {
            let database = try DatabasePool(path: path, configuration: configuration)
            try database.write { db in
                if try migrator.hasBeenSuperseded(db) { throw StudioError.stateUnusable(path: path, reason: Self.newerVersion) }
            }
            try migrator.migrate(database)
            return database
        } catch {
            throw Self.problem(error, path: path)
        }
    }

    /// The folder and the file, made with permissions only their owner can use: the file
    /// holds password hashes, and a copy of it lets anyone guess at them at leisure.
    static func prepare(folder: URL, file: String, creating: Bool) throws(StudioError) {
        var info = stat()
        if stat(file, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw .stateUnusable(path: file, reason: "is not a regular file; move it away, or choose another folder with --state DIR")
            }
            // A file copied in from a backup may have come with looser permissions.
            if info.st_mode & 0o077 != 0 { chmod(file, 0o600) }
            return
        }
        let failure = errno
        guard creating else {
            // No folder, or a folder without the file: nobody has made an account here yet.
            if failure == ENOENT { throw .noState(folder: folder.path) }
            throw .stateUnusable(path: file, reason: problemDescription(errno: failure))
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .stateUnusable(path: folder.path, reason: FileProblem(error, file: "").description)
        }
        // O_EXCL: never through a link planted where the file will be. A file that appeared
        // since the check above was made by another `users add` at the same moment: use it.
        let descriptor = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .stateUnusable(path: file, reason: problemDescription(errno: errno))
        }
    }

    static let newerVersion =
        "was written by a newer expo1900 than this one; use that version, or restore a backup made by this one"

    /// A file system `errno` in FileProblem's words, without the path (the error names it).
    private static func problemDescription(errno number: Int32) -> String {
        FileProblem(NSError(domain: NSPOSIXErrorDomain, code: Int(number)), file: "").description
    }

    /// Any error met opening or using the state, as a `StudioError` naming the file.
    static func problem(_ error: any Error, path: String) -> StudioError {
        if let studio = error as? StudioError { return studio }
        guard let database = error as? DatabaseError else {
            if FileProblem(error).kind == .diskFull { return .diskFull(path: path) }
            return .stateUnusable(path: path, reason: FileProblem.describe(error))
        }
        if database.resultCode == .SQLITE_FULL { return .diskFull(path: path) }
        let reason = switch database.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            "is not a readable studio database (damaged, or another kind of file); restore it from a backup, or move it away to start anew"
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            "cannot be opened for writing; allow this user to read and write it and its folder, or choose another folder with --state DIR"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            "is in use by another program that holds it too long; try again in a moment"
        case .SQLITE_IOERR:
            "could not be read or written (a disk error); check the disk, or restore a backup"
        default:
            "could not be used (\(ControlCharacters.escaped(database.message ?? "SQLite error \(database.resultCode.rawValue)"))); restore a backup, or move it away to start anew"
        }
        return .stateUnusable(path: path, reason: reason)
    }

    /// Runs `body` in one write transaction, every error said as the studio says it.
    func writing<T>(_ body: (Database) throws -> T) throws(StudioError) -> T {
        do { return try database.write(body) } catch { throw Self.problem(error, path: file.path) }
    }

    func reading<T>(_ body: (Database) throws -> T) throws(StudioError) -> T {
        do { return try database.read(body) } catch { throw Self.problem(error, path: file.path) }
    }
}

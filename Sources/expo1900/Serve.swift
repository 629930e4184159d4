import ArgumentParser
import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import ExpoStudio
import Foundation
import Logging

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the guide (the default command).",
        discussion: "Exit status: 0 when stopped, 1 when the catalog cannot be served or the port cannot be used, 2 when the catalog path is not a catalog.")

    @OptionGroup var guide: GuideServing

    @OptionGroup var counting: CountingOptions

    @OptionGroup var state: StateOption

    func run() async throws {
        if let catalogs = guide.catalogs {
            var countsFolder: URL?
            if counting.enabled {
                do throws(StudioError) {
                    let folder = try state.folder()
                    try StudioState.checkOutside(catalog: URL(fileURLWithPath: catalogs), state: folder)
                    countsFolder = folder
                } catch {
                    printError("expo1900: \(error)")
                    throw ExitCode(error.isAboutTheStateFolder ? 2 : 1)
                }
            }
            try await guide.runMuseum(catalogs, counting: countsFolder.map { (counting, $0) })
            return
        }
        var counts: UsageStore?
        if counting.enabled {
            do throws(StudioError) {
                let folder = try state.folder()
                if let catalog = guide.catalog.map(URL.init(fileURLWithPath:)) ?? CatalogLoader.defaultCatalogURL {
                    try StudioState.checkOutside(catalog: catalog, state: folder)
                }
                counts = try UsageStore(folder: folder)
            } catch {
                printError("expo1900: \(error)")
                throw ExitCode(error.isAboutTheStateFolder ? 2 : 1)
            }
        }
        try await guide.run(counting: counts.map { (counting, $0) }, side: nil)
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.3f", Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// What `serve` and `studio` share: the options that say which guide to serve and where,
/// and the serving itself.
struct GuideServing: ParsableArguments {
    @Option(help: "The catalog folder (default: the catalog that ships with the guide).")
    var catalog: String?

    @Option(help: ArgumentHelp(
        "A folder whose sub-folders (or zips) are catalogs: each is an exhibition served under its folder's name (/NAME/), with the museum's front page at /. See docs/exhibitions.md.",
        valueName: "DIR"))
    var catalogs: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("base-url"), help: "The guide's public address, such as https://guide.example.org/, for link previews and search engines.")
    var baseURL: String?

    /// The server answers at the root of its address, so --base-url names an origin.
    var options: SiteOptions {
        get throws {
            // IIIF ids must be absolute: without a public address, they name this server.
            guard let baseURL else {
                let local = host == "0.0.0.0" || host == "::" ? "localhost" : host.contains(":") ? "[\(host)]" : host
                return SiteOptions(localOrigin: port == 0 ? nil : "http://\(local):\(port)")
            }
            guard let address = SiteOptions.parseBaseURL(baseURL), address.path == "/" else {
                throw ValidationError("--base-url must be an address such as https://guide.example.org/ (the server answers at its root; to host under a path, use export --base-path)")
            }
            return SiteOptions(origin: address.origin)
        }
    }

    @Flag(help: "Watch the catalog's files: each saved change re-renders the guide and reloads open pages; a broken edit is shown on them until it is fixed.")
    var watch = false

    @OptionGroup var images: ImageOptions

    func validate() throws {
        _ = try options
        if catalog != nil && catalogs != nil {
            throw ValidationError("--catalog serves one catalog at /, --catalogs a folder of them under their names: give one of them")
        }
    }

    /// Serves the guide, and with `side` (the studio) its routes beside it; `side` is made
    /// once the catalog is loaded, from what was loaded.
    /// With `side`, the catalog is always loaded entry by entry and its files watched (the
    /// studio writes them, and must see what others write), but its pages reload themselves
    /// only with `--watch`.
    /// `serverPaths` are where `side` answers on the guide's address (`SiteOptions.serverPaths`).
    func run(tls: ExpoServer.TLSFiles? = nil, export: StudioExport? = nil, counting: (CountingOptions, UsageStore)? = nil,
             serverPaths: [String] = [], side: ((_ guide: ServedGuide, _ logger: Logger) throws -> any SideRoutes)?) async throws {
        let stops = StopSignals()
        // Whatever way the server ends, recordings still being made are stopped, their folders removed.
        defer { ChildProcesses.shared.stopAll() }
        let clock = ContinuousClock()
        let started = clock.now
        let source = CatalogSource(path: catalog)
        // Watching keeps each items file's entries, so that an edit to one exhibit is read on its own.
        let watchesFiles = watch || side != nil
        let watched = watchesFiles ? try source.loadWatchedReportingProblems() : nil
        // Recordings and videos not made yet are made once the guide answers: see `makeMediaLater`.
        let media = MadeMedia()
        let prepared = images.prepare(try watched?.catalog ?? source.loadReportingProblems(warnings: false), mediaLater: media)
        let (loaded, renditions) = (prepared.catalog, prepared.renditions)
        for diagnostic in loaded.diagnostics { printError(diagnostic.line) }
        let loadedAt = clock.now
        var options = try options
        options.servesSearch = true
        options.takeSearchShardSize()
        if watch { options.preview = SiteOptions.Preview(generation: 1, eventsPath: PreviewEvents.path) }
        if counting != nil { options.counting = .served }
        options.serverPaths = serverPaths
        let site: Site
        do {
            site = try SiteReloader.render(loaded, renditions, options: options, generation: 1)
        } catch {
            printError("expo1900: \(FileProblem.describe(error))")
            throw ExitCode(1)
        }
        LoggingSystem.bootstrap(LineLogHandler.init)
        let logger = Logger(label: "expo1900")
        logger.info("""
            loaded \(loaded.exhibitCount) exhibits in \(loaded.languages.map(\.code).joined(separator: ", ")) \
            (\(loaded.primaryLanguageChoice)) and \(renditions.images.count) images in \(Self.seconds(loadedAt - started)) s, \
            made \(site.madePages.count) files in \(Self.seconds(clock.now - loadedAt)) s\
            \(site.pageCountBesidesBrowsing > site.madePages.count
                ? "; the other \(site.pageCountBesidesBrowsing - site.madePages.count) pages are made when asked for" : "")
            """)
        let events = watch ? PreviewEvents(generation: 1) : nil
        let served = watched.map { ServedGuide(first: $0, renditions: renditions, options: options, cache: images.cache, export: export) }
        let recorder: UsageRecorder?
        do throws(StudioError) {
            recorder = try counting.map { options, state throws(StudioError) in try options.recorder(state: state, logger: logger) }
        } catch {
            printError("expo1900: \(error)")
            throw ExitCode(1)
        }
        if let recorder { logger.info("counting how the guide is used into \(recorder.file.path) (docs/counts.md)") }
        let responder = SiteResponder(site: site, logger: logger, previewEvents: events,
                                      side: try served.flatMap { served in try side?(served, logger) }, usage: recorder?.tally)
        let recording = recorder.map { recorder in Task.detached { await recorder.run() } }
        let reloader = SiteReloader(path: catalog, images: images, options: options, responder: responder, events: events,
                                    watched: watched.map { ($0, renditions) }, media: media,
                                    shownWarnings: loaded.diagnostics)
        served?.bind(reloader, responder)
        reloader.makeMediaLater(prepared)
        let reloads = reloadOnHangup(reloader)
        defer { reloads.cancel() }
        var watching: Task<Void, Never>?
        if watchesFiles, let root = catalog.map({ URL(fileURLWithPath: $0) }) ?? CatalogLoader.defaultCatalogURL {
            logger.info("watching \(root.path) for changes (a look at its files every \(CatalogWatcher.interval))")
            watching = Task.detached {
                let watcher = CatalogWatcher(root: root)
                while (try? await watcher.nextChange()) != nil {
                    reloader.reload(because: "the catalog changed", unlessUpToDate: true)
                }
            }
        }
        defer { watching?.cancel() }
        do {
            try await ExpoServer.run(responder: responder, configuration: .init(host: host, port: port, tls: tls), logger: logger) { url in
                stops.serverStops()
                // Written straight to the file descriptor so that a script reading the pipe
                // sees the line at once, whatever stdout's buffering.
                FileHandle.standardOutput.write(Data("Expo1900 is serving \(url)\n".utf8))
            }
        } catch let failure as ExpoServer.Failure {
            printError("expo1900: \(failure)")
            throw ExitCode(1)
        }
        // The counts since the last write, written before the process ends.
        recording?.cancel()
        await recording?.value
    }

    private static func seconds(_ duration: Duration) -> String { Serve.seconds(duration) }

    /// SIGHUP loads the catalog again and swaps the new site in whole; a catalog that no
    /// longer loads is reported and the old site keeps serving.
    private func reloadOnHangup(_ reloader: SiteReloader) -> any DispatchSourceSignal {
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "expo1900.reload"))
        source.setEventHandler { reloader.reload(because: "SIGHUP") }
        source.resume()
        return source
    }
}

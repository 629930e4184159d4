import ArgumentParser
import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import Foundation
import Logging

extension GuideServing {
    /// Serves a folder of catalogs (`--catalogs DIR`): each exhibition under its name, the
    /// museum's front page at `/`. A catalog that cannot be loaded is named in the log and on
    /// the front page, answers a page of its own, and the others serve on.
    /// `studio`: the studio of them all, made once the exhibitions are loaded.
    /// `counting`: each exhibition counts into its own file in the state folder.
    func runMuseum(_ directory: String, tls: ExpoServer.TLSFiles? = nil, importsPrivate: Bool = false,
                   counting: (options: CountingOptions, state: URL)? = nil, export: MuseumExport? = nil,
                   studio: ((_ museum: Museum, _ logger: Logger) -> any SideRoutes)? = nil) async throws {
        let stops = StopSignals()
        defer { ChildProcesses.shared.stopAll() }
        let clock = ContinuousClock()
        let started = clock.now
        let root = URL(fileURLWithPath: directory)
        let folder: MuseumFolder
        do throws(MuseumFolder.Failure) {
            folder = try MuseumFolder.open(root)
        } catch {
            printError("expo1900: \(error)")
            throw ExitCode(2)
        }
        for diagnostic in folder.diagnostics { printError("\(diagnostic.severity.rawValue): \(directory)/\(diagnostic.description)") }
        if folder.entries.isEmpty {
            printError("warning: \(directory) holds no exhibition yet: its front page says so. Add a catalog folder (or a zip) to it\(watch || studio != nil ? "" : " and send SIGHUP, or start with --watch"), and it is served under its name.")
        }
        var options = try options
        options.servesSearch = true
        options.takeSearchShardSize()
        if counting != nil { options.counting = .served }
        LoggingSystem.bootstrap(LineLogHandler.init)
        let logger = Logger(label: "expo1900")
        let counts = counting.map { MuseumCounts(state: $0.state, options: $0.options, logger: logger) }
        let museum = Museum(folder: folder, serving: self, options: options, studio: studio != nil, importsPrivate: importsPrivate,
                            counts: counts, export: export)
        let loaded = museum.loadAll()
        let responder: SiteResponder
        do {
            responder = try SiteResponder(museum: folder.description, exhibitions: loaded.map(\.exhibition), logger: logger, watching: watch,
                                          side: studio?(museum, logger), usage: counts?.tallies)
        } catch {
            printError("expo1900: \(FileProblem.describe(error))")
            throw ExitCode(1)
        }
        museum.bind(responder, loaded: loaded)
        let served = loaded.filter { $0.exhibition.site != nil }.count
        let exhibits = loaded.compactMap(\.exhibition.site).map(\.pageCountBesidesBrowsing).reduce(0, +)
        logger.info("""
            loaded \(served) of \(loaded.count) exhibitions in \(Serve.seconds(clock.now - started)) s \
            (\(exhibits) pages, made as they are asked for where there are many)\
            \(served < loaded.count ? "; not served: \(loaded.filter { $0.exhibition.site == nil }.map(\.exhibition.name).joined(separator: ", "))" : "")
            """)
        signal(SIGHUP, SIG_IGN)
        let hangups = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "expo1900.reload"))
        hangups.setEventHandler { museum.refresh(because: "SIGHUP") }
        hangups.resume()
        defer { hangups.cancel() }
        var watching: Task<Void, Never>?
        if watch || studio != nil {
            logger.info("watching \(root.path) for changes (a look at its files every \(CatalogWatcher.interval))")
            watching = Task.detached {
                let watcher = CatalogWatcher(root: root, holdsExhibitions: true)
                while (try? await watcher.nextChange()) != nil {
                    museum.refresh(because: "the files changed")
                }
            }
        }
        defer { watching?.cancel() }
        // The front page sorts exhibitions into current, upcoming and past by the day.
        let days = Task.detached {
            var day = Calendar.current.startOfDay(for: Date())
            while (try? await Task.sleep(for: .seconds(600))) != nil {
                let today = Calendar.current.startOfDay(for: Date())
                if today != day { day = today; museum.refreshFront() }
            }
        }
        defer { days.cancel() }
        if let counts { logger.info("counting how each exhibition is used into \(counts.folder.path)/NAME.sqlite (docs/counts.md)") }
        do {
            try await ExpoServer.run(responder: responder, configuration: .init(host: host, port: port, tls: tls), logger: logger) { url in
                stops.serverStops()
                FileHandle.standardOutput.write(Data("Expo1900 is serving \(url)\n".utf8))
            }
        } catch let failure as ExpoServer.Failure {
            printError("expo1900: \(failure)")
            throw ExitCode(1)
        }
        // The counts since the last write, written before the process ends.
        await counts?.stop()
    }
}

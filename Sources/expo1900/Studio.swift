import ArgumentParser
import ExpoCatalog
import ExpoImages
import ExpoServer
import ExpoSite
import ExpoStudio
import Foundation
import Logging

/// `expo1900 studio`: the guide at `/`, as `serve` serves it, and the studio at `/studio/`.
struct Studio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the guide and the studio, where the museum's staff edit and publish it (at /studio/).",
        discussion: """
            The studio needs an account: make the first with expo1900 users add NAME --role admin. \
            It listens on this machine only (127.0.0.1) unless --trust-proxy names the TLS proxy in front of it: \
            passwords never cross a network in clear.
            Exit status: 0 when stopped, 1 when it cannot serve, 2 when the catalog or the state folder cannot be used.
            """)

    @OptionGroup var guide: GuideServing
    @OptionGroup var state: StateOption

    @OptionGroup var counting: CountingOptions

    @Option(name: .customLong("trust-proxy"), help: ArgumentHelp(
        "The address of a TLS proxy in front of the studio (such as 127.0.0.1 for nginx on this machine): its X-Forwarded-For and X-Forwarded-Proto are believed, and no one else's.",
        valueName: "ADDRESS"))
    var trustProxy: String?

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM); needs --tls-key.", valueName: "FILE"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The certificate's private key (PEM).", valueName: "FILE"))
    var tlsKey: String?

    @Option(name: .customLong("export"), help: ArgumentHelp(
        "After each publish, also write the guide as a static site into this folder (as expo1900 export does: whole, or not at all), for a web server or a CDN's origin. With --catalogs, the whole museum, as export --catalogs writes it.",
        valueName: "DIR"))
    var exportDirectory: String?

    @Option(name: .customLong("studio-origin"), help: ArgumentHelp(
        "The address staff open the studio at through --trust-proxy's proxy or with --tls-cert, such as https://studio.museum.example (default: --base-url's). Forms are taken only from it and from this machine's own addresses at --port, never from whatever Host a request names.",
        valueName: "URL"))
    var studioOrigin: String?

    @Flag(name: .customLong("iiif-allow-private"), help: ArgumentHelp(
        "With --catalogs: let a new exhibition's IIIF import fetch from this machine and private networks too (a museum's own intranet), as import iiif --allow-private does."))
    var iiifAllowPrivate = false

    /// The origin forms may come from besides this machine's own names: --studio-origin, else --base-url's.
    var configuredOrigin: String? {
        get throws {
            guard let given = studioOrigin ?? guide.baseURL else { return nil }
            guard let address = SiteOptions.parseBaseURL(given), address.path == "/" || studioOrigin == nil else {
                throw ValidationError("--studio-origin must be an address without a path, such as https://studio.museum.example")
            }
            return address.origin
        }
    }

    /// Addresses that only this machine can reach.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    func validate() throws {
        if guide.catalogs == nil && iiifAllowPrivate {
            throw ValidationError("--iiif-allow-private is for a new exhibition's IIIF import, which only a studio of several (--catalogs) has")
        }
        _ = try configuredOrigin
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both, or neither")
        }
        if !Self.isLoopback(guide.host) && trustProxy == nil && tlsCertificate == nil {
            throw ValidationError("""
                the studio would listen on \(guide.host), where passwords would cross the network in clear. \
                Give it a certificate (--tls-cert FILE --tls-key FILE), or put a TLS proxy in front of it \
                and name the proxy's address with --trust-proxy ADDRESS, or keep the default --host 127.0.0.1.
                """)
        }
    }

    func run() async throws {
        FreedMemory.useArenas(2)
        if let path = guide.catalog, CatalogZip.isZip(URL(fileURLWithPath: path)) {
            printError("expo1900: \(path): the studio edits a catalog folder, not a zip; unpack it first (unzip \(path) -d FOLDER) and give the folder")
            throw ExitCode(2)
        }
        let studio: StudioState
        let counts: UsageStore?
        do throws(StudioError) {
            let folder = try state.folder()
            if let catalog = guide.catalogs.map(URL.init(fileURLWithPath:)) ?? guide.catalog.map(URL.init(fileURLWithPath:))
                ?? CatalogLoader.defaultCatalogURL {
                try StudioState.checkOutside(catalog: catalog, state: folder)
            }
            studio = try StudioState(folder: folder, creating: false)
            guard try !studio.accounts().isEmpty else { throw StudioError.noState(folder: folder.path) }
            // A museum's exhibitions count each into its own file (MuseumCounts).
            counts = guide.catalogs == nil ? try UsageStore(folder: folder) : nil
        } catch {
            printError("expo1900: \(error)")
            throw ExitCode(error.isAboutTheStateFolder ? 2 : 1)
        }
        var export: StudioExport?
        var museumExport: MuseumExport?
        if let exportDirectory {
            let directory = URL(fileURLWithPath: exportDirectory)
            do {
                if let catalog = guide.catalogs.map(URL.init(fileURLWithPath:)) ?? guide.catalog.map(URL.init(fileURLWithPath:))
                    ?? CatalogLoader.defaultCatalogURL {
                    try SiteExporter.checkDestination(directory, outside: catalog)
                }
                try SiteExporter.checkDestination(directory, outside: studio.folder)
            } catch {
                printError("expo1900: \(FileProblem.describe(error))")
                throw ExitCode(1)
            }
            var options = SiteOptions()
            options.origin = try guide.options.origin
            options.takeSearchShardSize()
            if guide.catalogs != nil {
                museumExport = MuseumExport(directory: directory, options: options)
            } else {
                export = StudioExport(directory: directory, options: options)
            }
        }
        let tls = tlsCertificate.flatMap { certificate in tlsKey.map { ExpoServer.TLSFiles(certificate: certificate, key: $0) } }
        let transport: StudioRoutes.Transport = tls != nil ? .tls : trustProxy.map { .proxy($0) } ?? .loopback
        let origins = StudioOrigins(configured: try configuredOrigin, host: guide.host)
        if let directory = guide.catalogs {
            try await guide.runMuseum(directory, tls: tls, importsPrivate: iiifAllowPrivate, counting: (counting, studio.folder),
                                      export: museumExport) { museum, logger in
                logger.info("studio at /studio/ for every exhibition, with the accounts in \(studio.folder.path)")
                if transport != .loopback, origins.configured == nil {
                    logger.warning("the studio takes forms only from this machine's own addresses; give the address staff open it at with --studio-origin URL")
                }
                return MuseumStudioRoutes(state: studio, exhibitions: museum, transport: transport, origins: origins, logger: logger)
            }
            return
        }
        try await guide.run(tls: tls, export: export, counting: counts.map { (counting, $0) },
                            serverPaths: [StudioPaths.root]) { served, logger in
            logger.info("studio at /studio/ with the accounts in \(studio.folder.path)")
            if transport != .loopback, origins.configured == nil {
                logger.warning("the studio takes forms only from this machine's own addresses; give the address staff open it at with --studio-origin URL")
            }
            if !served.watchedLoad().isEditable {
                logger.warning("the studio shows this catalog but edits only catalogs that are a folder of JSON files")
            }
            return StudioRoutes(state: studio, usage: counts, transport: transport, origins: origins, logger: logger, guide: served)
        }
    }
}

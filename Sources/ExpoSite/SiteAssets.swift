import ExpoCatalog
import ExpoImages

/// The site's files other than pages: the stylesheet, the script and every image variant,
/// each under a name that carries its content hash so it can be cached for a year.
struct SiteAssets: Sendable {
    private(set) var files: [String: Page] = [:]
    private(set) var stylesheetURL = ""
    private(set) var noscriptStylesheetURL = ""
    private(set) var labelsStylesheetURL = ""
    private(set) var scriptURL = ""
    private var preview: (script: String, options: SiteOptions.Preview)?
    /// Whether the pages count, and where they send it.
    let counting: SiteOptions.Counting?
    /// The browser tab's icon: the catalog's flag, when it has one.
    private(set) var iconURL: String?
    private var pictures: [String: Picture] = [:]
    /// The deep-zoom tile services of large photos, by their path (`/tiles/<name>-<hash>`).
    private(set) var tileServices: [String: TileService] = [:]
    /// The image files a phone needs offline; the service worker fetches only these ahead.
    private(set) var offlineImagePaths: Set<String> = []
    private(set) var imagePaths: Set<String> = []
    private(set) var icons = Icons()
    private var searchIndexURLs: [Language: String] = [:]
    private var headLinks: [Language: HTML] = [:]
    /// Each recording's link and length, by the original's file name.
    private var recordings: [String: Recording] = [:]
    /// Each WebVTT transcript's link and size, by its file name.
    private var webVTTLinks: [String: OfflineFile] = [:]
    /// Each video's links, length and size, by the original's file name.
    private var videos: [String: Video] = [:]
    /// The files a phone shows offline of each image of a narrated exhibit, by image name:
    /// what "save for offline" keeps with the recording.
    private var narratedImages: [String: [OfflineFile]] = [:]
    /// Each language's list of every narrated exhibit's files, for "save every recording".
    private var narrationLists: [Language: NarrationList] = [:]
    /// The versions besides the standard one that some exhibit (or the exposition) has, by language.
    private var versionsOffered: [Language: [GuideVersion]] = [:]
    /// The interface's words in each of the catalog's languages, worked out once.
    fileprivate(set) var interface: [Language: UIStrings] = [:]

    /// The app icons' links, for the manifest and the apple-touch-icon.
    struct Icons: Sendable {
        var icon192 = ""
        var icon512 = ""
        var maskable512 = ""
        var appleTouch = ""
    }

    /// A file a page links, with its size: what saving for offline fetches and counts.
    struct OfflineFile: Sendable {
        var link: String
        var bytes: Int
    }

    /// A language's narrated exhibits' files, listed in a JSON file a page links.
    struct NarrationList: Sendable {
        var link: String
        var bytes: Int
        var exhibits: Int
    }

    struct Recording: Sendable {
        var link: String
        var duration: Double
        var bytes: Int
    }

    struct Video: Sendable {
        var link: String
        var bytes: Int
        var poster: OfflineFile
        var duration: Double
        var width: Int
        var height: Int
    }

    init(catalog: Catalog, renditions: Renditions, resources: SiteResources, routes: Routes, searchIndexPaths: [Language: String] = [:],
         preview: SiteOptions.Preview? = nil, counting: SiteOptions.Counting? = nil) {
        self.counting = counting
        for language in catalog.languages { interface[language] = UIStrings(catalog.interfaceText(language)) }
        var tones: Set<String> = []
        // The images of exhibits with a recording or a video: saved for offline with them.
        let narrated: Set<String> = renditions.recordings.isEmpty && renditions.videos.isEmpty ? [] : Set(catalog.editions.flatMap { edition in
            edition.exhibits.richExhibits.filter { $0.audio != nil || $0.hasVersions }.flatMap { $0.images.map(\.name) }
        })
        for (name, rendition) in renditions.images.sorted(by: { $0.key < $1.key }) {
            var links: [String: String] = [:]
            var paths: [String: String] = [:]
            for file in rendition.files {
                let stem = file.format == .svg ? "/images/\(name)" : "/images/\(name)-\(file.width)"
                let path = self.path(stem, file.format.fileExtension, file.bytes)
                paths["\(file.width) \(file.format)"] = path
                links["\(file.width) \(file.format)"] = add(path, file.format.mediaType, file.bytes, routes)
                imagePaths.insert(path)
            }
            for file in Picture.offlineFiles(rendition) {
                if let path = paths["\(file.width) \(file.format)"] { offlineImagePaths.insert(path) }
            }
            if narrated.contains(name) {
                narratedImages[name] = Picture.offlineFiles(rendition).compactMap { file in
                    links["\(file.width) \(file.format)"].map { OfflineFile(link: $0, bytes: file.bytes.count) }
                }
            }
            var picture = Picture(rendition) { links["\($0.width) \($0.format)"] ?? "" }
            if let tiles = rendition.tiles {
                let service = TileService(name: name, tiles: tiles)
                tileServices[service.path] = service
                files[service.infoPath] = Page(contentType: TileService.infoType, body: service.info(id: routes.absolute(link: routes.link(service.path))),
                                               caching: .immutable, crossOrigin: true).kept
                picture.tiles = PictureTiles(service, link: routes.link(service.path))
            }
            pictures[name] = picture
            if let tone = rendition.tone, let toneClass = picture.toneClass { tones.insert(".\(toneClass){background-color:\(tone)}") }
        }
        // Recordings and their captions, content-hashed like the images (a year in caches).
        for (file, rendition) in renditions.recordings.sorted(by: { $0.key < $1.key }) {
            let path = "/audio/\(Self.mediaStem(file))-\(rendition.file.contentHash.prefix(10)).m4a"
            recordings[file] = Recording(link: add(path, AudioRendition.mediaType, rendition.file, routes),
                                         duration: rendition.duration, bytes: rendition.file.size)
        }
        for (file, rendition) in renditions.videos.sorted(by: { $0.key < $1.key }) {
            let stem = "/video/\(Self.mediaStem(file))-\(rendition.file.contentHash.prefix(10))"
            // A poster chosen by image is that picture's shared JPEG; else the frame the video work took.
            let chosen: OfflineFile? = if case let .image(name)? = catalog.videos[file]?.poster { sharedFile(of: name, renditions) } else { nil }
            let poster = chosen ?? OfflineFile(link: add(stem + ".jpg", "image/jpeg", rendition.poster, routes), bytes: rendition.poster.count)
            videos[file] = Video(link: add(stem + ".mp4", VideoRendition.mediaType, rendition.file, routes), bytes: rendition.file.size,
                                 poster: poster, duration: rendition.duration, width: rendition.width, height: rendition.height)
        }
        for (file, text) in catalog.webVTTFiles.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(text.utf8)
            let path = "/audio/\(Self.mediaStem(file))-\(ContentHash.hex(bytes).prefix(10)).vtt"
            webVTTLinks[file] = OfflineFile(link: add(path, "text/vtt; charset=utf-8", bytes, routes), bytes: bytes.count)
        }
        for edition in catalog.editions where !recordings.isEmpty {
            var links: [String] = []
            var bytes = 0
            var exhibits = 0
            // A narration is more than a packed record holds.
            for exhibit in edition.exhibits.richExhibits {
                guard let files = narrationFiles(exhibit) else { continue }
                exhibits += 1
                links += [routes.link(routes.exhibit(exhibit.id, edition.language))] + files.map(\.link)
                bytes += files.reduce(0) { $0 + $1.bytes }
            }
            guard exhibits > 0 else { continue }
            let list = Array(("[" + links.map(JSONText.quoted).joined(separator: ",") + "]").utf8)
            narrationLists[edition.language] = NarrationList(
                link: add("/assets/narration-\(edition.language.code)", "json", "application/json", list, routes),
                bytes: bytes, exhibits: exhibits)
        }
        for edition in catalog.editions {
            var found: Set<GuideVersion> = edition.exposition.easyRead == nil ? [] : [.easyRead]
            for exhibit in edition.exhibits.richExhibits where exhibit.hasVersions {
                let versions = exhibit.versions
                if versions.easyRead != nil { found.insert(.easyRead) }
                if let file = versions.audioDescription, recordings[file] != nil { found.insert(.audioDescription) }
                if let file = versions.signVideo?.file, videos[file] != nil { found.insert(.sign) }
            }
            let offered = GuideVersion.allCases.filter(found.contains)
            if !offered.isEmpty { versionsOffered[edition.language] = offered }
        }
        // Each photo's average colour, shown while it loads: classes in the stylesheet,
        // since the Content-Security-Policy allows no inline style. Photos of one colour
        // share a rule.
        let toneRules = tones.isEmpty ? "" : "\n/* Loading tones of the catalog's photos. */\n" + tones.sorted().joined(separator: "\n") + "\n"
        stylesheetURL = add("/assets/style", "css", "text/css; charset=utf-8", resources.stylesheet + Array(toneRules.utf8), routes)
        noscriptStylesheetURL = add("/assets/noscript", "css", "text/css; charset=utf-8", resources.noscriptStylesheet, routes)
        labelsStylesheetURL = add("/assets/labels", "css", "text/css; charset=utf-8", resources.labelsStylesheet, routes)
        scriptURL = add("/assets/app", "js", "text/javascript; charset=utf-8", resources.script, routes)
        if let preview {
            self.preview = (add("/assets/preview", "js", "text/javascript; charset=utf-8", resources.previewScript, routes), preview)
        }
        func icon(_ name: String) -> String {
            add("/icons/\(name)", "png", "image/png", resources.icons[name] ?? [], routes)
        }
        icons = Icons(icon192: icon("icon-192"), icon512: icon("icon-512"),
                      maskable512: icon("icon-maskable-512"), appleTouch: icon("apple-touch-icon"))
        searchIndexURLs = searchIndexPaths.mapValues(routes.link)
        iconURL = pictures["flag"]?.src
        for language in catalog.languages {
            headLinks[language] = links(language, routes: routes)
        }
    }

    /// The lines of `<head>` that are the same on every page of a language: the links to
    /// the stylesheet, script, icons and manifest, and the home-screen app's settings.
    /// Written once per language, not once per page: rendering them in each page's
    /// template was a tenth of rendering a large catalog.
    func headLinks(_ language: Language) -> HTML { headLinks[language] ?? HTML("") }

    private func links(_ language: Language, routes: Routes) -> HTML {
        var tags = HTMLTags()
        if let iconURL { tags.tag("link", ["rel": "icon", "href": iconURL]) }
        tags.tag("link", ["rel": "manifest", "href": routes.link(routes.manifest(language))])
        tags.tag("link", ["rel": "apple-touch-icon", "href": icons.appleTouch])
        tags.tag("meta", ["name": "apple-mobile-web-app-capable", "content": "yes"])
        tags.tag("meta", ["name": "mobile-web-app-capable", "content": "yes"])
        tags.tag("meta", ["name": "apple-mobile-web-app-title", "content": strings(language).siteName])
        tags.tag("meta", ["name": "apple-mobile-web-app-status-bar-style", "content": "default"])
        tags.tag("link", ["rel": "stylesheet", "href": stylesheetURL])
        tags.noscript { $0.tag("link", ["rel": "stylesheet", "href": noscriptStylesheetURL]) }
        if let counting {
            // usage.js reads where to send; a static export's pages send their own views, as no server sees them.
            let views: String? = if case .remote = counting { "" } else { nil }
            tags.tag("meta", ["name": "expo-count", "content": counting.endpoint(routes), "data-views": views])
        }
        if let preview, preview.options.eventsPath.isEmpty {
            // The studio's preview of a draft: no service worker, and nothing to listen to.
            tags.tag("script", ["src": scriptURL, "defer": ""], closed: true)
        } else if let preview {
            // A preview's pages change under the same addresses: no service worker to keep old ones.
            tags.tag("script", ["src": scriptURL, "defer": ""], closed: true)
            tags.tag("script", ["src": preview.script, "data-events": preview.options.eventsPath,
                                "data-generation": String(preview.options.generation), "defer": ""], closed: true)
        } else {
            tags.tag("script", ["src": scriptURL, "data-service-worker": routes.link(Routes.serviceWorker), "data-scope": routes.basePath,
                                "defer": ""], closed: true)
        }
        return tags.html
    }

    /// The manifest of the list screen's search index in `language`.
    func searchIndexURL(_ language: Language) -> String { searchIndexURLs[language] ?? "" }

    /// The picture a shared link shows. Link previews do not draw SVG, so a drawing
    /// without a raster version is shown by the app icon instead.
    struct ShareImage: Sendable {
        var link: String
        var width: Int?
        var height: Int?
        var isIcon: Bool
    }

    /// `name` is a catalog image's name (`poster`, an exhibit's id).
    func shareImage(_ name: String) -> ShareImage {
        if let share = pictures[name]?.share {
            return ShareImage(link: share.link, width: share.width, height: share.height, isIcon: false)
        }
        return ShareImage(link: icons.icon512, width: 512, height: 512, isIcon: true)
    }

    /// A recording's link, length and size, by the original's file name; nil when it was not made.
    func recording(_ file: String) -> Recording? { recordings[file] }

    /// A WebVTT transcript's link and size, by its file name.
    func webVTT(_ file: String) -> OfflineFile? { webVTTLinks[file] }

    /// The versions a visitor may choose in `language` besides the standard one, in the
    /// chooser's order; empty when the catalog has none there.
    func offeredVersions(_ language: Language) -> [GuideVersion] { versionsOffered[language] ?? [] }

    /// A video's links, length and picture size, by the original's file name; nil when it was not made.
    func video(_ file: String) -> Video? { videos[file] }

    /// What saving a narrated exhibit for offline keeps besides its page: its recordings in
    /// its language (the narration and the audio description), their captions, and the
    /// image files a phone shows. Nil without a recording.
    func narrationFiles(_ exhibit: Exhibit) -> [OfflineFile]? {
        let recorded = recordingFiles(exhibit.audio, exhibit.transcript)
            + recordingFiles(exhibit.versions.audioDescription, exhibit.versions.audioDescriptionTranscript)
        guard !recorded.isEmpty else { return nil }
        return recorded + exhibit.images.flatMap { narratedImages[$0.name] ?? [] }
    }

    /// What saving an exhibit for offline keeps besides its page: its recordings and videos
    /// in its language with their captions and posters, and the image files a phone shows.
    /// Nil when it has neither.
    func mediaFiles(_ exhibit: Exhibit) -> [OfflineFile]? {
        let versions = exhibit.versions
        var files = recordingFiles(exhibit.audio, exhibit.transcript)
            + recordingFiles(versions.audioDescription, versions.audioDescriptionTranscript)
        for named in [versions.video, versions.signVideo].compactMap({ $0 }) {
            guard let video = videos[named.file] else { continue }
            files += [OfflineFile(link: video.link, bytes: video.bytes), video.poster]
            if let vtt = named.captions?.file.flatMap({ webVTTLinks[$0] }) { files.append(vtt) }
        }
        guard !files.isEmpty else { return nil }
        return files + exhibit.images.flatMap { narratedImages[$0.name] ?? [] }
    }

    /// A recording's file and its WebVTT captions, when it was made.
    private func recordingFiles(_ file: String?, _ transcript: Transcript?) -> [OfflineFile] {
        guard let file, let recording = recordings[file] else { return [] }
        var files = [OfflineFile(link: recording.link, bytes: recording.bytes)]
        if transcript?.isWebVTT == true, let vtt = transcript?.file.flatMap({ webVTTLinks[$0] }) { files.append(vtt) }
        return files
    }

    /// The list of every narrated exhibit's files in `language`; nil when none has a recording.
    func narrationList(_ language: Language) -> NarrationList? { narrationLists[language] }

    /// A catalog file's name as part of an address: without its extension, anything but
    /// letters, digits, `-`, `_` and `.` made `-` (`jikji.ko.ogg` → `jikji.ko`).
    static func mediaStem(_ file: String) -> String {
        let stem = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
        let safe = String(stem.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "-"
        })
        return safe.isEmpty ? "recording" : safe
    }

    /// The JPEG (or PNG) of image `name` that a shared link shows, with its size in bytes.
    private func sharedFile(of name: String, _ renditions: Renditions) -> OfflineFile? {
        guard let share = pictures[name]?.share, let rendition = renditions.images[name] else { return nil }
        let file = rendition.files.first { $0.width == share.width && ($0.format == .jpeg || $0.format == .png) }
        return file.map { OfflineFile(link: share.link, bytes: $0.bytes.count) }
    }

    /// The links to a catalog image's files, or nil when it has none to show.
    func picture(_ name: String) -> Picture? { pictures[name] }

    private func path(_ stem: String, _ ext: String, _ bytes: [UInt8]) -> String {
        "\(stem).\(ContentHash.hex(bytes).prefix(10)).\(ext)"
    }

    private mutating func add(_ stem: String, _ ext: String, _ type: String, _ bytes: [UInt8], _ routes: Routes) -> String {
        add(path(stem, ext, bytes), type, bytes, routes)
    }

    /// A made recording or video: its page is its file on disk, never read into memory.
    private mutating func add(_ path: String, _ type: String, _ file: MediaFile, _ routes: Routes) -> String {
        files[path] = Page(contentType: type, file: file, caching: .immutable)
        return routes.link(path)
    }

    private mutating func add(_ path: String, _ type: String, _ bytes: [UInt8], _ routes: Routes) -> String {
        // Kept in one form at once: the site's context holds these assets as long as the site.
        files[path] = Page(contentType: type, body: bytes, caching: .immutable).kept
        return routes.link(path)
    }
}

extension SiteAssets {
    /// The interface's words in `language`, as the catalog gives them.
    func strings(_ language: Language) -> UIStrings {
        interface[language] ?? UIStrings.shipped(language)
    }
}

import ExpoCatalog

/// Screen 3: one exhibit, its first image large, its other images as a strip, its whole
/// description and its object facts.
struct ExhibitScreen: Sendable {
    var frame: PageFrame
    var navigationBar: NavigationBar
    var figure: ExhibitFigure
    /// False for an exhibit with no picture but a video in this language (a film brought
    /// from IIIF): the video's poster shows it, and a grey placeholder above it says nothing.
    var showsFigure = true
    var gallery: [ExhibitFigure]
    var galleryLabel: String
    var hasGallery: Bool
    var prose: HTML
    var proseLang: String?
    var facts: ExhibitFacts
    var hasFacts: Bool
    /// The read-aloud and share buttons, rendered once for the language.
    var actions: HTML
    /// The neighbours in the catalog; none on a tour's stop, which has the tour's instead.
    var pager: ExhibitPager?
    /// On a tour's stop (`tours/<id>/3/`): the tour's previous and next stops.
    var tourNavigation: TourNavigation?
    /// The image viewer's texts, which app.js reads from the page.
    var viewer: ExhibitStrings
    /// What usage.js counts this page's events for, when the guide counts: the exhibit's id,
    /// and on a tour's stop that stop (`UsageSubject.tourStop`).
    var countSubject: String?
    var countTourStop: String?
    /// The recorded narration in this language, when the exhibit has one.
    var audioGuide: AudioGuide?
    /// A curator's video in this language.
    var video: VideoSection?
    /// The other versions in this language, in the order a page without a script shows them.
    var easyRead: EasyReadSection?
    var audioDescription: AudioGuide?
    var signVideo: VideoSection?
    /// "Full text": the long text's toggle when easy read is chosen.
    var fullText: String
    /// "Save for offline", when the exhibit has a recording or a video in this language.
    var mediaSave: MediaSave?
    /// "Stop 12", the number on the exhibit's wall label.
    var stop: String
    /// Where the exhibit stands on its floor's plan, when the catalog says.
    var location: ExhibitLocation?

    /// `listPage` is the page of the list the exhibit is on, where its back link returns;
    /// `previous` and `next` are its neighbours in the catalog; `neighbouringStops`, the
    /// places in the list of the exhibits at the stops before and after its own. `expositionTitle`, the
    /// first line of the edition's title, is worked out here unless the caller has it. `tour`: the
    /// exhibit shown as a tour's stop, at the stop's own address, leading along the tour.
    init(exhibit: Exhibit, edition: Edition, listPage: Int = 1, previous: ExhibitHeading? = nil, next: ExhibitHeading? = nil,
         actions: HTML = HTML(""), expositionTitle: String? = nil, neighbouringStops: (previous: Int?, next: Int?) = (nil, nil),
         tour: TourNavigation? = nil, catalog: Catalog, routes: Routes, assets: SiteAssets) {
        let strings = assets.strings(edition.language)
        if assets.counting != nil {
            countSubject = exhibit.id
            countTourStop = tour.map { UsageSubject.tourStop($0.tourID, $0.number) }
        }
        let name = exhibit.displayName
        let expositionTitle = expositionTitle ?? edition.expositionName ?? strings.siteName
        let firstParagraph = Prose.plainParagraphs(exhibit.description).first
        let manifest = routes.hasIIIF ? routes.link(routes.iiifManifest(exhibit.id)) : nil
        frame = PageFrame(
            language: edition.language, title: "\(name) · \(strings.exhibitListTitle)",
            description: exhibit.shortDescription.isEmpty ? name : exhibit.shortDescription,
            screenClass: "screen-exhibit",
            pathIn: { language in
                tour.map { routes.tourStop($0.tourID, $0.number, language) } ?? routes.exhibit(exhibit.id, language)
            },
            languages: catalog.languages, routes: routes, assets: assets,
            shareImage: exhibit.id, shareImageAlt: exhibit.images[0].givenAlt ?? name, type: "article",
            structuredData: { image in
                StructuredData.exhibit(exhibit, name: name, description: firstParagraph, edition: edition,
                                       path: routes.exhibit(exhibit.id, edition.language),
                                       image: routes.absolute(link: image.link), expositionTitle: expositionTitle,
                                       routes: routes, assets: assets)
            },
            iiifManifest: manifest, canonicalPath: tour.map { _ in routes.exhibit(exhibit.id, edition.language) })
        let primary = catalog.primary.language
        let borrowed = { (key: String) in edition.borrowedLanguage(exhibit.id, key, primary: primary) }
        navigationBar = NavigationBar(title: name, titleLang: borrowed("name"),
                                      backLabel: tour?.title ?? strings.exhibitListTitle,
                                      backHref: tour?.tourHref ?? routes.link(routes.exhibitList(edition.language, page: listPage)))
        let images = exhibit.images
        figure = ExhibitFigure(images[0], exhibitName: name, picture: assets.picture(images[0].name),
                               cssClass: "exhibit-image", slot: "(min-width: 36em) 24rem, 100vw", first: true,
                               strings: strings.exhibit, borrowed: borrowed)
        // Further views without a file are left out: a placeholder says nothing in a strip.
        gallery = images.dropFirst().compactMap { image in
            guard let picture = assets.picture(image.name) else { return nil }
            return ExhibitFigure(image, exhibitName: name, picture: picture, cssClass: "gallery-image",
                                 slot: "(min-width: 36em) 12rem, 70vw", first: false, strings: strings.exhibit, borrowed: borrowed)
        }
        galleryLabel = strings.exhibit.moreImages
        hasGallery = !gallery.isEmpty
        prose = Prose.html(exhibit.description)
        proseLang = borrowed("desc")
        facts = ExhibitFacts(exhibit.facts, strings: strings.exhibit, manifestHref: manifest)
        hasFacts = !exhibit.facts.isEmpty
        self.actions = actions
        pager = tour == nil ? ExhibitPager(previous: previous, next: next, language: edition.language, routes: routes, strings: strings) : nil
        tourNavigation = tour
        viewer = strings.exhibit
        let artwork = assets.picture(images[0].name)?.artwork
        let stopLink = { (position: Int?) in
            position.flatMap { edition.exhibits.indices.contains($0) ? routes.link(routes.exhibit(edition.exhibits[$0].id, edition.language)) : nil }
        }
        let lockScreen = AudioGuide.LockScreen(title: name, guide: expositionTitle, artwork: artwork?.link,
                                                                  artworkSize: artwork.map { "\($0.width)x\($0.height)" },
                                                                  artworkType: artwork?.type,
                                                                  // On a tour, the lock screen walks the tour.
                                                                  previous: tour.map(\.previousLink) ?? stopLink(neighbouringStops.previous),
                                                                  next: tour.map(\.nextLink) ?? stopLink(neighbouringStops.next))
        audioGuide = AudioGuide(exhibit, language: edition.language, strings: strings, assets: assets, lockScreen: lockScreen)
        video = VideoSection.curators(exhibit, language: edition.language, strings: strings, assets: assets)
        easyRead = EasyReadSection(exhibit.versions.easyRead, strings: strings)
        audioDescription = AudioGuide.description(exhibit, language: edition.language, strings: strings, assets: assets, lockScreen: lockScreen)
        signVideo = VideoSection.sign(exhibit, language: edition.language, strings: strings, assets: assets)
        showsFigure = !(figure.image.isPlaceholder && gallery.isEmpty && (video != nil || signVideo != nil))
        fullText = strings.versions.fullText
        mediaSave = MediaSave(exhibit, page: routes.link(routes.exhibit(exhibit.id, edition.language)), strings: strings, assets: assets)
        stop = strings.stops.stop(exhibit.stop)
        location = ExhibitLocation(exhibit, edition: edition, catalog: catalog, routes: routes, assets: assets)
    }
}

extension ExhibitScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("countSubject", \.countSubject),
        .field("countTourStop", \.countTourStop),
        .field("navigationBar", \.navigationBar),
        .field("figure", \.figure),
        .field("showsFigure", \.showsFigure),
        .field("gallery", \.gallery),
        .field("galleryLabel", \.galleryLabel),
        .field("hasGallery", \.hasGallery),
        .field("prose", \.prose),
        .field("proseLang", \.proseLang),
        .field("facts", \.facts),
        .field("hasFacts", \.hasFacts),
        .field("actions", \.actions),
        .field("pager", \.pager),
        .field("tourNavigation", \.tourNavigation),
        .field("viewer", \.viewer),
        .field("audioGuide", \.audioGuide),
        .field("video", \.video),
        .field("easyRead", \.easyRead),
        .field("audioDescription", \.audioDescription),
        .field("signVideo", \.signVideo),
        .field("fullText", \.fullText),
        .field("mediaSave", \.mediaSave),
        .field("stop", \.stop),
        .field("location", \.location),
    ]
}

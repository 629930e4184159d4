import ExpoSite

/// The studio's first page once logged in: the guide at a glance, and where to go from it.
struct HomePage: TemplateObject {
    let frame: StudioFrame
    let t: StudioStrings
    let summary: String
    let links: [StudioFrame.Link]
    let previewPath: String
    /// The public guide's first page, whose labels are printed.
    let guide: String

    static func html(context: StudioContext, user: StudioUser, guide: StudioRoutes.GuideSummary, drafts: Int) -> [UInt8] {
        let words = StudioStrings.of(context.language)
        var links = [StudioFrame.Link(href: StudioPaths.here("exposition"), label: words["open_exposition"]),
                     StudioFrame.Link(href: StudioPaths.here("exhibits"), label: words["open_exhibits"])]
        if guide.hasTours { links.append(.init(href: StudioPaths.here("tours"), label: words["open_tours"])) }
        if guide.hasFloors { links.append(.init(href: StudioPaths.here("floors"), label: words["open_floors"])) }
        if guide.takesFirstFloor { links.append(.init(href: StudioPaths.here("floors"), label: words["first_floor_heading"])) }
        links.append(.init(href: StudioPaths.here("publish"), label: words["open_publish", ["count": drafts.formatted()]]))
        links.append(.init(href: GuideEditing.previewPath, label: words["preview_link"]))
        links.append(.init(href: StudioPaths.here("translations"), label: words["translations_heading"]))
        if user.role.may(.importCatalog) { links.append(.init(href: StudioPaths.here("import"), label: words["import_heading"])) }
        let page = HomePage(frame: StudioFrame(title: words["home_heading"], context: context, user: user), t: words,
                            summary: words["exhibit_count", ["count": guide.exhibits.formatted(), "languages": guide.languages.joined(separator: ", ")]],
                            links: links, previewPath: GuideEditing.previewPath, guide: StudioPaths.current.guide)
        return StudioTemplates.render(page, "home")
    }

    static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame), .field("t", \.t), .field("summary", \.summary), .field("links", \.links),
        .field("previewPath", \.previewPath), .field("guide", \.guide),
    ]
}

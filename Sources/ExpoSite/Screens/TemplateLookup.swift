// The names each model answers in templates, and what each holds. The templates are
// checked against `templateFields` when they are read; a test checks that each model
// answers every name it lists with a value of that kind, and every property Mirror finds.

extension ExpositionScreen: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "frame": .object(PageFrame.self),
        "titleLines": .list(.text),
        "titleLang": .text,
        "descriptionLang": .text,
        "poster": .object(ImageModel.self),
        "facts": .list(.object(ExpositionScreen.Fact.self)),
        "paragraphs": .list(.text),
        "flag": .object(ImageModel.self),
        "buttonLabel": .text,
        "buttonHref": .text,
        "actions": .html,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "frame": frame.templateValue
        case "titleLines": titleLines.templateValue
        case "titleLang": titleLang.templateValue
        case "descriptionLang": descriptionLang.templateValue
        case "poster": poster.templateValue
        case "facts": facts.templateValue
        case "paragraphs": paragraphs.templateValue
        case "flag": flag.templateValue
        case "buttonLabel": buttonLabel.templateValue
        case "buttonHref": buttonHref.templateValue
        case "actions": actions.templateValue
        default: .missing
        }
    }
}

extension ExpositionScreen.Fact: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "value": .text,
        "lang": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "value": value.templateValue
        case "lang": lang.templateValue
        default: .missing
        }
    }
}

extension ExhibitListScreen: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "frame": .object(PageFrame.self),
        "navigationBar": .object(NavigationBar.self),
        "rows": .list(.object(ExhibitListScreen.Row.self)),
        "pagination": .object(ExhibitListScreen.Pagination.self),
        "search": .object(SearchBox.self),
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "frame": frame.templateValue
        case "navigationBar": navigationBar.templateValue
        case "rows": rows.templateValue
        case "pagination": pagination.templateValue
        case "search": search.templateValue
        default: .missing
        }
    }
}

extension ExhibitListScreen.Row: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "id": .text,
        "name": .text,
        "shortDescription": .text,
        "nameLang": .text,
        "textLang": .text,
        "href": .text,
        "thumbnail": .object(ImageModel.self),
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "id": id.templateValue
        case "name": self.name.templateValue
        case "shortDescription": shortDescription.templateValue
        case "nameLang": nameLang.templateValue
        case "textLang": textLang.templateValue
        case "href": href.templateValue
        case "thumbnail": thumbnail.templateValue
        default: .missing
        }
    }
}

extension ExhibitListScreen.Pagination: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "previousLabel": .text,
        "previousHref": .text,
        "nextLabel": .text,
        "nextHref": .text,
        "position": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "previousLabel": previousLabel.templateValue
        case "previousHref": previousHref.templateValue
        case "nextLabel": nextLabel.templateValue
        case "nextHref": nextHref.templateValue
        case "position": position.templateValue
        default: .missing
        }
    }
}

extension ExhibitScreen: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "frame": .object(PageFrame.self),
        "navigationBar": .object(NavigationBar.self),
        "figure": .object(ExhibitFigure.self),
        "gallery": .list(.object(ExhibitFigure.self)),
        "galleryLabel": .text,
        "hasGallery": .flag,
        "prose": .html,
        "proseLang": .text,
        "facts": .object(ExhibitFacts.self),
        "hasFacts": .flag,
        "actions": .html,
        "pager": .object(ExhibitPager.self),
        "viewer": .object(ExhibitStrings.self),
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "frame": frame.templateValue
        case "navigationBar": navigationBar.templateValue
        case "figure": figure.templateValue
        case "gallery": gallery.templateValue
        case "galleryLabel": galleryLabel.templateValue
        case "hasGallery": hasGallery.templateValue
        case "prose": prose.templateValue
        case "proseLang": proseLang.templateValue
        case "facts": facts.templateValue
        case "hasFacts": hasFacts.templateValue
        case "actions": actions.templateValue
        case "pager": pager.templateValue
        case "viewer": viewer.templateValue
        default: .missing
        }
    }
}

extension ExhibitFigure: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "image": .object(ImageModel.self),
        "zoomHref": .text,
        "viewLarger": .text,
        "caption": .text,
        "credit": .text,
        "hasCaption": .flag,
        "visualDescription": .html,
        "descriptionLabel": .text,
        "captionLang": .text,
        "descriptionLang": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "image": image.templateValue
        case "zoomHref": zoomHref.templateValue
        case "viewLarger": viewLarger.templateValue
        case "caption": caption.templateValue
        case "credit": credit.templateValue
        case "hasCaption": hasCaption.templateValue
        case "visualDescription": visualDescription.templateValue
        case "descriptionLabel": descriptionLabel.templateValue
        case "captionLang": captionLang.templateValue
        case "descriptionLang": descriptionLang.templateValue
        default: .missing
        }
    }
}

extension ExhibitFacts: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "heading": .text,
        "rows": .list(.object(ExhibitFacts.Row.self)),
        "manifestHref": .text,
        "manifestLabel": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "heading": heading.templateValue
        case "rows": rows.templateValue
        case "manifestHref": manifestHref.templateValue
        case "manifestLabel": manifestLabel.templateValue
        default: .missing
        }
    }
}

extension ExhibitFacts.Row: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "value": .text,
        "href": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "value": self.value.templateValue
        case "href": href.templateValue
        default: .missing
        }
    }
}

extension ExhibitStrings: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "moreImages": .text,
        "viewLarger": .text,
        "imageDescription": .text,
        "aboutObject": .text,
        "date": .text,
        "maker": .text,
        "material": .text,
        "dimensions": .text,
        "place": .text,
        "creditLine": .text,
        "rights": .text,
        "iiifManifest": .text,
        "viewer": .text,
        "close": .text,
        "zoomIn": .text,
        "zoomOut": .text,
        "resetZoom": .text,
        "previousImage": .text,
        "nextImage": .text,
        "imageOf": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "moreImages": moreImages.templateValue
        case "viewLarger": viewLarger.templateValue
        case "imageDescription": imageDescription.templateValue
        case "aboutObject": aboutObject.templateValue
        case "date": date.templateValue
        case "maker": maker.templateValue
        case "material": material.templateValue
        case "dimensions": dimensions.templateValue
        case "place": place.templateValue
        case "creditLine": creditLine.templateValue
        case "rights": rights.templateValue
        case "iiifManifest": iiifManifest.templateValue
        case "viewer": viewer.templateValue
        case "close": close.templateValue
        case "zoomIn": zoomIn.templateValue
        case "zoomOut": zoomOut.templateValue
        case "resetZoom": resetZoom.templateValue
        case "previousImage": previousImage.templateValue
        case "nextImage": nextImage.templateValue
        case "imageOf": imageOf.templateValue
        default: .missing
        }
    }
}

extension NotFoundScreen: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "frame": .object(PageFrame.self),
        "navigationBar": .object(NavigationBar.self),
        "message": .text,
        "linkLabel": .text,
        "linkHref": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "frame": frame.templateValue
        case "navigationBar": navigationBar.templateValue
        case "message": message.templateValue
        case "linkLabel": linkLabel.templateValue
        case "linkHref": linkHref.templateValue
        default: .missing
        }
    }
}

extension PageFrame: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "lang": .text,
        "dir": .text,
        "contentSecurityPolicy": .text,
        "documentTitle": .text,
        "description": .text,
        "headLinks": .html,
        "offlineNotice": .text,
        "skipToContent": .text,
        "languageSwitchLabel": .text,
        "languageLinks": .list(.object(PageFrame.LanguageLink.self)),
        "otherLanguageLinks": .list(.object(PageFrame.LanguageLink.self)),
        "languageMenu": .flag,
        "currentLanguage": .object(PageFrame.LanguageLink.self),
        "alternates": .list(.object(PageFrame.Alternate.self)),
        "screenClass": .text,
        "sharing": .object(SharingMetadata.self),
        "structuredData": .html,
        "iiifManifest": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "lang": lang.templateValue
        case "dir": dir.templateValue
        case "contentSecurityPolicy": contentSecurityPolicy.templateValue
        case "documentTitle": documentTitle.templateValue
        case "description": description.templateValue
        case "headLinks": headLinks.templateValue
        case "offlineNotice": offlineNotice.templateValue
        case "skipToContent": skipToContent.templateValue
        case "languageSwitchLabel": languageSwitchLabel.templateValue
        case "languageLinks": languageLinks.templateValue
        case "otherLanguageLinks": otherLanguageLinks.templateValue
        case "languageMenu": languageMenu.templateValue
        case "currentLanguage": currentLanguage.templateValue
        case "alternates": alternates.templateValue
        case "screenClass": screenClass.templateValue
        case "sharing": sharing.templateValue
        case "structuredData": structuredData.templateValue
        case "iiifManifest": iiifManifest.templateValue
        default: .missing
        }
    }
}

extension PageFrame.LanguageLink: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "href": .text,
        "lang": .text,
        "dir": .text,
        "current": .flag,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "href": href.templateValue
        case "lang": lang.templateValue
        case "dir": dir.templateValue
        case "current": current.templateValue
        default: .missing
        }
    }
}

extension PageFrame.Alternate: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "lang": .text,
        "href": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "lang": lang.templateValue
        case "href": href.templateValue
        default: .missing
        }
    }
}

extension NavigationBar: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "title": .text,
        "titleLang": .text,
        "backLabel": .text,
        "backHref": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "title": title.templateValue
        case "titleLang": titleLang.templateValue
        case "backLabel": backLabel.templateValue
        case "backHref": backHref.templateValue
        default: .missing
        }
    }
}

extension ImageModel: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "sources": .list(.object(Picture.Source.self)),
        "src": .text,
        "srcset": .text,
        "sizes": .text,
        "size": .object(ImageModel.Size.self),
        "alt": .text,
        "altLang": .text,
        "cssClass": .text,
        "lazy": .flag,
        "priority": .flag,
        "isPlaceholder": .flag,
        "decorative": .flag,
        "placeholderText": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "sources": sources.templateValue
        case "src": src.templateValue
        case "srcset": srcset.templateValue
        case "sizes": sizes.templateValue
        case "size": size.templateValue
        case "alt": alt.templateValue
        case "altLang": altLang.templateValue
        case "cssClass": cssClass.templateValue
        case "lazy": lazy.templateValue
        case "priority": priority.templateValue
        case "isPlaceholder": isPlaceholder.templateValue
        case "decorative": decorative.templateValue
        case "placeholderText": placeholderText.templateValue
        default: .missing
        }
    }
}

extension Picture.Source: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "type": .text,
        "srcset": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "type": type.templateValue
        case "srcset": srcset.templateValue
        default: .missing
        }
    }
}

extension ImageModel.Size: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "width": .text,
        "height": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "width": width.templateValue
        case "height": height.templateValue
        default: .missing
        }
    }
}

extension SharingMetadata: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "tags": .html,
        "url": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "tags": tags.templateValue
        case "url": url.templateValue
        default: .missing
        }
    }
}

extension SpeechControls: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "readAloud": .text,
        "pause": .text,
        "resume": .text,
        "stop": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "readAloud": readAloud.templateValue
        case "pause": pause.templateValue
        case "resume": resume.templateValue
        case "stop": stop.templateValue
        default: .missing
        }
    }
}

extension ShareControl: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "copied": .text,
        "failed": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "copied": copied.templateValue
        case "failed": failed.templateValue
        default: .missing
        }
    }
}

extension ExhibitPager: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "previous": .object(ExhibitPager.Neighbour.self),
        "next": .object(ExhibitPager.Neighbour.self),
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "previous": previous.templateValue
        case "next": next.templateValue
        default: .missing
        }
    }
}

extension ExhibitPager.Neighbour: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "name": .text,
        "href": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "name": self.name.templateValue
        case "href": href.templateValue
        default: .missing
        }
    }
}

extension SearchBox: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "label": .text,
        "placeholder": .text,
        "noMatch": .text,
        "count": .text,
        "countOne": .text,
        "more": .text,
        "index": .text,
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "placeholder": placeholder.templateValue
        case "noMatch": noMatch.templateValue
        case "count": count.templateValue
        case "countOne": countOne.templateValue
        case "more": more.templateValue
        case "index": index.templateValue
        default: .missing
        }
    }
}

extension PageActions: TemplateObject {
    static let templateFields: [String: TemplateKind] = [
        "speech": .object(SpeechControls.self),
        "share": .object(ShareControl.self),
    ]

    func value(for name: String) -> TemplateValue {
        switch name {
        case "speech": speech.templateValue
        case "share": share.templateValue
        default: .missing
        }
    }
}

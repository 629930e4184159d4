import Mustache

// Templates look values up by name. Without these, swift-mustache finds them through
// Mirror reflection, which was over half the time of rendering a large site. A test
// checks that each answer matches what Mirror would find, so a property added to a model
// cannot be forgotten here.

extension ExpositionScreen: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "titleLines": titleLines
        case "poster": poster
        case "facts": facts
        case "paragraphs": paragraphs
        case "flag": flag
        case "buttonLabel": buttonLabel
        case "buttonHref": buttonHref
        case "actions": actions
        default: nil
        }
    }
}

extension ExpositionScreen.Fact: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension ExhibitListScreen: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "navigationBar": navigationBar
        case "rows": rows
        case "pagination": pagination
        case "search": search
        default: nil
        }
    }
}

extension ExhibitListScreen.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "shortDescription": shortDescription
        case "href": href
        case "thumbnail": thumbnail
        default: nil
        }
    }
}

extension ExhibitListScreen.Pagination: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "previousLabel": previousLabel
        case "previousHref": previousHref
        case "nextLabel": nextLabel
        case "nextHref": nextHref
        case "position": position
        default: nil
        }
    }
}

extension ExhibitScreen: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "navigationBar": navigationBar
        case "image": image
        case "paragraphs": paragraphs
        case "actions": actions
        case "pager": pager
        default: nil
        }
    }
}

extension NotFoundScreen: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "frame": frame
        case "navigationBar": navigationBar
        case "message": message
        case "linkLabel": linkLabel
        case "linkHref": linkHref
        default: nil
        }
    }
}

extension PageFrame: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "documentTitle": documentTitle
        case "description": description
        case "headLinks": headLinks
        case "offlineNotice": offlineNotice
        case "skipToContent": skipToContent
        case "languageSwitchLabel": languageSwitchLabel
        case "languageLinks": languageLinks
        case "alternates": alternates
        case "screenClass": screenClass
        case "sharing": sharing
        case "structuredData": structuredData
        default: nil
        }
    }
}

extension PageFrame.LanguageLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        case "lang": lang
        default: nil
        }
    }
}

extension PageFrame.Alternate: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lang": lang
        case "href": href
        default: nil
        }
    }
}

extension NavigationBar: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "backLabel": backLabel
        case "backHref": backHref
        default: nil
        }
    }
}

extension ImageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "src": src
        case "srcset": srcset
        case "sizes": sizes
        case "size": size
        case "alt": alt
        case "cssClass": cssClass
        case "lazy": lazy
        case "isPlaceholder": isPlaceholder
        case "decorative": decorative
        case "placeholderText": placeholderText
        default: nil
        }
    }
}

extension ImageModel.Size: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "width": width
        case "height": height
        default: nil
        }
    }
}

extension SharingMetadata: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "tags": tags
        case "url": url
        default: nil
        }
    }
}

extension SpeechControls: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "readAloud": readAloud
        case "pause": pause
        case "resume": resume
        case "stop": stop
        default: nil
        }
    }
}

extension ShareControl: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "copied": copied
        case "failed": failed
        default: nil
        }
    }
}

extension ExhibitPager: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "previous": previous
        case "next": next
        default: nil
        }
    }
}

extension ExhibitPager.Neighbour: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "name": self.name
        case "href": href
        default: nil
        }
    }
}

extension SearchBox: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "placeholder": placeholder
        case "noMatch": noMatch
        case "count": count
        case "countOne": countOne
        case "more": more
        case "index": index
        default: nil
        }
    }
}

extension PageActions: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "speech": speech
        case "share": share
        default: nil
        }
    }
}

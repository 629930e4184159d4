// The names each model answers in templates. A test checks each answer against the
// property Mirror finds under that name, so a property added to a model cannot be
// forgotten here.

extension ExpositionScreen: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "frame": frame.templateValue
        case "titleLines": titleLines.templateValue
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
    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "value": value.templateValue
        default: .missing
        }
    }
}

extension ExhibitListScreen: TemplateObject {
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
    func value(for name: String) -> TemplateValue {
        switch name {
        case "id": id.templateValue
        case "name": self.name.templateValue
        case "shortDescription": shortDescription.templateValue
        case "href": href.templateValue
        case "thumbnail": thumbnail.templateValue
        default: .missing
        }
    }
}

extension ExhibitListScreen.Pagination: TemplateObject {
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
    func value(for name: String) -> TemplateValue {
        switch name {
        case "frame": frame.templateValue
        case "navigationBar": navigationBar.templateValue
        case "image": image.templateValue
        case "paragraphs": paragraphs.templateValue
        case "actions": actions.templateValue
        case "pager": pager.templateValue
        default: .missing
        }
    }
}

extension NotFoundScreen: TemplateObject {
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
    func value(for name: String) -> TemplateValue {
        switch name {
        case "lang": lang.templateValue
        case "documentTitle": documentTitle.templateValue
        case "description": description.templateValue
        case "headLinks": headLinks.templateValue
        case "offlineNotice": offlineNotice.templateValue
        case "skipToContent": skipToContent.templateValue
        case "languageSwitchLabel": languageSwitchLabel.templateValue
        case "languageLinks": languageLinks.templateValue
        case "alternates": alternates.templateValue
        case "screenClass": screenClass.templateValue
        case "sharing": sharing.templateValue
        case "structuredData": structuredData.templateValue
        default: .missing
        }
    }
}

extension PageFrame.LanguageLink: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "label": label.templateValue
        case "href": href.templateValue
        case "lang": lang.templateValue
        default: .missing
        }
    }
}

extension PageFrame.Alternate: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "lang": lang.templateValue
        case "href": href.templateValue
        default: .missing
        }
    }
}

extension NavigationBar: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "title": title.templateValue
        case "backLabel": backLabel.templateValue
        case "backHref": backHref.templateValue
        default: .missing
        }
    }
}

extension ImageModel: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "sources": sources.templateValue
        case "src": src.templateValue
        case "srcset": srcset.templateValue
        case "sizes": sizes.templateValue
        case "size": size.templateValue
        case "alt": alt.templateValue
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
    func value(for name: String) -> TemplateValue {
        switch name {
        case "type": type.templateValue
        case "srcset": srcset.templateValue
        default: .missing
        }
    }
}

extension ImageModel.Size: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "width": width.templateValue
        case "height": height.templateValue
        default: .missing
        }
    }
}

extension SharingMetadata: TemplateObject {
    func value(for name: String) -> TemplateValue {
        switch name {
        case "tags": tags.templateValue
        case "url": url.templateValue
        default: .missing
        }
    }
}

extension SpeechControls: TemplateObject {
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
    func value(for name: String) -> TemplateValue {
        switch name {
        case "speech": speech.templateValue
        case "share": share.templateValue
        default: .missing
        }
    }
}

import ExpoCatalog

extension Edition {
    /// The primary language's code when this edition shows the primary text at `key` for
    /// want of a translation, so the page can mark it with `lang`; nil when it is the edition's own.
    func borrowedLanguage(_ exhibitID: String?, _ key: String, primary: Language) -> String? {
        language != primary && isUntranslated(exhibitID, key) ? primary.code : nil
    }
}

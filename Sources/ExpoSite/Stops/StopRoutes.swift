import ExpoCatalog

/// The stops' addresses: `stop/` (the go-to-stop form's target and the list of stops) and
/// `stop/12/`, the number on a wall label, in each language's folder like every page.
extension Routes {
    func stops(_ language: Language) -> String { home(language) + "stop/" }

    func stop(_ number: Int, _ language: Language) -> String { stops(language) + "\(number)/" }
}

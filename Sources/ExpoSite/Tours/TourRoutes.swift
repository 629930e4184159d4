import ExpoCatalog

/// The tours' addresses, in every language's folder: `tours/`, `tours/<id>/` and each stop
/// as `tours/<id>/<n>/` (n from 1); the IIIF collection of a tour's manifests.
extension Routes {
    func tours(_ language: Language) -> String { home(language) + "tours/" }

    func tour(_ id: String, _ language: Language) -> String { tours(language) + id + "/" }

    func tourStop(_ id: String, _ number: Int, _ language: Language) -> String { tour(id, language) + "\(number)/" }

    func iiifTourCollection(_ id: String) -> String { "/iiif/tours/\(id)/collection.json" }
}

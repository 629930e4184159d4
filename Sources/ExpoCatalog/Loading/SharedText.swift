/// A translated exhibit whose texts equal the primary one's hold the primary's strings, not
/// copies of them: a catalog's makers, dates, dimensions and credit lines are often the
/// same in every language, and at 100,000 exhibits each copy is megabytes.
extension Exhibit {
    func sharingText(with primary: Exhibit) -> Exhibit {
        var shared = self
        shared.name = Self.same(name, primary.name)
        shared.shortDescription = Self.same(shortDescription, primary.shortDescription)
        shared.description = Self.same(description, primary.description)
        for (_, path) in ObjectFacts.keys {
            shared.facts[keyPath: path] = Self.same(facts[keyPath: path], primary.facts[keyPath: path])
        }
        for index in shared.facts.fields.indices where index < primary.facts.fields.count {
            shared.facts.fields[index].label = Self.same(facts.fields[index].label, primary.facts.fields[index].label)
            shared.facts.fields[index].value = Self.same(facts.fields[index].value, primary.facts.fields[index].value)
        }
        for index in shared.images.indices where index < primary.images.count {
            shared.images[index].caption = Self.same(images[index].caption, primary.images[index].caption)
            shared.images[index].credit = Self.same(images[index].credit, primary.images[index].credit)
        }
        return shared
    }

    /// `primary` when the texts are equal, so that only one of them is kept.
    private static func same(_ text: String, _ primary: String) -> String {
        text == primary ? primary : text
    }
}

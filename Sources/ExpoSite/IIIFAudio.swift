import ExpoCatalog
import ExpoImages

/// An exhibit's recordings in its IIIF manifest (Presentation 3.0): a canvas per language
/// with a recording, lasting as long as it plays (`duration`), painted with the m4a as a
/// `Sound`, with the exhibit's image as its `accompanyingCanvas` (what a viewer shows while
/// it plays) and a WebVTT transcript, where there is one, as a supplementing annotation.
extension IIIF {
    func audioCanvases(_ id: String, imageCanvas: JSONText?) -> [JSONText] {
        catalog.editions.compactMap { edition in
            guard let exhibit = exhibit(id, in: edition), let file = exhibit.audio,
                  let recording = assets.recording(file) else { return nil }
            let code = edition.language.code
            let canvasID = absolute(routes.iiifAudioCanvas(id, edition.language))
            var body = JSONText()
            body.add("id", origin + recording.link)
            body.add("type", "Sound")
            body.add("format", AudioRendition.mediaType)
            body.add("duration", seconds: recording.duration)
            body.add("language", code)
            var canvas = JSONText()
            canvas.add("id", canvasID)
            canvas.add("type", "Canvas")
            var label = JSONText()
            label.add(code, strings: [exhibit.name.isEmpty ? id : exhibit.name])
            canvas.add("label", label)
            canvas.add("duration", seconds: recording.duration)
            canvas.add("items", [page(canvasID + "/page", canvasID + "/annotation/1", motivation: "painting", body: body, target: canvasID)])
            if let vtt = exhibit.transcript?.file.flatMap(assets.webVTT) {
                var text = JSONText()
                text.add("id", origin + vtt.link)
                text.add("type", "Text")
                text.add("format", "text/vtt")
                text.add("language", code)
                canvas.add("annotations", [page(canvasID + "/transcript", canvasID + "/transcript/1", motivation: "supplementing",
                                                body: text, target: canvasID)])
            }
            if let imageCanvas { canvas.add("accompanyingCanvas", imageCanvas) }
            return canvas
        }
    }

    private func page(_ pageID: String, _ annotationID: String, motivation: String, body: JSONText, target: String) -> JSONText {
        var annotation = JSONText()
        annotation.add("id", annotationID)
        annotation.add("type", "Annotation")
        annotation.add("motivation", motivation)
        annotation.add("body", body)
        annotation.add("target", target)
        var page = JSONText()
        page.add("id", pageID)
        page.add("type", "AnnotationPage")
        page.add("items", [annotation])
        return page
    }
}

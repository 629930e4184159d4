/// The floors' page's form for a new floor: its name, what its plan shows, and the plan's
/// file (SVG, PNG, JPEG, PDF …). A plain form; `studio.js` adds dropping and progress.
enum NewFloorSection {
    static func html(user: StudioUser, words: StudioStrings) -> String {
        let e = StudioPages.escape
        return """
            <section class="photos" aria-labelledby="new-floor-heading">
            <h2 id="new-floor-heading">\(e(words["floor_new_heading"]))</h2>
            <form class="upload" method="post" action="/studio/floors/new" enctype="multipart/form-data">\(StudioPages.tokenField(user.formToken))
            <label for="floor-name">\(e(words["floor_new_name"]))</label>
            <input id="floor-name" name="name" required maxlength="200">
            <label for="floor-alt">\(e(words["floor_new_alt"]))</label>
            <textarea id="floor-alt" name="plan_alt" rows="3"></textarea>
            <label for="floor-plan">\(e(words["floor_new_plan"]))</label>
            <p class="hint" id="floor-plan-hint">\(e(words["floor_new_hint", ["megabytes": String(GuideEditing.fileLimit >> 20)]]))</p>
            <input type="file" id="floor-plan" name="files" accept="image/*,.svg,.pdf" aria-describedby="floor-plan-hint" required>
            <progress hidden max="100" value="0"></progress>
            <div class="actions"><button type="submit">\(e(words["floor_new_send"]))</button></div>
            </form>
            </section>
            """
    }
}

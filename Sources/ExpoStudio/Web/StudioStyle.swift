/// The studio's stylesheet, served at `/studio/assets/studio.css`: plain, large enough to
/// read, light and dark as the system is.
enum StudioStyle {
    static let css = """
        :root { color-scheme: light dark; --ink: #1d1b18; --paper: #fbfaf7; --line: #c9c3b8; --accent: #7a2e1f; --alert: #8a1c1c; }
        @media (prefers-color-scheme: dark) { :root { --ink: #eeeae3; --paper: #171513; --line: #55504a; --accent: #f0a48f; --alert: #ffb4a8; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 1rem/1.5 system-ui, "Noto Sans CJK KR", sans-serif; color: var(--ink); background: var(--paper); }
        a { color: var(--accent); }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: var(--paper); padding: .5rem; }
        .bar { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; text-decoration: none; }
        .bar nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
        .bar nav a { white-space: nowrap; }
        .logout { display: flex; gap: .75rem; align-items: center; margin-left: auto; }
        .logout p { margin: 0; }
        main { max-width: 72rem; padding: 1rem; margin: 0 auto; }
        main > p, main > ul, form.search, .notice { max-width: 44rem; }
        label { display: block; font-weight: 600; }
        input { font: inherit; width: 100%; max-width: 24rem; padding: .5rem; border: 1px solid var(--line); border-radius: .25rem; background: var(--paper); color: var(--ink); }
        button { white-space: nowrap; font: inherit; padding: .5rem 1rem; border: 1px solid var(--accent); border-radius: .25rem; background: var(--accent); color: var(--paper); cursor: pointer; }
        .logout button { background: transparent; color: var(--accent); }
        .alert { color: var(--alert); font-weight: 600; }
        .table { overflow-x: auto; }
        .chart { max-width: 100%; height: auto; margin-block: .5rem; }
        .usage-range { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; }
        .usage-section .table { max-height: 24rem; overflow-y: auto; }
        @media (min-width: 64rem) {
          .usage-section { display: grid; grid-template-columns: minmax(0, 40rem) auto; gap: 0 2rem; align-items: start; }
          .usage-section > h2, .usage-section > p { grid-column: 1 / -1; }
        }
        table { border-collapse: collapse; font-size: .9rem; }
        th, td { text-align: start; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; word-break: keep-all; }
        td:first-child, th { white-space: nowrap; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .photos { max-width: 44rem; margin: 1.5rem 0; }
        .gallery { padding-inline-start: 0; list-style: none; }
        .gallery li { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: center; padding: .5rem 0; border-bottom: 1px solid var(--line); }
        .photo-name { font-weight: 600; overflow-wrap: anywhere; }
        .tag { font-size: .9rem; }
        form.inline { display: flex; flex-wrap: wrap; gap: .5rem; margin-inline-start: auto; }
        form.upload { border: 2px dashed var(--line); border-radius: .5rem; padding: 1rem; }
        form.upload:not(.replace) label { margin-top: .75rem; }
        form.upload.dropping { border-color: var(--accent); }
        form.upload input[type=file] { border: none; padding: .5rem 0; }
        form.upload progress { width: 100%; }
        select { font: inherit; padding: .5rem; border: 1px solid var(--line); border-radius: .25rem; background: var(--paper); color: var(--ink); }
        .plan-figure { margin: 1rem 0; max-width: 44rem; }
        .plan-frame { position: relative; touch-action: none; cursor: crosshair; border: 1px solid var(--line); }
        .plan-frame img { display: block; width: 100%; height: auto; user-select: none; }
        .pin { position: absolute; width: 1.75rem; height: 1.75rem; margin: -.875rem 0 0 -.875rem; padding: 0; border-radius: 50%;
               border: 3px solid var(--paper); background: var(--accent); box-shadow: 0 0 0 2px var(--accent); cursor: grab; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        form.upload.replace { border: none; padding: 0; flex-basis: 100%; }
        form.upload.replace input[type=file] { max-width: 16rem; padding: 0; }
        .transcript-player { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .5rem 0; }
        .transcript-player audio { width: 100%; max-width: 28rem; }
        .coordinates { display: flex; flex-wrap: wrap; gap: 1rem; }
        .coordinates input { max-width: 10rem; }
        .upload-report { padding-inline-start: 1.25rem; }
        textarea { font: inherit; width: 100%; padding: .5rem; border: 1px solid var(--line); border-radius: .25rem; background: var(--paper); color: var(--ink); resize: vertical; }
        .exhibit input { max-width: none; }
        .group { border: 1px solid var(--line); border-radius: .5rem; padding: .5rem 1rem 1rem; margin: 1.5rem 0; min-width: 0; }
        .group legend { font-weight: 700; padding: 0 .25rem; }
        .field { margin-top: 1rem; }
        .field-name { font-weight: 700; margin: 0 0 .25rem; }
        .languages { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: .75rem 1rem; }
        .language label { font-weight: 600; font-size: .9rem; }
        .code { font-weight: 400; }
        .message { margin: .25rem 0 0; font-size: .9rem; }
        .message.error, .message.warning, .problems .error { color: var(--alert); }
        .theirs { border-inline-start: 4px solid var(--accent); padding: .25rem .75rem; margin-top: .5rem; }
        .theirs p { margin: .25rem 0; white-space: pre-wrap; }
        .notice { padding: .75rem 1rem; border: 1px solid var(--line); border-radius: .5rem; }
        .notice h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
        .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin: 1rem 0; }
        .actions form { margin: 0; }
        .exhibit .actions { position: sticky; bottom: 0; background: var(--paper); padding: .75rem 0; border-top: 1px solid var(--line); }
        button.secondary { background: transparent; color: var(--accent); }
        .links { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; list-style: none; padding: 0; }
        .search .row { display: flex; gap: .5rem; max-width: 32rem; }
        .quiet { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        select { font: inherit; padding: .4rem; border: 1px solid var(--line); border-radius: .25rem; background: var(--paper); color: var(--ink); }
        td form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 0; }
        td input { width: 12rem; }
        .add-account { max-width: 24rem; display: grid; gap: .25rem; }
        .paging { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin: 1rem 0; }
        """
}

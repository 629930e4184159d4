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
        .bar nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
        .logout { display: flex; gap: .75rem; align-items: center; margin-left: auto; }
        .logout p { margin: 0; }
        main { max-width: 44rem; padding: 1rem; margin: 0 auto; }
        label { display: block; font-weight: 600; }
        input { font: inherit; width: 100%; max-width: 24rem; padding: .5rem; border: 1px solid var(--line); border-radius: .25rem; background: var(--paper); color: var(--ink); }
        button { white-space: nowrap; font: inherit; padding: .5rem 1rem; border: 1px solid var(--accent); border-radius: .25rem; background: var(--accent); color: var(--paper); cursor: pointer; }
        .logout button { background: transparent; color: var(--accent); }
        .alert { color: var(--alert); font-weight: 600; }
        .table { overflow-x: auto; }
        table { border-collapse: collapse; font-size: .9rem; }
        th, td { text-align: start; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; word-break: keep-all; }
        td:first-child, th { white-space: nowrap; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        """
}

/** The HTML report's stylesheet, inline so the file needs nothing else (no font, no CDN). */
export const HTML_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --line: #d1d9e0; --panel: #f6f8fa;
  --error: #cf222e; --warning: #9a6700; --note: #0969da; --pass: #1a7f37; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --line: #3d444d; --panel: #151b23;
  --error: #ff7b72; --warning: #d29922; --note: #58a6ff; --pass: #3fb950; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 84rem; padding: 1.5rem; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.6rem; margin: 0 0 1rem; } h2 { font-size: 1.35rem; margin: 2.5rem 0 .5rem; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; } h4 { font-size: 1rem; margin: 1rem 0 .25rem; }
code, pre { font: 13px/1.45 ui-monospace, monospace; } pre { margin: .25rem 0; padding: .5rem .75rem; background: var(--panel);
  border: 1px solid var(--line); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
a { color: var(--note); } .muted { color: var(--muted); }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid var(--line); padding: .25rem .6rem; text-align: left; vertical-align: top; }
th { background: var(--panel); font-weight: 600; } td.num { text-align: right; }
.scoreline { display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; }
.grade { display: inline-block; min-width: 2.6rem; padding: .1rem .6rem; border-radius: 6px; font-size: 1.6rem; font-weight: 700; text-align: center; color: #fff; }
.grade-A, .grade-B { background: var(--pass); } .grade-C, .grade-D { background: var(--warning); } .grade-F { background: var(--error); }
.score { font-size: 1.3rem; font-weight: 600; }
.matrix { overflow-x: auto; } .matrix th, .matrix td { padding: .2rem .45rem; font-size: .92em; } .matrix td.num { white-space: nowrap; } .matrix td[class^="c-"] { text-align: center; white-space: nowrap; } .matrix td a { text-decoration: none; color: inherit; display: block; }
.c-error, .level-error, .mark-fail { color: var(--error); font-weight: 600; } .c-warning, .level-warning { color: var(--warning); font-weight: 600; }
.c-note, .level-note { color: var(--note); } .c-pass, .mark-pass { color: var(--pass); } .c-unchecked, .mark-unchecked { color: var(--muted); }
ul.checklist { list-style: none; padding-left: .5rem; } ul.checklist li { margin: .15rem 0; } .mark { display: inline-block; width: 1.4rem; font-weight: 700; }
ol.findings { padding-left: 1.5rem; } ol.findings li { margin: .5rem 0; } :target { outline: 2px solid var(--note); outline-offset: 4px; border-radius: 4px; }
.where { font-size: .9em; }
`;

import{o as e}from"./rule-z71zh18P.js";import{c as t,s as n}from"./report-DuvTjX6u.js";import{t as r}from"./text-xBNNoPII.js";import{r as i}from"./version-DtdHz2n-.js";import{i as a,r as o,t as s}from"./checklist-BrKhrNHE.js";import{i as c}from"./score-DpIeiCNI.js";import{t as l}from"./inert-report-BXo_maE_.js";import{n as u,r as d,t as f}from"./top-fixes-Un3cyVtS.js";var p=class{text;constructor(e){this.text=e}toString(){return this.text}};const m={"&":`&amp;`,"<":`&lt;`,">":`&gt;`,'"':`&quot;`,"'":`&#39;`};function h(e){return e.replace(/[&<>"']/g,e=>m[e])}function g(e){return e instanceof p?e.text:Array.isArray(e)?e.map(g).join(``):e===!1||e==null?``:h(String(e))}function _(e,...t){let n=e[0];for(let r=0;r<t.length;r++)n+=g(t[r])+e[r+1];return new p(n)}function v(e){return new p(e)}const y=[`error`,`warning`,`note`];function b(e,t){let r=new Map(t.map(e=>[e.id,e])),i=new Set(e.ran),a=e=>c(e)===`tools`||c(e)===`parameters`,o=/* @__PURE__ */ new Set;for(let t of[...e.ran,...e.findings.map(e=>e.ruleId)]){let e=r.get(t);e&&o.add(e.category)}let s=[...new Set(t.map(e=>e.category))].filter(e=>o.has(e)),l=/* @__PURE__ */ new Map,u=n(e,t);for(let e of u)l.set(e.name,[]);l.set(void 0,[]);for(let t of e.findings){let e=t.subject.kind===`tool`?t.subject.name:void 0,n=l.get(e);n||l.set(e,n=[]),n.push(t)}let d=new Map(u.map(e=>[e.name,e])),f=[...l].map(([n,o])=>{let c=s.map(s=>{let c=o.filter(e=>r.get(e.ruleId)?.category===s),l=y.find(e=>c.some(t=>t.level===e));return l?{category:s,status:l,findings:c}:{category:s,status:t.some(e=>e.category===s&&i.has(e.id)&&a(e)===(n!==void 0))&&e.handshake.ok?`pass`:`unchecked`,findings:[]}}),l=o.filter(e=>!r.has(e.ruleId)),u=n===void 0?void 0:d.get(n);return{...n===void 0?{}:{tool:n},...u?{score:u}:{},cells:c,uncategorised:l}}),p=f.findIndex(e=>e.tool===void 0);return{categories:s,rows:[...f.slice(0,p),...f.slice(p+1),f[p]]}}const x=(e,t)=>{let n=l(e),r=n.servers.length===1?`mcplint: ${n.servers[0].label}`:`mcplint: ${n.servers.length} servers`;return _`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${`default-src 'none'; style-src 'unsafe-inline'; img-src data:`}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${r}</title>
<style>${v(`
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
`)}</style>
</head>
<body>
<h1>${r}</h1>
<p class="muted">${n.tool.name} ${n.tool.version} · ${S(n)}</p>
${n.servers.length>1||n.skippedServers?.length?C(n):``}
${n.servers.map((e,n)=>w(e,`s${n}`,t))}
${L(n)}
</body>
</html>
`.text};function S(e){let n=t(e);return`${z(n.error,`error`)}, ${z(n.warning,`warning`)}, ${z(n.note,`note`)}`}function C(e){let t=e.skippedServers??[];return _`<table>
<tr><th>server</th><th>grade</th><th>score</th><th>errors</th><th>warnings</th><th>notes</th></tr>
${e.servers.map((e,t)=>_`<tr><td><a href="#s${t}">${e.label}</a></td><td>${e.score.grade}</td><td class="num">${e.score.score}</td><td class="num">${e.counts.error}</td><td class="num">${e.counts.warning}</td><td class="num">${e.counts.note}</td></tr>\n`)}</table>
${t.length>0&&_`<p><strong>${z(t.length,`server`)} skipped (not linted):</strong></p>
<ul>${t.map(e=>_`<li><code>${e.name}</code>: ${e.reason}</li>`)}</ul>`}`}function w(e,t,n){let r=b(e,n.rules);return _`<section id="${t}">
<h2>${e.label}</h2>
<div class="scoreline"><span class="grade grade-${e.score.grade}" title="grade">${e.score.grade}</span>
<span class="score">${e.score.score}/100</span>
<span>${z(e.counts.error,`error`)} · ${z(e.counts.warning,`warning`)} · ${z(e.counts.note,`note`)}</span></div>
${e.score.cappedBy&&_`<p class="muted">Score capped: ${e.score.cappedBy}</p>`}
<p class="muted">${T(e)}</p>
${!e.handshake.ok&&_`<p class="level-error">Handshake failed: ${e.handshake.message??`no reason given`}</p>`}
${E(e)}
${D(e,n.rules)}
<h3>Tools × rule categories</h3>
${A(r.categories,r.rows,t)}
<h3>Quality checklist</h3>
${F(e,n)}
<h3>Findings</h3>
${e.findings.length===0?_`<p>${(e.baselined?.length??0)>0?`No new problems.`:`No problems found.`}</p>`:r.rows.map((e,n)=>N(e,`${t}-r${n}`))}
${I(e)}
${e.notes.map(e=>_`<p class="muted">Note: ${e}</p>`)}
</section>
`}function T(e){let t=[e.transport];if(e.handshake.ok){e.handshake.protocolVersion&&t.push(`protocol ${e.handshake.protocolVersion}`);let{tools:n,prompts:r,resources:i,resourceTemplates:a}=e.stats;t.push([z(n,`tool`),z(r,`prompt`),z(i,`resource`),...a?[z(a,`resource template`)]:[]].join(`, `))}return t.push(`${(e.stats.durationMs/1e3).toFixed(1)} s`),t.join(` · `)}function E(e){let t=e.baselined?.length??0;return e.ignored.length===0&&t===0?``:_`<p class="muted">${[...e.ignored.length>0?[`ignored: ${z(e.ignored.length,`finding`)} (reasons in config)`]:[],...t>0?[`baselined: ${z(t,`known finding`)} (not failing the run, still counted in the score)`]:[]].join(` · `)}</p>`}function D(e,t){let n=d(e,t);return n.length===0?``:_`<h3>Top fixes</h3>
<table><tr><th>points</th><th>rule</th><th>failing</th></tr>
${n.map(e=>_`<tr><td class="num">${f(e.points)}</td><td>${R(e.ruleId)}</td><td>${u(e)}</td></tr>\n`)}</table>`}const O={error:`✗`,warning:`⚠`,note:`ℹ`,pass:`✓`,unchecked:`–`},k={error:`failure`,warning:`warning`,note:`note`,pass:`pass`,unchecked:`not checked`};function A(e,t,n){return e.length===0?_`<p class="muted">No rule ran on this server.</p>`:_`<p class="muted">${[`pass`,`error`,`warning`,`note`,`unchecked`].map(e=>_`<span class="c-${e}">${O[e]} ${k[e]}</span> `)}</p>
<div class="matrix"><table>
<tr><th>tool</th><th>score</th>${e.map(e=>_`<th>${e}</th>`)}</tr>
${t.map((e,t)=>_`<tr><th>${M(e)}</th><td class="num">${e.score?`${e.score.score} (${e.score.grade})`:``}</td>${e.cells.map(e=>j(e,`${n}-r${t}`))}</tr>\n`)}</table></div>`}function j(e,t){if(e.findings.length===0)return _`<td class="c-${e.status}">${O[e.status]}</td>`;let n=`${e.category}: ${k[e.status]} (${z(e.findings.length,`finding`)})`;return _`<td class="c-${e.status}" title="${n}"><a href="#${t}-${e.category}">${O[e.status]} ${e.findings.length}</a></td>`}function M(e){return e.tool===void 0?_`<span class="muted">server, prompts, resources</span>`:_`<code>${e.tool}</code>`}function N(e,t){let n=[...e.cells.filter(e=>e.findings.length>0).map(e=>({id:`${t}-${e.category}`,name:e.category,findings:e.findings})),...e.uncategorised.length>0?[{id:`${t}-other`,name:`other`,findings:e.uncategorised}]:[]];return n.length===0?``:_`<h4 id="${t}">${e.tool===void 0?`server, prompts, resources`:_`tool <code>${e.tool}</code>`}</h4>
${n.map(t=>_`<div id="${t.id}"><p class="muted">${t.name}</p>
<ol class="findings">${t.findings.map(t=>P(t,e.tool===void 0))}</ol></div>`)}`}function P(t,n){let i=t.subject,a=i.kind!==`server`&&i.kind!==`transport`?i.pointer:void 0,o=t.evidence?.trim(),s=`${t.location.uri}:${t.location.startLine}`;return _`<li><span class="level-${t.level}">${t.level}</span> ${R(t.ruleId)}
${n&&_`<span>${e(i)}</span>`} ${a&&_`<code>${a}</code>`}
<div>${t.message}</div>
<div class="where muted">${s}</div>
${o&&_`<pre>${r(o,4e3,{fit:!0})}</pre>`}</li>
`}function F(e,t){let n=o(e,t),r=n.filter(e=>e.status!==`unchecked`);return _`<p>${r.filter(e=>e.status===`pass`).length} of ${r.length} checkable items pass.</p>
${a.map(e=>{let t=n.filter(t=>t.item.section===e);return t.length===0?``:_`<h4>${e}</h4>
<ul class="checklist">${t.map(e=>_`<li data-item="${e.item.id}" data-status="${e.status}"><span class="mark mark-${e.status}">${s[e.status]}</span>${e.item.text}${e.detail&&_` <span class="muted">(${e.detail})</span>`}</li>\n`)}</ul>`})}`}function I(e){return e.skipped.length===0?``:_`<details><summary>${z(e.skipped.length,`skipped rule`)}</summary>
<ul>${e.skipped.map(e=>_`<li><code>${e.ruleId}</code>: ${e.reason}</li>`)}</ul></details>`}function L(e){let t=e.baseline;return!t||t.stale.length===0?``:_`<details><summary>${t.stale.length} stale baseline ${t.stale.length===1?`entry`:`entries`} in ${t.file} (no longer found; remove with <code>--update-baseline</code>)</summary>
<ul>${t.stale.map(e=>_`<li><code>${e.rule}</code> <code>${e.subject}</code>: ${e.message}</li>`)}</ul></details>`}function R(e){return _`<a href="${i(e)}"><code>${e}</code></a>`}function z(e,t){return`${e} ${t}${e===1?``:`s`}`}export{x as htmlReport};
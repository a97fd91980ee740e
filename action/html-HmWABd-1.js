import{o as e}from"./rule-X6ncWV8B.js";import{c as t,l as n,r,u as i}from"./report-BJLxdtCZ.js";import{n as a,t as o}from"./text-BBI06LAv.js";import{r as s}from"./version-DtdHz2n-.js";import{t as c}from"./rule-link-yxOVrrYu.js";import{i as l,r as u,t as d}from"./checklist-BNFAQBd7.js";import{r as f}from"./inert-BkXo2wNV.js";import{i as p}from"./score-cIkBjUG_.js";import{t as m}from"./inert-report-BJhDMFK4.js";import{n as h,r as g,t as _}from"./top-fixes-B571EdYn.js";var v=class{text;constructor(e){this.text=e}toString(){return this.text}};const y={"&":`&amp;`,"<":`&lt;`,">":`&gt;`,'"':`&quot;`,"'":`&#39;`};function b(e){return f(e.replace(/[&<>"']/g,e=>y[e]))}function x(e){return e instanceof v?e.text:Array.isArray(e)?e.map(x).join(``):e===!1||e==null?``:b(String(e))}function S(e,...t){let n=e[0];for(let r=0;r<t.length;r++)n+=x(t[r])+e[r+1];return new v(n)}function C(e){return new v(e)}const w=[`error`,`warning`,`note`];function T(e,n){let r=new Map(n.map(e=>[e.id,e])),i=new Set(e.ran),a=e=>p(e)===`tools`||p(e)===`parameters`,o=/* @__PURE__ */ new Set;for(let t of[...e.ran,...e.findings.map(e=>e.ruleId)]){let e=r.get(t);e&&o.add(e.category)}let s=[...new Set(n.map(e=>e.category))].filter(e=>o.has(e)),c=/* @__PURE__ */ new Map,l=t(e,n);for(let e of l)c.set(e.name,[]);c.set(void 0,[]);for(let t of e.findings){let e=t.subject.kind===`tool`?t.subject.name:void 0,n=c.get(e);n||c.set(e,n=[]),n.push(t)}let u=new Map(l.map(e=>[e.name,e])),d=[...c].map(([t,o])=>{let c=s.map(s=>{let c=o.filter(e=>r.get(e.ruleId)?.category===s),l=w.find(e=>c.some(t=>t.level===e));return l?{category:s,status:l,findings:c}:{category:s,status:n.some(e=>e.category===s&&i.has(e.id)&&a(e)===(t!==void 0))&&e.handshake.ok?`pass`:`unchecked`,findings:[]}}),l=o.filter(e=>!r.has(e.ruleId)),d=t===void 0?void 0:u.get(t);return{...t===void 0?{}:{tool:t},...d?{score:d}:{},cells:c,uncategorised:l}}),f=d.findIndex(e=>e.tool===void 0);return{categories:s,rows:[...d.slice(0,f),...d.slice(f+1),d[f]]}}const E=(e,t)=>{let n=m(e),r=n.servers.length===1?`mcplint: ${n.servers[0].label}`:`mcplint: ${n.servers.length} servers`;return S`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${`default-src 'none'; style-src 'unsafe-inline'; img-src data:`}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${r}</title>
<style>${C(`
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
<p class="muted">${n.tool.name} ${n.tool.version} · ${D(n)}</p>
${n.servers.length>1||n.skippedServers?.length?O(n):``}
${n.servers.map((e,n)=>k(e,`s${n}`,t))}
${H(n)}
</body>
</html>
`.text};function D(e){let t=n(e);return`${a(t.error,`error`)}, ${a(t.warning,`warning`)}, ${a(t.note,`note`)}`}function O(e){let t=e.skippedServers??[];return S`<table>
<tr><th>server</th><th>grade</th><th>score</th><th>errors</th><th>warnings</th><th>notes</th></tr>
${e.servers.map((e,t)=>S`<tr><td><a href="#s${t}">${e.label}</a></td><td>${e.score.grade}</td><td class="num">${e.score.score}</td><td class="num">${e.counts.error}</td><td class="num">${e.counts.warning}</td><td class="num">${e.counts.note}</td></tr>\n`)}</table>
${t.length>0&&S`<p><strong>${a(t.length,`server`)} skipped (not linted):</strong></p>
<ul>${t.map(e=>S`<li><code>${e.name}</code>: ${e.reason}</li>`)}</ul>`}`}function k(e,t,n){let r=T(e,n.rules);return S`<section id="${t}">
<h2>${e.label}</h2>
<div class="scoreline"><span class="grade grade-${e.score.grade}" title="grade">${e.score.grade}</span>
<span class="score">${e.score.score}/100</span>
<span>${a(e.counts.error,`error`)} · ${a(e.counts.warning,`warning`)} · ${a(e.counts.note,`note`)}</span></div>
${e.score.cappedBy&&S`<p class="muted">Score capped: ${e.score.cappedBy}</p>`}
<p class="muted">${A(e)}</p>
${!e.handshake.ok&&S`<p class="level-error">Handshake failed: ${e.handshake.message??`no reason given`}</p>`}
${j(e)}
${M(e,n.rules)}
<h3>Tools × rule categories</h3>
${F(r.categories,r.rows,t)}
<h3>Quality checklist</h3>
${B(e,n)}
<h3>Findings</h3>
${e.findings.length===0?S`<p>${(e.baselined?.length??0)>0?`No new problems.`:`No problems found.`}</p>`:r.rows.map((e,r)=>R(e,`${t}-r${r}`,n.rules))}
${V(e)}
${e.notes.map(e=>S`<p class="muted">Note: ${e}</p>`)}
</section>
`}function A(e){let t=[i(e.transport)];return e.handshake.ok&&(e.handshake.protocolVersion&&t.push(`protocol ${e.handshake.protocolVersion}`),t.push(r(e.stats))),t.push(`${(e.stats.durationMs/1e3).toFixed(1)} s`),t.join(` · `)}function j(e){let t=e.baselined?.length??0;return e.ignored.length===0&&t===0?``:S`<p class="muted">${[...e.ignored.length>0?[`ignored: ${a(e.ignored.length,`finding`)} (reasons in config)`]:[],...t>0?[`baselined: ${a(t,`known finding`)} (not failing the run, still counted in the score)`]:[]].join(` · `)}</p>`}function M(e,t){let n=g(e,t);return n.length===0?``:S`<h3>Top fixes</h3>
<table><tr><th>points</th><th>rule</th><th>failing</th></tr>
${n.map(e=>S`<tr><td class="num">${_(e.points)}</td><td>${U(e.ruleId,t)}</td><td>${h(e)}</td></tr>\n`)}</table>`}const N={error:`✗`,warning:`⚠`,note:`ℹ`,pass:`✓`,unchecked:`–`},P={error:`failure`,warning:`warning`,note:`note`,pass:`pass`,unchecked:`not checked`};function F(e,t,n){return e.length===0?S`<p class="muted">No rule ran on this server.</p>`:S`<p class="muted">${[`pass`,`error`,`warning`,`note`,`unchecked`].map(e=>S`<span class="c-${e}">${N[e]} ${P[e]}</span> `)}</p>
<div class="matrix"><table>
<tr><th>tool</th><th>score</th>${e.map(e=>S`<th>${e}</th>`)}</tr>
${t.map((e,t)=>S`<tr><th>${L(e)}</th><td class="num">${e.score?`${e.score.score} (${e.score.grade})`:``}</td>${e.cells.map(e=>I(e,`${n}-r${t}`))}</tr>\n`)}</table></div>`}function I(e,t){if(e.findings.length===0)return S`<td class="c-${e.status}">${N[e.status]}</td>`;let n=`${e.category}: ${P[e.status]} (${a(e.findings.length,`finding`)})`;return S`<td class="c-${e.status}" title="${n}"><a href="#${t}-${e.category}">${N[e.status]} ${e.findings.length}</a></td>`}function L(e){return e.tool===void 0?S`<span class="muted">server, prompts, resources</span>`:S`<code>${e.tool}</code>`}function R(e,t,n){let r=[...e.cells.filter(e=>e.findings.length>0).map(e=>({id:`${t}-${e.category}`,name:e.category,findings:e.findings})),...e.uncategorised.length>0?[{id:`${t}-other`,name:`other`,findings:e.uncategorised}]:[]];return r.length===0?``:S`<h4 id="${t}">${e.tool===void 0?`server, prompts, resources`:S`tool <code>${e.tool}</code>`}</h4>
${r.map(t=>S`<div id="${t.id}"><p class="muted">${t.name}</p>
<ol class="findings">${t.findings.map(t=>z(t,e.tool===void 0,n))}</ol></div>`)}`}function z(t,n,r){let i=t.subject,a=i.kind!==`server`&&i.kind!==`transport`?i.pointer:void 0,s=t.evidence?.trim(),c=`${t.location.uri}:${t.location.startLine}`;return S`<li><span class="level-${t.level}">${t.level}</span> ${U(t.ruleId,r)}
${n&&S`<span>${e(i)}</span>`} ${a&&S`<code>${a}</code>`}
<div>${t.message}</div>
<div class="where muted">${c}</div>
${s&&S`<pre>${o(s,4e3,{fit:!0})}</pre>`}</li>
`}function B(e,t){let n=u(e,t),r=n.filter(e=>e.status!==`unchecked`);return S`<p>${r.filter(e=>e.status===`pass`).length} of ${r.length} checkable items pass.</p>
${l.map(e=>{let t=n.filter(t=>t.item.section===e);return t.length===0?``:S`<h4>${e}</h4>
<ul class="checklist">${t.map(e=>S`<li data-item="${e.item.id}" data-status="${e.status}"><span class="mark mark-${e.status}">${d[e.status]}</span>${e.item.text}${e.detail&&S` <span class="muted">(${e.detail})</span>`}</li>\n`)}</ul>`})}`}function V(e){return e.skipped.length===0?``:S`<details><summary>${a(e.skipped.length,`skipped rule`)}</summary>
<ul>${e.skipped.map(e=>S`<li><code>${e.ruleId}</code>: ${e.reason}</li>`)}</ul></details>`}function H(e){let t=e.baseline;return!t||t.stale.length===0?``:S`<details><summary>${t.stale.length} stale baseline ${t.stale.length===1?`entry`:`entries`} in ${t.file} (no longer found; remove with <code>--update-baseline</code>)</summary>
<ul>${t.stale.map(e=>S`<li><code>${e.rule}</code> <code>${e.subject}</code>: ${e.message}</li>`)}</ul></details>`}function U(e,t){return c(e,t)?S`<a href="${s(e)}"><code>${e}</code></a>`:S`<code>${e}</code>`}export{E as htmlReport};
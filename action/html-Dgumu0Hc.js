import{s as e}from"./rule--egtdov0.js";import{d as t,l as n,o as r,r as i,u as a}from"./report-ra89uDWJ.js";import{n as o}from"./text-BBI06LAv.js";import{r as s}from"./version-DtdHz2n-.js";import{t as c}from"./rule-link-yxOVrrYu.js";import{i as l,r as u,t as d}from"./checklist-B_ISD6Jj.js";import{r as f}from"./inert-BkXo2wNV.js";import{d as p}from"./score-DSVZ9ETE.js";import{c as m,i as h,n as g,o as _,r as v,t as y}from"./top-fixes-BXdLhQZL.js";import{t as b}from"./evidence-BkO72Mqq.js";import{t as x}from"./inert-report-BW_M6-oz.js";var S=class{text;constructor(e){this.text=e}toString(){return this.text}};const C={"&":`&amp;`,"<":`&lt;`,">":`&gt;`,'"':`&quot;`,"'":`&#39;`};function w(e){return f(e.replace(/[&<>"']/g,e=>C[e]))}function T(e){return e instanceof S?e.text:Array.isArray(e)?e.map(T).join(``):e===!1||e==null?``:w(String(e))}function E(e,...t){let n=e[0];for(let r=0;r<t.length;r++)n+=T(t[r])+e[r+1];return new S(n)}function D(e){return new S(e)}function O(e,t){let i=new Map(t.map(e=>[e.id,e])),a=r(e,t),o=[...e.findings,...e.baselined??[]],s=/* @__PURE__ */ new Set;for(let t of[...e.ran,...o.map(e=>e.ruleId)]){let e=i.get(t);e&&s.add(e.category)}let c=[...new Set(t.map(e=>e.category))].filter(e=>s.has(e)),l={tools:/* @__PURE__ */ new Set,server:/* @__PURE__ */ new Set};if(e.handshake.ok)for(let e of a.rules)l[p(e.rule)?`tools`:`server`].add(e.rule.category);let u=(e,t,n)=>{let r=c.map(n=>{let r=h(t.filter(e=>i.get(e.ruleId)?.category===n));return r.length>0?{category:n,status:r[0].level,findings:r}:{category:n,status:l[e===void 0?`server`:`tools`].has(n)?`pass`:`unchecked`,findings:[]}}),a=t.filter(e=>!i.has(e.ruleId));return{...e===void 0?{}:{tool:e},...n?{score:n}:{},cells:r,uncategorised:a}},d=new Map(n(e,t).map(e=>[e.name,e])),f=a.tools.map(e=>u(e.name,e.findings,d.get(e.name))),m=o.filter(e=>{if(e.subject.kind!==`tool`)return!0;let t=i.get(e.ruleId);return t!==void 0&&!p(t)});f.push(u(void 0,m));let g=new Map(a.tools.map((e,t)=>[e.name,t])),_=f.length-1,v=/* @__PURE__ */ new Map;for(let e of o)v.set(e,e.subject.kind===`tool`?g.get(e.subject.name)??_:_);return{categories:c,rows:f,listedIn:v}}const k=(e,t)=>{let n=x(e),r=n.servers.length===1?`mcplint: ${n.servers[0].label}`:`mcplint: ${n.servers.length} servers`;return E`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${`default-src 'none'; style-src 'unsafe-inline'; img-src data:`}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${r}</title>
<style>${D(`
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
<p class="muted">${n.tool.name} ${n.tool.version} · ${A(n)}</p>
${n.servers.length>1||n.skippedServers?.length?j(n):``}
${n.servers.map((e,n)=>M(e,`s${n}`,t))}
${J(n)}
</body>
</html>
`.text};function A(e){let t=a(e);return`${o(t.error,`error`)}, ${o(t.warning,`warning`)}, ${o(t.note,`note`)}`}function j(e){let t=e.skippedServers??[];return E`<table>
<tr><th>server</th><th>grade</th><th>score</th><th>errors</th><th>warnings</th><th>notes</th></tr>
${e.servers.map((e,t)=>E`<tr><td><a href="#s${t}">${e.label}</a></td><td>${e.score.grade}</td><td class="num">${e.score.score}</td><td class="num">${e.counts.error}</td><td class="num">${e.counts.warning}</td><td class="num">${e.counts.note}</td></tr>\n`)}</table>
${t.length>0&&E`<p><strong>${o(t.length,`server`)} skipped (not linted):</strong></p>
<ul>${t.map(e=>E`<li><code>${e.name}</code>: ${e.reason}</li>`)}</ul>`}`}function M(e,t,n){let r=O(e,n.rules);return E`<section id="${t}">
<h2>${e.label}</h2>
<div class="scoreline"><span class="grade grade-${e.score.grade}" title="grade">${e.score.grade}</span>
<span class="score">${e.score.score}/100</span>
<span>${o(e.counts.error,`error`)} · ${o(e.counts.warning,`warning`)} · ${o(e.counts.note,`note`)}</span></div>
${e.score.cappedBy&&E`<p class="muted">Score capped: ${e.score.cappedBy}</p>`}
<p class="muted">${N(e)}</p>
${!e.handshake.ok&&E`<p class="level-error">Handshake failed: ${e.handshake.message??`no reason given`}</p>`}
${P(e)}
${F(e,n.rules)}
<h3>Tools × rule categories</h3>
${R(r.categories,r.rows,t)}
<h3>Quality checklist</h3>
${K(e,n)}
<h3>Findings</h3>
${V(e,r,t,n.rules)}
${q(e)}
${e.notes.map(e=>E`<p class="muted">Note: ${e}</p>`)}
</section>
`}function N(e){let n=[t(e.transport)];return e.handshake.ok&&(e.handshake.protocolVersion&&n.push(`protocol ${e.handshake.protocolVersion}`),n.push(i(e.stats))),n.push(`${(e.stats.durationMs/1e3).toFixed(1)} s`),n.join(` · `)}function P(e){let t=e.baselined?.length??0;return e.ignored.length===0&&t===0?``:E`<p class="muted">${[...e.ignored.length>0?[`ignored: ${o(e.ignored.length,`finding`)} (reasons in config)`]:[],...t>0?[`baselined: ${o(t,`known finding`)} (not failing the run, still counted in the score)`]:[]].join(` · `)}</p>`}function F(e,t){let n=v(e,t);return n.length===0?``:E`<h3>Top fixes</h3>
<table><tr><th>points</th><th>rule</th><th>failing</th></tr>
${n.map(e=>E`<tr><td class="num">${y(e.points)}</td><td>${Y(e.ruleId,t)}</td><td>${g(e)}</td></tr>\n`)}</table>`}const I={error:`✗`,warning:`⚠`,note:`ℹ`,pass:`✓`,unchecked:`–`},L={error:`failure`,warning:`warning`,note:`note`,pass:`pass`,unchecked:`not checked`};function R(e,t,n){return e.length===0?E`<p class="muted">No rule ran on this server.</p>`:E`<p class="muted">${[`pass`,`error`,`warning`,`note`,`unchecked`].map(e=>E`<span class="c-${e}">${I[e]} ${L[e]}</span> `)}</p>
<div class="matrix"><table>
<tr><th>tool</th><th>score</th>${e.map(e=>E`<th>${e}</th>`)}</tr>
${t.map((e,t)=>E`<tr><th>${B(e)}</th><td class="num">${e.score?`${e.score.score} (${e.score.grade})`:``}</td>${e.cells.map(e=>z(e,`${n}-r${t}`))}</tr>\n`)}</table></div>`}function z(e,t){if(e.findings.length===0)return E`<td class="c-${e.status}">${I[e.status]}</td>`;let n=`${e.category}: ${L[e.status]} (${o(e.findings.length,`finding`)})`;return E`<td class="c-${e.status}" title="${n}"><a href="#${t}-${e.category}">${I[e.status]} ${e.findings.length}</a></td>`}function B(e){return e.tool===void 0?E`<span class="muted">server, prompts, resources</span>`:E`<code>${e.tool}</code>`}function V(e,t,n,r){let i=new Set(e.baselined??[]),a=e.findings.length>0?``:i.size>0?E`<p>No new problems; the known findings below are in the baseline and still count in the score.</p>`:E`<p>No problems found.</p>`,o=t.rows.map((e,t)=>({row:e,r:t,rank:_(e.cells.flatMap(e=>e.findings).concat(e.uncategorised))}));return o.sort((e,t)=>e.rank-t.rank||e.r-t.r),E`${a}${o.map(({row:e,r:a})=>H(e,a,`${n}-r`,t,i,r))}`}function H(e,t,n,r,i,a){let o=[...e.cells.filter(e=>e.findings.length>0).map(e=>({id:`${n}${t}-${e.category}`,name:e.category,category:e.category,findings:e.findings})),...e.uncategorised.length>0?[{id:`${n}${t}-other`,name:`other`,category:void 0,findings:e.uncategorised}]:[]];return o.length===0?``:(o.sort((e,t)=>_(e.findings)-_(t.findings)),E`<h4 id="${n}${t}">${e.tool===void 0?`server, prompts, resources`:E`tool <code>${e.tool}</code>`}</h4>
${o.map(o=>E`<div id="${o.id}"><p class="muted">${o.name}</p>
<ol class="findings">${o.findings.map(s=>{let c=r.listedIn.get(s)??t;return c===t||o.category===void 0?W(s,e.tool===void 0,i.has(s),a):U(s,`${n}${c}-${o.category}`,c===r.rows.length-1,i.has(s))})}</ol></div>`)}`)}function U(t,n,r,i){return E`<li class="also"><span class="level-${t.level}">${t.level}</span> <a href="#${n}"><code>${t.ruleId}</code></a>${i?` (baselined)`:``}, about ${r?`the server as a whole`:e(t.subject)}</li>
`}function W(t,n,r,i){let a=t.subject,o=a.kind!==`server`&&a.kind!==`transport`?a.pointer:void 0,s=t.evidence?.trim(),c=`${t.location.uri}:${t.location.startLine}`;return E`<li><span class="level-${t.level}">${t.level}</span> ${Y(t.ruleId,i)}${r?` (baselined)`:``}
${n&&E`<span>${e(a)}</span>`} ${o&&E`<code>${o}</code>`}
<div>${t.message}</div>
<div class="where muted">${c}</div>
${s&&E`<pre>${b(s).join(`
`)}</pre>`}${G(t,i)}</li>
`}function G(e,t){let n=m(e,t);return n?E`<div class="muted">${n}</div>`:``}function K(e,t){let n=u(e,t),r=n.filter(e=>e.status!==`unchecked`);return E`<p>${r.filter(e=>e.status===`pass`).length} of ${r.length} checkable items pass.</p>
${l.map(e=>{let t=n.filter(t=>t.item.section===e);return t.length===0?``:E`<h4>${e}</h4>
<ul class="checklist">${t.map(e=>E`<li data-item="${e.item.id}" data-status="${e.status}"><span class="mark mark-${e.status}">${d[e.status]}</span>${e.item.text}${e.detail&&E` <span class="muted">(${e.detail})</span>`}</li>\n`)}</ul>`})}`}function q(e){let t=e.skippedTools??[],n=new Set(t.map(e=>e.tool)).size;return E`${e.skipped.length>0&&E`<details><summary>${o(e.skipped.length,`skipped rule`)}</summary>
<ul>${e.skipped.map(e=>E`<li><code>${e.ruleId}</code>: ${e.reason}</li>`)}</ul></details>`}${t.length>0&&E`<details><summary>${o(n,`skipped tool`)} (not called by a probe)</summary>
<ul>${t.map(e=>E`<li><code>${e.tool}</code> (${e.probes.join(`, `)}): ${e.reason}</li>`)}</ul></details>`}`}function J(e){let t=e.baseline;return!t||t.stale.length===0?``:E`<details><summary>${t.stale.length} stale baseline ${t.stale.length===1?`entry`:`entries`} in ${t.file} (no longer found; remove with <code>--update-baseline</code>)</summary>
<ul>${t.stale.map(e=>E`<li><code>${e.rule}</code> <code>${e.subject}</code>: ${e.message}</li>`)}</ul></details>`}function Y(e,t){return c(e,t)?E`<a href="${s(e)}"><code>${e}</code></a>`:E`<code>${e}</code>`}export{k as htmlReport};
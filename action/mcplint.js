#!/usr/bin/env node
import{n as e}from"./inert-BkXo2wNV.js";import{n as t}from"./version-DtdHz2n-.js";import{constants as n}from"node:os";const r=/* @__PURE__ */ new Set([`EPIPE`,`ERR_STREAM_DESTROYED`]);function i(e=process.stdout){e.on(`error`,e=>{if(!r.has(e.code??``))throw e})}const a=[`SIGINT`,`SIGTERM`,`SIGHUP`];function o(){for(let e of a)process.once(e,()=>void c(e))}function s(e){return 128+n.signals[e]}async function c(t){let{killAll:n,liveProgress:r}=await import(`./reaper-sbVBNrB1.js`),i=r();n();let a=[``,`mcplint: interrupted (${t}); the server process tree was stopped.`];for(let t of i){a.push(e(`Partial report for ${t.label}:`)),a.push(`  phase ${t.phase}${t.waitingFor?`, waiting for ${e(t.waitingFor)}`:``} after ${(t.elapsedMs/1e3).toFixed(1)} s; ${t.frames} frame${t.frames===1?``:`s`} recorded (${t.messagesReceived} message${t.messagesReceived===1?``:`s`} received, ${t.noiseLines} non-protocol stdout line${t.noiseLines===1?``:`s`})`);for(let n of t.notes)a.push(`  note: ${e(n)}`)}try{process.stderr.write(a.join(`
`)+`
<<<<<<< HEAD
`)}catch{}process.exit(s(t))}const l=process.argv.slice(2);l.length===1&&(l[0]===`--version`||l[0]===`-v`)?process.stdout.write(`${t}\n`):(o(),i(),import(`./main-BATYvBoT.js`).then(({run:e})=>e(l)).then(e=>{process.exitCode=e}));export{};
=======
`)}catch{}process.exit(s(t))}const l=process.argv.slice(2);l.length===1&&(l[0]===`--version`||l[0]===`-v`)?process.stdout.write(`${t}\n`):(o(),i(),import(`./main-BpSPS039.js`).then(({run:e})=>e(l)).then(e=>{process.exitCode=e}));export{};
>>>>>>> didyoumean
